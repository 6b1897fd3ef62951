import cookieSession from 'cookie-session';
import type { Request, RequestHandler } from 'express';
import type { AppConfig } from '../config';
import { User } from '../models';
import { unauthorized } from '../errors';

/** The back office's signed session cookie (cookie-session writes `dr_session` and `.sig`). */
export const SESSION_COOKIE = 'dr_session';
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

type SessionConfig = Pick<AppConfig, 'sessionSecret' | 'env' | 'desktopOrigins'>;

/** httpOnly, SameSite=Lax, Secure in production, 12 hours (DESIGN.md, Auth). */
export function sessionCookieOptions(
  config: SessionConfig,
): CookieSessionInterfaces.CookieSessionOptions {
  return {
    name: SESSION_COOKIE,
    keys: [config.sessionSecret],
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env === 'production',
    maxAge: SESSION_MAX_AGE_MS,
  };
}

/**
 * Reads and writes the session cookie on /api/admin. The desktop app calls from its own
 * origin, which needs a cross-site cookie; browsers only keep SameSite=None cookies that are
 * Secure, so that applies over TLS.
 */
export function adminSession(config: SessionConfig): RequestHandler[] {
  return [
    cookieSession(sessionCookieOptions(config)),
    (req, _res, next) => {
      const origin = req.get('origin');
      if (origin && req.secure && config.desktopOrigins.includes(origin) && req.sessionOptions) {
        req.sessionOptions.sameSite = 'none';
        req.sessionOptions.secure = true;
      }
      next();
    },
  ];
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
