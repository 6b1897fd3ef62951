import { createHash, randomBytes } from 'node:crypto';
import cookieSession from 'cookie-session';
import type { Request, RequestHandler } from 'express';
import { Op, type Transaction } from 'sequelize';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import type { AdminSession, User } from '../db/models';
import { unauthorized } from '../errors';
import { runAs, type AuditActor } from '../audit/log';

/** The back office's signed session cookie (cookie-session writes `dr_session` and `.sig`). */
export const SESSION_COOKIE = 'dr_session';
/** A session ends 12 hours after sign-in ... */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** ... or after 2 hours without a request. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often per session, so reads stay reads. */
export const SESSION_TOUCH_MS = 60 * 1000;
const USER_AGENT_MAX = 300;

/** What the signed cookie carries: the session's random token, nothing else. */
export interface SessionPayload {
  sid: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: User;
    adminSession?: AdminSession;
  }
}

type SessionConfig = Pick<AppConfig, 'sessionSecret' | 'env' | 'desktopOrigins'>;

/** httpOnly, SameSite=Lax, Secure in production, 12 hours (docs/contracts.md#auth). */
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

/** Only this hash of the cookie's token is stored. */
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

function readToken(req: Request): string | null {
  const session = req.session as Partial<SessionPayload> | null | undefined;
  const sid = session?.sid;
  return typeof sid === 'string' && /^[A-Za-z0-9_-]{43}$/.test(sid) ? sid : null;
}

/** The user agent as stored: trimmed, at most 300 characters. */
export const storedUserAgent = (req: Request) =>
  (req.get('user-agent') ?? '').trim().slice(0, USER_AGENT_MAX);

/** Whether a session row may still be used at `now`. */
export function isSessionLive(session: AdminSession, now = Date.now()): boolean {
  if (session.revokedAt) return false;
  if (now >= session.expiresAt.getTime()) return false;
  return now - session.lastSeenAt.getTime() < SESSION_IDLE_MS;
}

/** Starts a session for `user` inside the login's transaction and sets the cookie. */
export async function startSession(
  db: Database,
  req: Request,
  user: User,
  transaction: Transaction,
): Promise<AdminSession> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  // Sessions that can no longer be used are only clutter: a sign-in clears the user's.
  await db.models.AdminSession.destroy({
    where: { userId: user.id, expiresAt: { [Op.lt]: now } },
    transaction,
  });
  const session = await db.models.AdminSession.create(
    {
      tokenHash: hashSessionToken(token),
      userId: user.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
      userAgent: storedUserAgent(req),
      ip: req.ip ?? '',
    },
    { transaction },
  );
  req.session = { sid: token } satisfies SessionPayload;
  return session;
}

export interface ResolvedSession {
  user: User;
  session: AdminSession;
}

/**
 * The session the cookie names, when it is live and its user is not disabled. Marks it used
 * (at most once a minute).
 */
export async function resolveSession(db: Database, req: Request): Promise<ResolvedSession | null> {
  const token = readToken(req);
  if (!token) return null;
  const session = await db.models.AdminSession.findOne({
    where: { tokenHash: hashSessionToken(token) },
  });
  const now = Date.now();
  if (!session || !isSessionLive(session, now)) return null;
  const user = await db.models.User.findByPk(session.userId);
  if (!user || user.disabled) return null;
  if (now - session.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
    recordUse(db, session, new Date(now));
  }
  return { user, session };
}

/** The sessions whose use is being written, per database: one write per session at a time. */
const recording = new WeakMap<Database, Set<number>>();

/**
 * Writes a session's lastSeenAt without making its request wait. On SQLite the write waits for
 * the one writer, which a bulk import holds for minutes: every request of a signed-in staff
 * member, the import's own progress poll included, waited with it (a poll went unanswered for
 * over 300 s under load). The request sees its own use at once.
 */
function recordUse(db: Database, session: AdminSession, lastSeenAt: Date): void {
  session.lastSeenAt = lastSeenAt;
  let pending = recording.get(db);
  if (!pending) recording.set(db, (pending = new Set()));
  if (pending.has(session.id)) return;
  const sessions = pending.add(session.id);
  db.write((transaction) =>
    db.models.AdminSession.update(
      { lastSeenAt },
      { where: { id: session.id, revokedAt: null }, transaction },
    ),
  )
    .catch((error: unknown) => {
      console.error(
        `[sessions] the use of session ${session.id} was not recorded: ${String(error)}`,
      );
    })
    .finally(() => sessions.delete(session.id));
}

export async function resolveSessionUser(db: Database, req: Request): Promise<User | null> {
  return (await resolveSession(db, req))?.user ?? null;
}

/** The signed-in session, or a 401 that also clears a stale cookie. */
export async function sessionOr401(db: Database, req: Request): Promise<ResolvedSession> {
  const resolved = await resolveSession(db, req);
  if (!resolved) {
    req.session = null;
    throw unauthorized();
  }
  return resolved;
}

export async function sessionUserOr401(db: Database, req: Request): Promise<User> {
  return (await sessionOr401(db, req)).user;
}

/** Who the audit log names for this request. */
export const actorOf = (req: Request, user: User): AuditActor => ({
  userId: user.id,
  username: user.username,
  ip: req.ip ?? null,
});

/**
 * Every admin route after this runs as the signed-in user: the audit hooks read who acts
 * from this context.
 */
export function requireAdmin(db: Database): RequestHandler {
  return async (req, _res, next) => {
    const { user, session } = await sessionOr401(db, req);
    req.user = user;
    req.adminSession = session;
    runAs(actorOf(req, user), () => next());
  };
}

/**
 * Ends sessions of `userId` (all, or all but `exceptId`) inside `transaction`; returns how
 * many were live.
 */
export async function revokeUserSessions(
  db: Database,
  transaction: Transaction,
  userId: number,
  exceptId?: number,
): Promise<number> {
  const [count] = await db.models.AdminSession.update(
    { revokedAt: new Date() },
    {
      where: {
        userId,
        revokedAt: null,
        ...(exceptId === undefined ? {} : { id: { [Op.ne]: exceptId } }),
      },
      transaction,
    },
  );
  return count;
}
