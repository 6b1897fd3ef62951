import { Router } from 'express';
import { QueryTypes } from 'sequelize';
import { z } from 'zod';
import { feedPreviewSchema, feedSchema } from '@shared/schemas/feed';
import { appendAudit, currentActor } from '../audit/log';
import type { AppContext } from '../context';
import { badRequest, conflict, notFound } from '../errors';
import { loadFetchPolicy } from '../lib/safe-fetch';
import { positiveInt, uuid } from '../lib/params';
import { created, json, noContent, route, validate } from '../middleware/validate';
import { writeCsv } from '../catalogue/exports/csv-response';
import { ACCEPT_SIZE_MESSAGES, acceptFeedSize, FEED_RUNNING_MESSAGE } from './accept-size';
import { previewFeed } from './preview';
import { describeRunError } from './run';
import type { FeedRunner } from './service';
import {
  deleteFeed,
  findFeed,
  findRun,
  insertFeed,
  listFeeds,
  listRuns,
  presentFeeds,
  presentRun,
  updateFeed,
} from './store';

export const feedParams = z.object({ id: uuid('Feed') });
export const feedRunParams = z.object({ id: uuid('Feed run') });
export const feedRunsQuery = z.object({
  page: positiveInt(1, 100_000),
  limit: positiveInt(20, 100),
});

export const FEED_RUNNING = FEED_RUNNING_MESSAGE;

const changesOf = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).map(([key, value]) => [key, [null, value]])) as Record<
    string,
    [unknown, unknown]
  >;

export interface FeedRouteOptions {
  runner: FeedRunner;
}

/** /api/admin/feeds and /api/admin/feed-runs (DESIGN.md, "Product feeds"). */
export function adminFeedRoutes({ db }: AppContext, options: FeedRouteOptions): Router {
  const router = Router();
  const present = async (id: string) => {
    const feed = await findFeed(db, id);
    if (!feed) throw notFound('Feed not found');
    return (await presentFeeds(db, [feed]))[0]!;
  };

  router.get(
    '/feeds',
    json(validate({}), async () => presentFeeds(db, await listFeeds(db))),
  );

  router.post(
    '/feeds/preview',
    json(validate({ body: feedPreviewSchema }), async ({ body }) => {
      try {
        return await previewFeed(body, loadFetchPolicy());
      } catch (error) {
        const readable = describeRunError(error);
        if (readable) throw badRequest(readable);
        throw error;
      }
    }),
  );

  router.post(
    '/feeds',
    created(validate({ body: feedSchema }), async ({ body }) => {
      const id = await db.write(async (transaction) => {
        const newId = await insertFeed(db, body, transaction);
        await appendAudit(transaction, {
          action: 'create',
          entity: 'feed',
          entityId: newId,
          entityLabel: body.name,
          summary: `Feed ${body.name} dibuat`,
          changes: changesOf(body),
        });
        return newId;
      });
      return present(id);
    }),
  );

  router.get(
    '/feeds/:id',
    json(validate({ params: feedParams }), async ({ params }) => present(params.id)),
  );

  router.put(
    '/feeds/:id',
    json(validate({ params: feedParams, body: feedSchema }), async ({ params, body }) => {
      const before = await findFeed(db, params.id);
      if (!before) throw notFound('Feed not found');
      await db.write(async (transaction) => {
        await updateFeed(db, params.id, body, transaction);
        const changes: Record<string, [unknown, unknown]> = {};
        for (const [key, value] of Object.entries(body)) {
          const old = before[key as keyof typeof before];
          if (JSON.stringify(old) !== JSON.stringify(value)) changes[key] = [old, value];
        }
        await appendAudit(transaction, {
          action: 'update',
          entity: 'feed',
          entityId: params.id,
          entityLabel: body.name,
          summary: `Feed ${body.name} diubah`,
          changes,
        });
      });
      return present(params.id);
    }),
  );

  router.delete(
    '/feeds/:id',
    noContent(validate({ params: feedParams }), async ({ params }) => {
      const feed = await findFeed(db, params.id);
      if (!feed) throw notFound('Feed not found');
      await db.write(async (transaction) => {
        // Its products stay (never deleted); they only lose their source.
        const replacements = { id: params.id };
        await db.sequelize.query(`UPDATE products SET "feedId" = NULL WHERE "feedId" = :id`, {
          replacements,
          transaction,
        });
        await db.sequelize.query(`DELETE FROM feed_items WHERE "feedId" = :id`, {
          replacements,
          transaction,
        });
        await db.sequelize.query(
          `DELETE FROM feed_run_errors WHERE "runId" IN
             (SELECT id FROM feed_runs WHERE "feedId" = :id)`,
          { replacements, transaction },
        );
        await db.sequelize.query(`DELETE FROM feed_runs WHERE "feedId" = :id`, {
          replacements,
          transaction,
        });
        await deleteFeed(db, params.id, transaction);
        await appendAudit(transaction, {
          action: 'delete',
          entity: 'feed',
          entityId: params.id,
          entityLabel: feed.name,
          summary: `Feed ${feed.name} dihapus`,
        });
      });
    }),
  );

  router.post(
    '/feeds/:id/run',
    route(validate({ params: feedParams }), async ({ params }, res) => {
      if (!(await findFeed(db, params.id))) throw notFound('Feed not found');
      const actor = currentActor() ?? { userId: null, username: 'system', ip: null };
      const runId = await options.runner.start(params.id, actor);
      if (!runId) throw conflict(FEED_RUNNING);
      res.status(202).json({ id: runId });
    }),
  );

  router.post(
    '/feeds/:id/accept-size',
    json(validate({ params: feedParams }), async ({ params }) => {
      const feed = await findFeed(db, params.id);
      if (!feed) throw notFound('Feed not found');
      const result = await acceptFeedSize(db, feed);
      if (!result.ok) throw conflict(ACCEPT_SIZE_MESSAGES[result.reason]);
      return present(params.id);
    }),
  );

  router.get(
    '/feeds/:id/runs',
    json(validate({ params: feedParams, query: feedRunsQuery }), async ({ params, query }) => {
      if (!(await findFeed(db, params.id))) throw notFound('Feed not found');
      const { runs, totalCount } = await listRuns(db, params.id, query.page, query.limit);
      return {
        runs,
        currentPage: query.page,
        totalPages: Math.ceil(totalCount / query.limit),
        totalCount,
      };
    }),
  );

  router.get(
    '/feed-runs/:id',
    json(validate({ params: feedRunParams }), async ({ params }) => {
      const run = await findRun(db, params.id);
      if (!run) throw notFound('Feed run not found');
      return presentRun(run);
    }),
  );

  router.get(
    '/feed-runs/:id/errors.csv',
    route(validate({ params: feedRunParams }), async ({ params }, res) => {
      if (!(await findRun(db, params.id))) throw notFound('Feed run not found');
      await writeCsv(
        res,
        `feed-${params.id}-gagal.csv`,
        ['baris', 'alasan', 'data'],
        async (write) => {
          let lastId = 0;
          for (;;) {
            const rows = await db.sequelize.query<{
              id: number | string;
              row: number | string;
              reason: string;
              raw: string;
            }>(
              `SELECT id, row, reason, raw FROM feed_run_errors
             WHERE "runId" = :runId AND id > :lastId ORDER BY id LIMIT 1000`,
              { replacements: { runId: params.id, lastId }, type: QueryTypes.SELECT },
            );
            if (rows.length === 0) break;
            for (const row of rows) await write([String(row.row), row.reason, row.raw]);
            lastId = Number(rows.at(-1)!.id);
          }
        },
      );
    }),
  );

  return router;
}
