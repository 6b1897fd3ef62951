import type { Request, RequestHandler } from 'express';
import { User } from '../models';
import { unauthorized } from '../errors';

/** What the signed cookie carries: never more than ids and numbers. */
export interface SessionPayload {
  uid: number;
  ver: number;
  /** issued at, epoch ms */
  iat: number;
}

export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

declare module 'express-serve-static-core' {
  interface Request {
    user?: User;
  }
}

function readPayload(req: Request): SessionPayload | null {
  const session = req.session as Partial<SessionPayload> | null | undefined;
  if (!session || typeof session.uid !== 'number' || typeof session.ver !== 'number') return null;
  if (typeof session.iat !== 'number') return null;
  return { uid: session.uid, ver: session.ver, iat: session.iat };
}

/**
 * cookie-session alone cannot revoke a cookie, so the cookie's version is checked against the
 * user's current one: logout and password resets bump it, and every older cookie stops working.
 */
export async function resolveSessionUser(req: Request): Promise<User | null> {
  const payload = readPayload(req);
  if (!payload) return null;
  if (Date.now() - payload.iat > SESSION_MAX_AGE_MS) return null;
  const user = await User.findByPk(payload.uid);
  if (!user || user.sessionVersion !== payload.ver) return null;
  return user;
}

export function startSession(req: Request, user: User): void {
  req.session = { uid: user.id, ver: user.sessionVersion, iat: Date.now() };
}

export const requireAdmin: RequestHandler = async (req, _res, next) => {
  const user = await resolveSessionUser(req);
  if (!user) {
    req.session = null;
    throw unauthorized();
  }
  req.user = user;
  next();
};
