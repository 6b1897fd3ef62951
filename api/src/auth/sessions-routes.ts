import { Router } from 'express';
import { Op } from 'sequelize';
import type { AdminSessionInfo } from '@shared/types';
import { appendAudit } from '../audit/log';
import type { AppContext } from '../context';
import type { AdminSession } from '../db/models';
import { notFound } from '../errors';
import { idParams } from '../lib/params';
import { route, validate } from '../middleware/validate';
import { deviceLabel } from '@shared/rules/device';
import { isSessionLive, revokeUserSessions } from './session';

const presentSession = (session: AdminSession, currentId: number): AdminSessionInfo => ({
  id: String(session.id),
  current: session.id === currentId,
  createdAt: session.createdAt.toISOString(),
  lastSeenAt: session.lastSeenAt.toISOString(),
  userAgent: session.userAgent,
  ip: session.ip,
});

/** The signed-in user's own sessions: list them, end one, end all but this one. */
export function sessionRoutes({ db }: AppContext): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const current = req.adminSession!;
    const sessions = await db.models.AdminSession.findAll({
      where: { userId: req.user!.id, revokedAt: null, expiresAt: { [Op.gt]: new Date() } },
      order: [
        ['lastSeenAt', 'DESC'],
        ['id', 'DESC'],
      ],
    });
    const now = Date.now();
    // This request's own session as the request knows it: its use may still be being written.
    const listed = sessions.map((session) => (session.id === current.id ? current : session));
    listed.sort(
      (a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || Number(b.id) - Number(a.id),
    );
    res.json(
      listed
        .filter((session) => isSessionLive(session, now))
        .map((session) => presentSession(session, current.id)),
    );
  });

  router.delete(
    '/:id',
    route(validate({ params: idParams('Session') }), async ({ params }, res, req) => {
      const user = req.user!;
      await db.write(async (transaction) => {
        const session = await db.models.AdminSession.findOne({
          where: { id: params.id, userId: user.id, revokedAt: null },
          transaction,
        });
        if (!session) throw notFound('Session not found');
        session.revokedAt = new Date();
        await session.save({ transaction });
        await appendAudit(transaction, {
          action: 'session_revoke',
          entity: 'session',
          entityId: String(session.id),
          summary: `Mengakhiri sesi ${deviceLabel(session.userAgent)} (${session.ip || '-'})`,
        });
      });
      if (params.id === req.adminSession!.id) req.session = null;
      res.status(204).end();
    }),
  );

  router.post('/revoke-others', async (req, res) => {
    const current = req.adminSession!;
    const ended = await db.write(async (transaction) => {
      const count = await revokeUserSessions(db, transaction, req.user!.id, current.id);
      await appendAudit(transaction, {
        action: 'session_revoke_others',
        entity: 'session',
        entityId: String(current.id),
        summary: `Mengakhiri semua sesi lain (${count})`,
      });
      return count;
    });
    res.json({ ended });
  });

  return router;
}
