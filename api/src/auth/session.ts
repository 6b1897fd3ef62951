import cookieSession from 'cookie-session';
import type { Request, RequestHandler } from 'express';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import type { User } from '../db/models';
import { unauthorized } from '../errors';

/** The back office's signed session cookie (cookie-session writes `dr_session` and `.sig`). */
export const SESSION_COOKIE = 'dr_session';
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/** What the signed cookie carries: never more than ids and numbers. */
export interface SessionPayload {
  uid: number;
  ver: number;
  /** issued at, epoch ms */
  iat: number;
}

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
export async function resolveSessionUser(db: Database, req: Request): Promise<User | null> {
  const payload = readPayload(req);
  if (!payload) return null;
  if (Date.now() - payload.iat > SESSION_MAX_AGE_MS) return null;
  const user = await db.models.User.findByPk(payload.uid);
  if (!user || user.sessionVersion !== payload.ver) return null;
  return user;
}

export function startSession(req: Request, user: User): void {
  req.session = { uid: user.id, ver: user.sessionVersion, iat: Date.now() };
}

/** The signed-in user, or a 401 that also clears a stale cookie. */
export async function sessionUserOr401(db: Database, req: Request): Promise<User> {
  const user = await resolveSessionUser(db, req);
  if (!user) {
    req.session = null;
    throw unauthorized();
  }
  return user;
}

export function requireAdmin(db: Database): RequestHandler {
  return async (req, _res, next) => {
    req.user = await sessionUserOr401(db, req);
    next();
  };
}
