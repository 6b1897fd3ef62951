import { Router, type Response } from 'express';
import { z } from 'zod';
import {
  WATCH_MESSAGES,
  watchCreateSchema,
  watchListQuery,
  watchTokenQuery,
} from '@shared/schemas/watch';
import type { WatchConfigResponse, WatchCreated, WatchListResponse } from '@shared/types';
import type { AppContext } from '../context';
import { select } from '../db/sql';
import { HttpError, notFound } from '../errors';
import { clientKey } from '../lib/ip';
import { requestOrigin } from '../middleware/origin';
import { json, noContent, route, validate } from '../middleware/validate';
import type { WatchService } from './service';
import {
  confirmWatch,
  createWatch,
  deleteWatch,
  readWatch,
  readWatches,
  unsubscribeWatch,
} from './store';
import { mailKey, sameKey } from './tokens';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const watchIdParams = z.object({
  id: z
    .string()
    .regex(UUID, WATCH_MESSAGES.notFound)
    .transform((id) => id.toLowerCase()),
});

export const confirmQuery = z.object({
  expires: z.string().regex(/^\d{1,16}$/, WATCH_MESSAGES.notFound),
  key: z.string().regex(/^[A-Za-z0-9_-]{43}$/, WATCH_MESSAGES.notFound),
});

export const unsubscribeQuery = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{43}$/, WATCH_MESSAGES.notFound),
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The small pages the mail links open (no app, no script): a heading and a way back. */
function page(res: Response, status: number, heading: string, text: string): void {
  res
    .status(status)
    .type('html')
    .set('X-Robots-Tag', 'noindex')
    .send(
      `<!doctype html><html lang="id"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${escapeHtml(heading)} - DiskonRadar</title>` +
        `</head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;` +
        `padding:0 1rem;line-height:1.5"><h1>${escapeHtml(heading)}</h1>` +
        `<p>${escapeHtml(text)}</p><p><a href="/">Kembali ke DiskonRadar</a> · ` +
        `<a href="/pantauan">Lihat pantauan</a></p></body></html>`,
    );
}

/**
 * Price watches (DESIGN.md, "Price watches"): `/api/watches...` and `/api/push/public-key`,
 * public and without an account. The token is the only key to a watch.
 */
export function watchRoutes(context: AppContext, watches: WatchService): Router {
  const { db, config } = context;
  const router = Router();

  router.get(
    '/push/public-key',
    json(validate({}), async (): Promise<WatchConfigResponse> => ({
      publicKey: config.watches.vapid.publicKey,
      emailEnabled: watches.emailEnabled,
    })),
  );

  router.post(
    '/watches',
    route(validate({ body: watchCreateSchema }), async ({ body }, res, req) => {
      if (!config.publicUrl) watches.rememberOrigin(requestOrigin(req));
      const created = await createWatch(db, body, {
        config: config.watches,
        address: clientKey(req.ip),
        now: Date.now(),
      });
      if (created.email !== null && created.confirmExpiresAt !== null) {
        const [product] = await select<{ title: string }>(
          db,
          'SELECT title FROM products WHERE id = ?',
          [body.productId],
        );
        try {
          await watches.sendConfirmation({
            id: created.id,
            email: created.email,
            expires: created.confirmExpiresAt,
            productTitle: product?.title ?? '',
          });
        } catch {
          await unsubscribeWatch(db, created.id);
          throw new HttpError(503, 'E-mail konfirmasi tidak dapat dikirim. Coba lagi nanti.');
        }
      }
      const answer: WatchCreated = { id: created.id, token: created.token, state: created.state };
      res.status(201).json(answer);
    }),
  );

  router.get(
    '/watches',
    json(validate({ query: watchListQuery }), async ({ query }): Promise<WatchListResponse> => ({
      watches: await readWatches(db, query.tokens, Date.now()),
    })),
  );

  router.get(
    '/watches/:id',
    json(validate({ params: watchIdParams, query: watchTokenQuery }), ({ params, query }) =>
      readWatch(db, params.id, query.token, Date.now()),
    ),
  );

  router.delete(
    '/watches/:id',
    noContent(
      validate({ params: watchIdParams, query: watchTokenQuery }),
      async ({ params, query }) => {
        if (!(await deleteWatch(db, params.id, query.token)))
          throw notFound(WATCH_MESSAGES.notFound);
      },
    ),
  );

  router.get(
    '/watches/:id/confirm',
    route(validate({ params: watchIdParams }), async ({ params }, res, req) => {
      const parsed = confirmQuery.safeParse(req.query);
      const now = Date.now();
      const valid =
        parsed.success &&
        Number(parsed.data.expires) >= now &&
        sameKey(
          parsed.data.key,
          mailKey(config.sessionSecret, 'confirm', params.id, Number(parsed.data.expires)),
        );
      if (valid && (await confirmWatch(db, params.id, now))) {
        page(
          res,
          200,
          'Pantauan harga aktif',
          'Kami akan mengirim e-mail saat harga produk ini turun. Setiap e-mail memuat tautan ' +
            'untuk berhenti memantau.',
        );
        return;
      }
      page(
        res,
        404,
        'Tautan tidak berlaku',
        'Tautan konfirmasi ini sudah kedaluwarsa (berlaku 24 jam) atau pantauannya sudah dihapus. ' +
          'Buat pantauan baru dari halaman produk.',
      );
    }),
  );

  const unsubscribe = route(validate({ params: watchIdParams }), async ({ params }, res, req) => {
    const parsed = unsubscribeQuery.safeParse(req.query);
    const valid =
      parsed.success &&
      sameKey(parsed.data.key, mailKey(config.sessionSecret, 'unsubscribe', params.id));
    if (!valid) {
      page(res, 404, 'Tautan tidak berlaku', 'Tautan berhenti memantau ini tidak dikenal.');
      return;
    }
    // Already gone is the same answer: the shopper wanted it gone.
    await unsubscribeWatch(db, params.id);
    page(res, 200, 'Pantauan dihapus', 'Anda tidak akan menerima e-mail lagi untuk produk ini.');
  });
  router.get('/watches/:id/unsubscribe', unsubscribe);
  // One-click unsubscribe from the mail client (RFC 8058, List-Unsubscribe-Post).
  router.post('/watches/:id/unsubscribe', unsubscribe);

  return router;
}
