import { Router } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { loginSchema } from '@shared/schemas';
import { route, validate } from '../middleware/validate';
import { unauthorized } from '../errors';
import type { AppContext } from '../context';
import { SharedCounters, SharedRateLimitStore } from '../lib/shared-limits';
import { verifyUserPassword } from './passwords';
import { presentUser } from './presenter';
import { appendAudit } from '../audit/log';
import { actorOf, requireAdmin, sessionUserOr401, startSession, storedUserAgent } from './session';
import { deviceLabel } from '@shared/rules/device';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export const INVALID_LOGIN = 'Invalid username or password';
/** The audit log's name for a failed login with a username no account has. */
export const UNKNOWN_USERNAME = '(tidak dikenal)';

/** IPv6 visitors own a whole /56 or so; keying on the full address would let them rotate. */
const addressKey = (ip: string | undefined) => (ip ? ipKeyGenerator(ip) : 'unknown');

function loginKey(ip: string | undefined, body: unknown): string {
  const username =
    typeof body === 'object' && body !== null && 'username' in body
      ? String((body as { username: unknown }).username)
          .trim()
          .slice(0, 64)
          .toLowerCase()
      : '';
  return `${addressKey(ip)}|${username}`;
}

export function authRoutes({ db }: AppContext): Router {
  const router = Router();
  // On PostgreSQL several processes may serve logins: the counts live in the database, so the
  // limits hold across all of them. SQLite is one process; its counts stay in memory.
  const counters = db.dialect === 'postgres' ? new SharedCounters(db) : null;
  const store = (prefix: string) =>
    counters ? { store: new SharedRateLimitStore(counters, prefix) } : {};

  // Guessing is slowed per address and username together, and per address overall, so one
  // visitor cannot lock out an admin from elsewhere. Only failed attempts count.
  const limitPerUser = rateLimit({
    windowMs: LOGIN_WINDOW_MS,
    limit: 10,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (req) => loginKey(req.ip, req.body),
    // addressKey applies ipKeyGenerator; the library cannot see that through the helper.
    validate: { keyGeneratorIpFallback: false },
    message: { message: 'Too many login attempts. Please try again later.' },
    ...store('login-user:'),
  });
  const limitPerAddress = rateLimit({
    windowMs: LOGIN_WINDOW_MS,
    limit: 50,
    skipSuccessfulRequests: true,
    standardHeaders: false,
    legacyHeaders: false,
    keyGenerator: (req) => `ip|${addressKey(req.ip)}`,
    validate: { keyGeneratorIpFallback: false },
    message: { message: 'Too many login attempts. Please try again later.' },
    ...store('login-ip:'),
  });

  router.post(
    '/login',
    limitPerAddress,
    limitPerUser,
    route(validate({ body: loginSchema }), async ({ body: { username, password } }, res, req) => {
      const user = await db.models.User.findOne({ where: { username } });
      const valid = await verifyUserPassword(password, user?.passwordHash);
      const device = deviceLabel(storedUserAgent(req));
      // A disabled account answers exactly like a wrong password (the same status, message and
      // bcrypt work), so the answer never tells that a password was right.
      if (!user || !valid || user.disabled) {
        await db.write((transaction) =>
          appendAudit(transaction, {
            // The account's name when it exists; what was typed for a name that does not may be
            // a password typed in the wrong field, and is not kept.
            actor: {
              userId: null,
              username: user?.username ?? UNKNOWN_USERNAME,
              ip: req.ip ?? null,
            },
            action: 'login_failed',
            entity: 'session',
            // Staff may know (the log is theirs); the one signing in may not.
            summary: user?.disabled && valid ? 'Masuk ditolak: akun dinonaktifkan' : 'Gagal masuk',
          }),
        );
        throw unauthorized(INVALID_LOGIN);
      }
      await db.write(async (transaction) => {
        const session = await startSession(db, req, user, transaction);
        await appendAudit(transaction, {
          actor: actorOf(req, user),
          action: 'login',
          entity: 'session',
          entityId: String(session.id),
          summary: `Masuk dari ${device}`,
        });
      });
      res.json({ user: presentUser(user) });
    }),
  );

  router.get('/me', async (req, res) => {
    res.json({ user: presentUser(await sessionUserOr401(db, req)) });
  });

  /** Ends this session only; the user's other sessions carry on. */
  router.post('/logout', requireAdmin(db), async (req, res) => {
    const session = req.adminSession!;
    await db.write(async (transaction) => {
      await db.models.AdminSession.update(
        { revokedAt: new Date() },
        { where: { id: session.id }, transaction },
      );
      await appendAudit(transaction, {
        action: 'logout',
        entity: 'session',
        entityId: String(session.id),
        summary: 'Keluar',
      });
    });
    req.session = null;
    res.json({ message: 'Logged out' });
  });

  return router;
}
