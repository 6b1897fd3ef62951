import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { PRODUCT_CSV_COLUMNS } from '@shared/rules/product-csv';
import { IMPORT_MESSAGES } from '@shared/schemas';
import { currentActor } from '../../audit/log';
import type { AppContext } from '../../context';
import { badRequest, conflict, HttpError, notFound } from '../../errors';
import { errorFields, logger } from '../../lib/logger';
import { uuid } from '../../lib/params';
import { json, route, validate } from '../../middleware/validate';
import { readHeader, UnreadableCsv } from './csv-source';
import { resolveHeader } from './header';
import { cancelJob, failedRows, findJob, insertJob, jobHeaders } from './jobs';
import { HEADER_CHECK_ROWS } from './runner';
import { uploadsDir, type ImportRunner } from './service';
import { writeCsv } from '../exports/csv-response';

export const importTooLarge = (maxMb: number) =>
  `Berkas CSV maksimal ${maxMb.toLocaleString('id-ID')} MB`;
export const IMPORT_NOT_CSV = 'Kirim berkas CSV (Content-Type: text/csv)';
export const IMPORT_EMPTY = 'Berkas CSV kosong';

export const jobParams = z.object({ id: uuid('Import') });
export const importQuery = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

/** What browsers and Excel send for a .csv file. */
const CSV_TYPES = [
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/octet-stream',
];

const MB = 1024 * 1024;
const tooLarge = (maxMb: number) => new HttpError(413, importTooLarge(maxMb));

function assertCsvUpload(req: Request, maxMb: number) {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!CSV_TYPES.includes(type)) throw badRequest(IMPORT_NOT_CSV);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxMb * MB) throw tooLarge(maxMb);
}

/** Streams the body to `file`, stopping with 413 past IMPORT_MAX_MB; answers the bytes written. */
async function receiveFile(req: Request, file: string, maxMb: number): Promise<number> {
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(size > maxMb * MB ? tooLarge(maxMb) : null, chunk);
    },
  });
  await pipeline(req, limit, createWriteStream(file));
  return size;
}

export interface ImportRouteOptions {
  onCatalogueChanged(): void;
  /** Runs the jobs this process receives (and stops them when the server stops). */
  runner: ImportRunner;
}

const EXAMPLE_ROW: Record<string, string> = {
  sku: 'CONTOH-001',
  title: 'Sepatu Lari Contoh',
  description: 'Sepatu lari ringan untuk harian',
  imageUrl: 'https://example.com/sepatu.webp',
  imageUrls: 'https://example.com/sepatu-1.webp|https://example.com/sepatu-2.webp',
  mediaType: 'image',
  discountPercentage: '35',
  badgeColor: 'green',
  isActive: 'ya',
  isFeaturedPromo: 'tidak',
  isFeaturedPopular: 'tidak',
  featuredOrder: '0',
  shopee_url: 'https://shopee.co.id/contoh',
  shopee_price: 'Rp 299.000',
  shopee_original_price: 'Rp 460.000',
};

export function adminImportRoutes({ config, db }: AppContext, options: ImportRouteOptions): Router {
  const router = Router();
  const uploads = uploadsDir(config.dataDir);

  router.post(
    '/products',
    route(validate({ query: importQuery }), async ({ query }, res, req) => {
      assertCsvUpload(req, config.importMaxMb);
      const id = randomUUID();
      await mkdir(uploads, { recursive: true });
      const file = path.join(uploads, `${id}.csv`);
      let started = false;
      try {
        const fileSize = await receiveFile(req, file, config.importMaxMb);
        const header = await readHeader(file, HEADER_CHECK_ROWS).catch((error: unknown) => {
          throw error instanceof UnreadableCsv ? badRequest(error.message) : error;
        });
        if (fileSize === 0 || header.names.length === 0) throw badRequest(IMPORT_EMPTY);
        const resolved = resolveHeader(header.names);
        if (!resolved.hasSku) {
          throw badRequest(IMPORT_MESSAGES.missingSku, { sku: IMPORT_MESSAGES.missingSku });
        }
        const actor = currentActor() ?? { userId: null, username: 'system', ip: null };
        await insertJob(db, {
          id,
          dryRun: query.dryRun,
          actor,
          fileSize,
          headers: header.names,
          errors: resolved.errors,
        });
        res.status(202).json({ id });
        started = true;
        options.runner.start(
          {
            db,
            onCatalogueChanged: options.onCatalogueChanged,
            onUnexpectedError: (error) =>
              logger.error({ importId: id, ...errorFields(error, true) }, 'import failed'),
          },
          {
            id,
            file,
            delimiter: header.delimiter,
            columns: resolved.columns,
            width: header.names.length,
            dryRun: query.dryRun,
            actor,
            headerErrors: resolved.errors,
          },
        );
      } finally {
        if (!started) await rm(file, { force: true });
      }
    }),
  );

  router.get('/template.csv', async (_req, res) => {
    const [category] = await db.models.Category.findAll({ order: [['id', 'ASC']], limit: 1 });
    const example: Record<string, string> = { ...EXAMPLE_ROW, category: category?.slug ?? '' };
    await writeCsv(res, 'template-impor-produk.csv', PRODUCT_CSV_COLUMNS, async (write) => {
      await write(PRODUCT_CSV_COLUMNS.map((column) => example[column] ?? ''));
    });
  });

  router.get(
    '/:id',
    json(validate({ params: jobParams }), async ({ params }) => {
      const job = await findJob(db, params.id);
      if (!job) throw notFound('Import not found');
      return job;
    }),
  );

  router.get(
    '/:id/errors.csv',
    route(validate({ params: jobParams }), async ({ params }, res: Response) => {
      const headers = await jobHeaders(db, params.id);
      if (!headers) throw notFound('Import not found');
      const columns = ['row', 'alasan', ...headers];
      await writeCsv(res, `impor-${params.id}-gagal.csv`, columns, async (write) => {
        for await (const failure of failedRows(db, params.id)) {
          await write([String(failure.row), failure.reason, ...failure.cells]);
        }
      });
    }),
  );

  router.delete(
    '/:id',
    json(validate({ params: jobParams }), async ({ params }) => {
      if (!(await findJob(db, params.id))) throw notFound('Import not found');
      if (!(await cancelJob(db, params.id))) {
        throw conflict('Impor sudah selesai dan tidak dapat dibatalkan');
      }
      return findJob(db, params.id);
    }),
  );

  return router;
}
