import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import {
  EXPORT_ONLY_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  type ImportJob,
} from '@shared/rules/product-csv';

/** The export's header: the importable columns, then its figures (the watches count). */
const EXPORT_COLUMNS = [...PRODUCT_CSV_COLUMNS, ...EXPORT_ONLY_COLUMNS];
import type { AuditPage, PlatformLink } from '@shared/types';
import { describeApi, type ApiFixture } from '../../../test/support/api';
import { TestClient } from '../../../test/support/client';
import { unique } from '../../../test/support/fixtures';
import { toDbTimestamp } from '../../db/timestamps';
import { insertJob, STALE_JOB_MESSAGE, STALE_JOB_MS } from './jobs';
import {
  adminSearch,
  COLUMNS,
  csv,
  exportCsv,
  importCsv,
  productRow,
  upload,
  waitForJob,
  type Cells,
} from './test-support';

/** A request that announces `bytes`: refused before a byte of it is read when too large. */
function declaredTooLarge(
  api: ApiFixture,
  bytes: number,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${api.url}/api/admin/imports/products`, {
      method: 'POST',
      headers: {
        cookie: api.admin.cookieHeader,
        'content-type': 'text/csv',
        'content-length': bytes,
      },
    });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown });
        request.destroy();
      });
    });
    request.on('error', reject);
    request.write('sku\n');
  });
}

const records = (text: string) => parse(text, { bom: true, columns: true }) as Cells[];

describeApi('catalogue import and export', (api) => {
  it('answers 401 without a session on every import and export endpoint', async () => {
    const anonymous = new TestClient(api.url);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await upload(api, 'sku\nA\n', false, anonymous)).status).toBe(401);
    for (const path of [
      `/api/admin/imports/${id}`,
      `/api/admin/imports/${id}/errors.csv`,
      '/api/admin/imports/template.csv',
      '/api/admin/exports/products.csv',
    ]) {
      expect((await anonymous.get(path)).status).toBe(401);
    }
    expect((await anonymous.delete(`/api/admin/imports/${id}`)).status).toBe(401);
  });

  it('a dry run checks every row and writes nothing', async () => {
    const marker = `kering${unique()}`;
    const job = await importCsv(
      api,
      csv(COLUMNS, [productRow(marker, 1), productRow(marker, 2, { imageUrl: 'bukan-url' })]),
      true,
    );
    expect(job).toMatchObject({ status: 'done', dryRun: true, totalRows: 2, processedRows: 2 });
    expect(job).toMatchObject({ created: 1, updated: 0, unchanged: 0, failed: 1 });
    expect(job.errors).toEqual([{ row: 3, field: 'imageUrl', message: 'URL gambar tidak valid' }]);
    expect((await adminSearch(api, marker)).totalCount).toBe(0);
  });

  it('creates products with their links, then a second import of the file is all unchanged', async () => {
    const marker = `baru${unique()}`;
    const body = csv(COLUMNS, [productRow(marker, 1), productRow(marker, 2)]);
    const first = await importCsv(api, body);
    expect(first).toMatchObject({ status: 'done', created: 2, updated: 0, failed: 0 });
    const listed = await adminSearch(api, marker);
    expect(listed.totalCount).toBe(2);
    const product = listed.products.find((p) => p.title === `Produk ${marker} 1`)!;
    expect(product).toMatchObject({
      discountPercentage: 20,
      isActive: true,
      platforms: ['Shopee'],
    });
    expect(product.links).toEqual([
      expect.objectContaining({ platform: 'Shopee', price: 'Rp 150.000', priceValue: 150000 }),
    ]);
    // The visitors' search index and the public list follow at once.
    const found = await api.visitor.get<{ products: { id: string }[] }>(
      `/api/products?search=${marker}`,
    );
    expect(found.body.products.map((p) => p.id)).toContain(product.id);

    const second = await importCsv(api, body);
    expect(second).toMatchObject({ status: 'done', created: 0, updated: 0, unchanged: 2 });

    const changed = await importCsv(
      api,
      csv(COLUMNS, [productRow(marker, 1, { title: `Produk ${marker} 1 baru` })]),
    );
    expect(changed).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect((await adminSearch(api, `${marker} 1 baru`)).products[0]?.id).toBe(product.id);
  });

  it('reports a bad row by row and field while the other rows are written; errors.csv has it', async () => {
    const marker = `salah${unique()}`;
    const job = await importCsv(
      api,
      csv(COLUMNS, [
        productRow(marker, 1),
        productRow(marker, 2, { title: '', discountPercentage: '150' }),
        productRow(marker, 3, { category: 'tidak-ada' }),
        productRow(marker, 4),
      ]),
    );
    expect(job).toMatchObject({ status: 'done', created: 2, failed: 2 });
    expect(job.errors).toEqual([
      { row: 3, field: 'title', message: 'Judul produk harus diisi' },
      {
        row: 3,
        field: 'discountPercentage',
        message: 'Diskon harus berupa angka bulat 0 sampai 100',
      },
      { row: 4, field: 'category', message: 'Kategori tidak ditemukan' },
    ]);
    expect((await adminSearch(api, marker)).totalCount).toBe(2);

    const res = await api.admin.get<string>(`/api/admin/imports/${job.id}/errors.csv`);
    expect(res.status).toBe(200);
    const failed = records(res.text);
    expect(failed.map((row) => [row.row, row.sku])).toEqual([
      ['3', `${marker}-2`],
      ['4', `${marker}-3`],
    ]);
    expect(failed[0]!.alasan).toContain('title: Judul produk harus diisi');
    expect(failed[1]!.category).toBe('tidak-ada');
  });

  it('reads a semicolon file with a BOM, quoted commas and line breaks, and reports unknown columns', async () => {
    const marker = `excel${unique()}`;
    const description = 'Baris satu, dengan koma; dan titik koma\nBaris dua "dikutip"';
    const body = `\uFEFF${csv(
      [...COLUMNS, 'warna'],
      [productRow(marker, 1, { description, warna: 'merah' })],
      ';',
    )}`;
    const job = await importCsv(api, body);
    expect(job).toMatchObject({ status: 'done', created: 1, failed: 0 });
    expect(job.errors).toEqual([
      { row: 1, field: 'warna', message: 'Kolom tidak dikenal, diabaikan' },
    ]);
    const [product] = (await adminSearch(api, marker)).products;
    expect(product?.description).toBe(description);
  });

  it('records a price point when an import changes a price', async () => {
    const marker = `harga${unique()}`;
    await importCsv(api, csv(COLUMNS, [productRow(marker, 1, { shopee_price: 'Rp 1.299.000' })]));
    const [product] = (await adminSearch(api, marker)).products;
    const links = await api.admin.get<PlatformLink[]>(`/api/admin/platform-links/${product!.id}`);
    expect(links.body[0]).toMatchObject({ price: 'Rp 1.299.000', priceValue: 1299000 });

    const job = await importCsv(
      api,
      csv(COLUMNS, [productRow(marker, 1, { shopee_price: 'Rp1,099,000' })]),
    );
    expect(job).toMatchObject({ updated: 1 });
    const history = await api.visitor.get<{
      platforms: { platform: string; points: { price: number }[] }[];
    }>(`/api/products/${product!.id}/price-history?days=90`);
    expect(history.status).toBe(200);
    expect(history.body.platforms[0]?.points.map((point) => point.price)).toEqual([
      1299000, 1099000,
    ]);
  });

  it('audits who started an import before it writes, then its counts, and no secret', async () => {
    const marker = `audit${unique()}`;
    const job = await importCsv(api, csv(COLUMNS, [productRow(marker, 1), productRow(marker, 2)]));
    const res = await api.admin.get<AuditPage>(
      `/api/admin/audit?entity=product&entityId=${job.id}`,
    );
    // Newest first.
    const [ended, started] = res.body.entries;
    expect(res.body.entries).toHaveLength(2);
    expect(started).toMatchObject({ action: 'import', username: 'admin', entityId: job.id });
    expect(started!.summary).toBe('Impor CSV produk dimulai');
    expect(ended).toMatchObject({ action: 'import', username: 'admin', entityId: job.id });
    expect(ended!.summary).toBe('Impor CSV produk: 2 dibuat, 0 diubah, 0 tidak berubah, 0 gagal');
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash|secret|token|cookie/i);
  });

  it('cancels a running import after its current chunk; what was committed stays', async () => {
    const marker = `batal${unique()}`;
    const rows = Array.from({ length: 5000 }, (_, n) => productRow(marker, n));
    const res = await upload(api, csv(COLUMNS, rows));
    expect(res.status).toBe(202);
    const cancel = await api.admin.delete<ImportJob>(`/api/admin/imports/${res.body.id}`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('canceled');
    // Give the runner time to notice and stop.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const job = await waitForJob(api, res.body.id);
    expect(job.status).toBe('canceled');
    expect(job.created).toBeLessThan(5000);
    expect((await adminSearch(api, marker)).totalCount).toBe(job.created);
    const again = await api.admin.delete<{ message: string }>(`/api/admin/imports/${job.id}`);
    expect(again.status).toBe(200);
  });

  it('round-trips the whole catalogue: an unchanged export imports as all unchanged', async () => {
    const text = await exportCsv(api);
    // Excel reads UTF-8 only with a BOM (fetch's text() hides it, the bytes do not).
    const raw = await fetch(`${api.url}/api/admin/exports/products.csv?search=zz`, {
      headers: { cookie: api.admin.cookieHeader },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = records(text);
    expect(Object.keys(rows[0]!)).toEqual(EXPORT_COLUMNS);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    const job = await importCsv(api, text);
    expect(job).toMatchObject({ status: 'done', failed: 0, created: 0, updated: 0 });
    expect(job.unchanged).toBe(rows.length);
  });

  it('exports only what the admin list filters select', async () => {
    const marker = `saring${unique()}`;
    await importCsv(
      api,
      csv(COLUMNS, [
        productRow(marker, 1),
        productRow(marker, 2, { isActive: 'tidak' }),
        productRow(marker, 3),
      ]),
    );
    const active = records(await exportCsv(api, `?search=${marker}&status=active`));
    expect(active.map((row) => row.sku).sort()).toEqual([`${marker}-1`, `${marker}-3`]);
    const inactive = records(await exportCsv(api, `?search=${marker}&status=inactive`));
    expect(inactive).toEqual([
      expect.objectContaining({
        sku: `${marker}-2`,
        isActive: 'false',
        shopee_price: 'Rp 150.000',
      }),
    ]);
  });

  it('serves a template that imports as it is', async () => {
    const res = await api.admin.get<string>('/api/admin/imports/template.csv');
    expect(res.status).toBe(200);
    const [example] = records(res.text);
    expect(example).toMatchObject({ sku: 'CONTOH-001', isActive: 'ya' });
    const job = await importCsv(api, res.text, true);
    expect(job).toMatchObject({ failed: 0, errors: [] });
  });

  it('reports a job whose process went away (no progress for 10 minutes) as failed', async () => {
    const { db } = api.server.running;
    const id = randomUUID();
    const actor = { userId: null, username: 'admin', ip: null };
    await insertJob(db, { id, dryRun: false, actor, fileSize: 10, headers: ['sku'], errors: [] });
    await db.sequelize.query(
      `UPDATE import_jobs SET status = 'running', "updatedAt" = ? WHERE id = ?`,
      {
        replacements: [toDbTimestamp(Date.now() - STALE_JOB_MS - 60_000), id],
      },
    );
    const res = await api.admin.get<ImportJob>(`/api/admin/imports/${id}`);
    expect(res.body).toMatchObject({ status: 'failed', message: STALE_JOB_MESSAGE });
    expect((await api.admin.delete(`/api/admin/imports/${id}`)).status).toBe(409);
  });

  it('refuses what is not a usable CSV with a clear 400', async () => {
    const notCsv = await api.admin.post<{ message: string }>('/api/admin/imports/products', {
      sku: 'x',
    });
    expect(notCsv.status).toBe(400);
    expect(notCsv.body.message).toBe('Kirim berkas CSV (Content-Type: text/csv)');
    const noSku = await upload(api, 'title,description\nA,B\n');
    expect(noSku.status).toBe(400);
    expect(noSku.body.message).toBe('Kolom sku wajib ada di baris judul');
    const empty = await upload(api, '');
    expect(empty.status).toBe(400);
    expect((await upload(api, 'sku\n', false)).status).toBe(202);
    const badQuery = await api.admin.request('POST', '/api/admin/imports/products?dryRun=kadang', {
      rawBody: 'sku\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(badQuery.status).toBe(400);
    expect((await api.admin.get('/api/admin/imports/bukan-id')).status).toBe(404);

    expect(await declaredTooLarge(api, 2048 * 1024 * 1024 + 1)).toEqual({
      status: 413,
      body: { message: 'Berkas CSV maksimal 2.048 MB' },
    });
  });

  it('refuses a file over IMPORT_MAX_MB with 413, whether declared or streamed', async () => {
    const { config } = api.server.running;
    const configured = config.importMaxMb;
    // The route reads the limit per request: a 1 MB limit keeps this test small.
    config.importMaxMb = 1;
    try {
      const body = `sku,catatan\n${`A,${'x'.repeat(1000)}\n`.repeat(1500)}`;
      const res = await upload(api, body, true);
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('Berkas CSV maksimal 1 MB');
      expect((await upload(api, body.slice(0, 900_000), true)).status).toBe(202);
    } finally {
      config.importMaxMb = configured;
    }
  });
});
