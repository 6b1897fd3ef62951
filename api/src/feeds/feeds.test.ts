import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { QueryTypes } from 'sequelize';
import type { PriceHistory } from '@shared/rules/price-history';
import type {
  ProductListResponse,
  AdminProductListResponse,
  AuditPage,
  Feed,
  FeedRun,
  StatsResponse,
} from '@shared/types';
import type { Database } from '../db/database';
import { createMigrator, migrate } from '../db/migrate';
import { mapRecord, runContext, writeChunk, type MappedRow } from './chunk';
import { KnownItems } from './known-items';
import { lastAllowedCore } from './priority';
import { FEED_RUN_MESSAGES } from './run';
import { RunChunk } from './run-chunk';
import { FeedRunner } from './service';
import { findFeed } from './store';
import { FEED_APPLICATION_NAME } from './worker-messages';
import { describeApi, type ApiFixture } from '../../test/support/api';
import { unique } from '../../test/support/fixtures';

// The fake affiliate network listens on 127.0.0.1 (DESIGN: the test-only setting). Given back
// after this file: the api project shares one process between files (isolate: false), and
// link-health.test.ts checks that the default setting refuses loopback.
const allowPrivateBefore = process.env.FETCH_ALLOW_PRIVATE;
process.env.FETCH_ALLOW_PRIVATE = 'true';
afterAll(() => {
  if (allowPrivateBefore === undefined) delete process.env.FETCH_ALLOW_PRIVATE;
  else process.env.FETCH_ALLOW_PRIVATE = allowPrivateBefore;
});

interface Served {
  body: string;
  etag?: string;
  /** Milliseconds before the body is sent (a slow network). */
  delayMs?: number;
  type?: string;
}

/** A small affiliate network: serves each path's body, with ETag / If-None-Match when set. */
const served = new Map<string, Served>();
let network: http.Server;
let networkUrl = '';

beforeAll(async () => {
  network = http.createServer((req, res) => {
    const entry = served.get(req.url ?? '');
    if (!entry) {
      res.writeHead(404).end();
      return;
    }
    if (entry.etag && req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, { etag: entry.etag }).end();
      return;
    }
    const send = () =>
      res
        .writeHead(200, {
          'content-type': entry.type ?? 'text/csv',
          ...(entry.etag ? { etag: entry.etag } : {}),
        })
        .end(entry.body);
    if (entry.delayMs) setTimeout(send, entry.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => network.listen(0, '127.0.0.1', resolve));
  networkUrl = `http://127.0.0.1:${(network.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => network.close(() => resolve())));

const CSV_HEADER = 'id,judul,harga,harga_promo,tautan,gambar,stok,kategori';
const csvMapping = {
  sku: 'id',
  title: 'judul',
  price: 'harga',
  salePrice: 'harga_promo',
  link: 'tautan',
  imageUrl: 'gambar',
  availability: 'stok',
  category: 'kategori',
};

function csvRow(sku: string, price: string, options: { sale?: string; stock?: string } = {}) {
  return [
    sku,
    `Produk Feed ${sku}`,
    price,
    options.sale ?? '',
    `https://shopee.co.id/produk/${sku}`,
    `https://example.com/${sku}.webp`,
    options.stock ?? 'in stock',
    'Elektronik',
  ]
    .map((cell) => (cell.includes(',') ? `"${cell}"` : cell))
    .join(',');
}

const csvFeed = (rows: string[]) => [CSV_HEADER, ...rows].join('\n') + '\n';

async function createFeed(api: ApiFixture, path: string, overrides: Record<string, unknown> = {}) {
  const res = await api.admin.post<Feed>('/api/admin/feeds', {
    name: `Feed ${unique()}`,
    url: `${networkUrl}${path}`,
    format: 'csv',
    platform: 'Shopee',
    scheduleMinutes: 60,
    newProducts: 'active',
    mapping: csvMapping,
    // Not scheduled: the tests start every run themselves.
    enabled: false,
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function waitForRun(api: ApiFixture, id: string): Promise<FeedRun> {
  for (;;) {
    const res = await api.admin.get<FeedRun>(`/api/admin/feed-runs/${id}`);
    expect(res.status).toBe(200);
    if (res.body.status !== 'running') return res.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function runFeed(api: ApiFixture, feedId: string): Promise<FeedRun> {
  const res = await api.admin.post<{ id: string }>(`/api/admin/feeds/${feedId}/run`);
  expect(res.status).toBe(202);
  return waitForRun(api, res.body.id);
}

async function productOf(api: ApiFixture, sku: string) {
  const [row] = await api.server.running.db.sequelize.query<{
    id: string;
    isActive: boolean | number;
    title: string;
    discountPercentage: number | string;
  }>(`SELECT id, "isActive", title, "discountPercentage" FROM products WHERE sku = :sku`, {
    replacements: { sku },
    type: QueryTypes.SELECT,
  });
  return row;
}

async function linkOf(api: ApiFixture, sku: string) {
  const [row] = await api.server.running.db.sequelize.query<{
    id: number | string;
    priceValue: number | string;
    originalPriceValue: number | string | null;
    availability: string;
  }>(
    `SELECT l.id, l."priceValue", l."originalPriceValue", l.availability
     FROM platform_links l JOIN products p ON p.id = l."productId" WHERE p.sku = :sku`,
    { replacements: { sku }, type: QueryTypes.SELECT },
  );
  return row;
}

async function figuresOf(api: ApiFixture, sku: string) {
  const [row] = await api.server.running.db.sequelize.query<{
    lowestPrice: number | string | null;
    saving: number | string;
    inStock: boolean | number;
  }>(`SELECT "lowestPrice", saving, "inStock" FROM products WHERE sku = :sku`, {
    replacements: { sku },
    type: QueryTypes.SELECT,
  });
  return {
    lowestPrice: row!.lowestPrice === null ? null : Number(row!.lowestPrice),
    saving: Number(row!.saving),
    inStock: Boolean(row!.inStock),
  };
}

describeApi('product feeds', (api) => {
  it('creates, updates, keeps unchanged rows, marks out of stock and records price points', async () => {
    const tag = unique();
    const path = `/feeds/${tag}.csv`;
    const [a, b, c] = ['A', 'B', 'C'].map((letter) => `${tag}-${letter}`) as [
      string,
      string,
      string,
    ];
    served.set(path, {
      body: csvFeed([
        csvRow(a, '100000 IDR'),
        csvRow(b, '1.299.000,00 IDR', { sale: '999.000,00 IDR' }),
        csvRow(c, 'Rp 50.000'),
      ]),
    });
    const feed = await createFeed(api, path);
    const first = await runFeed(api, feed.id);
    expect(first).toMatchObject({ status: 'done', rows: 3, created: 3, updated: 0, failed: 0 });

    const productB = (await productOf(api, b))!;
    expect(Number(productB.discountPercentage)).toBe(23);
    const publicB = await api.visitor.get<{ title: string }>(`/api/products/${productB.id}`);
    expect(publicB.status).toBe(200);
    expect(publicB.body.title).toBe(`Produk Feed ${b}`);
    expect(await linkOf(api, b)).toMatchObject({ availability: 'in_stock' });
    expect(Number((await linkOf(api, b))!.priceValue)).toBe(999000);
    expect(Number((await linkOf(api, b))!.originalPriceValue)).toBe(1299000);

    served.set(path, {
      body: csvFeed([
        csvRow(a, '100000 IDR'),
        csvRow(b, '1.299.000,00 IDR', { sale: '899.000,00 IDR' }),
        csvRow(c, 'Rp 50.000', { stock: 'out of stock' }),
      ]),
    });
    const second = await runFeed(api, feed.id);
    expect(second).toMatchObject({ status: 'done', rows: 3, created: 0, updated: 2, unchanged: 1 });
    expect(second.outOfStock).toBe(1);
    // A's row was unchanged (no link write): the admin table still shows its price confirmed
    // by the second run.
    const productA = (await productOf(api, a))!;
    const listedA = await api.admin.get<AdminProductListResponse>(
      `/api/admin/products?page=1&search=${encodeURIComponent(`Produk Feed ${a}`)}`,
    );
    const rowA = listedA.body.products.find((product) => product.id === productA.id)!;
    expect(Date.parse(rowA.priceConfirmedAt!)).toBeGreaterThanOrEqual(Date.parse(second.startedAt));
    expect(await linkOf(api, c)).toMatchObject({ availability: 'out_of_stock' });
    // The listing figures follow the chunk's writes (refreshed once per chunk, migration 0018).
    expect(await figuresOf(api, b)).toEqual({ lowestPrice: 899000, saving: 400000, inStock: true });
    expect(await figuresOf(api, c)).toEqual({ lowestPrice: null, saving: 0, inStock: false });
    const history = await api.visitor.get<PriceHistory>(
      `/api/products/${productB.id}/price-history`,
    );
    expect(history.body.platforms[0]!.points.map((point) => point.price)).toEqual([999000, 899000]);

    // The same bytes again (no ETag from this server): the content hash says not modified.
    const third = await runFeed(api, feed.id);
    expect(third).toMatchObject({ status: 'done', notModified: true, updated: 0, created: 0 });

    const audit = await api.admin.get<AuditPage>(
      `/api/admin/audit?entity=feed&entityId=${feed.id}`,
    );
    expect(audit.body.entries.filter((entry) => entry.action === 'feed_run')).toHaveLength(3);
  });

  it('answers 304 runs as not modified without reading the feed', async () => {
    const tag = unique();
    const path = `/feeds/${tag}-etag.csv`;
    served.set(path, { body: csvFeed([csvRow(`${tag}-1`, '20000')]), etag: `"v1-${tag}"` });
    const feed = await createFeed(api, path);
    expect(await runFeed(api, feed.id)).toMatchObject({ created: 1, notModified: false });
    expect(await runFeed(api, feed.id)).toMatchObject({ notModified: true, rows: 0 });
  });

  it('reads a Google Merchant XML feed', async () => {
    const tag = unique();
    const path = `/feeds/${tag}.xml`;
    served.set(path, {
      type: 'application/xml',
      body: `<?xml version="1.0"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Toko</title>
<item><g:id>${tag}-x1</g:id><title>Sepatu &amp; Sandal ${tag}</title>
<link>https://www.tokopedia.com/toko/${tag}</link><g:image_link>https://example.com/${tag}.jpg</g:image_link>
<g:price>1299000 IDR</g:price><g:sale_price>1.099.000,00 IDR</g:sale_price>
<g:availability>in stock</g:availability><g:product_type>Fashion</g:product_type></item>
<item><g:id>${tag}-x2</g:id><title><![CDATA[Tas ${tag}]]></title>
<link>https://www.tokopedia.com/toko/${tag}-2</link><g:image_link>https://example.com/${tag}-2.jpg</g:image_link>
<g:price>250000 IDR</g:price><g:availability>out of stock</g:availability></item>
</channel></rss>`,
    });
    const feed = await createFeed(api, path, {
      format: 'merchant-xml',
      platform: 'Tokopedia',
      mapping: {
        sku: 'g:id',
        title: 'title',
        link: 'link',
        imageUrl: 'g:image_link',
        price: 'g:price',
        salePrice: 'g:sale_price',
        availability: 'g:availability',
        category: 'g:product_type',
      },
    });
    const run = await runFeed(api, feed.id);
    expect(run).toMatchObject({ status: 'done', rows: 2, created: 2, outOfStock: 1, failed: 0 });
    expect((await productOf(api, `${tag}-x1`))!.title).toBe(`Sepatu & Sandal ${tag}`);
    expect(Number((await linkOf(api, `${tag}-x1`))!.priceValue)).toBe(1099000);
    expect((await linkOf(api, `${tag}-x2`))!.availability).toBe('out_of_stock');
  });

  it('deactivates after two missing runs, never on a feed that shrank by half', async () => {
    const tag = unique();
    const path = `/feeds/${tag}-shrink.csv`;
    const skus = [1, 2, 3, 4].map((n) => `${tag}-${n}`);
    const feedOf = (list: string[], price: string) =>
      csvFeed(list.map((sku) => csvRow(sku, price)));
    served.set(path, { body: feedOf(skus, '10000') });
    const feed = await createFeed(api, path);
    expect(await runFeed(api, feed.id)).toMatchObject({ created: 4 });

    served.set(path, { body: feedOf(skus.slice(0, 3), '11000') });
    expect(await runFeed(api, feed.id)).toMatchObject({ updated: 3, deactivated: 0 });
    expect(Boolean((await productOf(api, skus[3]!))!.isActive)).toBe(true);
    served.set(path, { body: feedOf(skus.slice(0, 3), '12000') });
    expect(await runFeed(api, feed.id)).toMatchObject({ updated: 3, deactivated: 1 });
    const gone = (await productOf(api, skus[3]!))!;
    expect(Boolean(gone.isActive)).toBe(false);
    expect((await api.visitor.get(`/api/products/${gone.id}`)).status).toBe(404);

    // One row of three: under half, nothing is deactivated and the feed alerts.
    served.set(path, { body: feedOf(skus.slice(0, 1), '13000') });
    const shrunk = await runFeed(api, feed.id);
    expect(shrunk).toMatchObject({ status: 'done', deactivated: 0 });
    expect(shrunk.message).toContain('tidak ada produk yang dinonaktifkan');
    served.set(path, { body: feedOf(skus.slice(0, 1), '14000') });
    expect(await runFeed(api, feed.id)).toMatchObject({ deactivated: 0 });
    expect(Boolean((await productOf(api, skus[1]!))!.isActive)).toBe(true);
    const shown = await api.admin.get<Feed>(`/api/admin/feeds/${feed.id}`);
    expect(shown.body.alert).toContain('tidak ada produk yang dinonaktifkan');

    // Back in the feed: active again.
    served.set(path, { body: feedOf(skus, '15000') });
    expect(await runFeed(api, feed.id)).toMatchObject({ status: 'done' });
    expect(Boolean((await productOf(api, skus[3]!))!.isActive)).toBe(true);
  });

  it('records what a run saw without writing the items it saw unchanged; two missed runs in a row deactivate', async () => {
    const { db } = api.server.running;
    const tag = unique();
    const path = `/feeds/${tag}-seen.csv`;
    const skus = [1, 2, 3, 4].map((n) => `${tag}-${n}`);
    const [one, two, , four] = skus as [string, string, string, string];
    const serve = (list: string[], changed: string | null = null) =>
      served.set(path, {
        body: csvFeed(list.map((sku) => csvRow(sku, sku === changed ? '9000' : '10000'))),
      });
    const state = async (feedId: string) => {
      const [feedRow] = await db.sequelize.query<{ seenRunId: string | null }>(
        `SELECT "seenRunId" FROM feeds WHERE id = :feedId`,
        { replacements: { feedId }, type: QueryTypes.SELECT },
      );
      const items = await db.sequelize.query<{
        sku: string;
        lastSeenRunId: string | null;
        missedRuns: number | string;
      }>(`SELECT sku, "lastSeenRunId", "missedRuns" FROM feed_items WHERE "feedId" = :feedId`, {
        replacements: { feedId },
        type: QueryTypes.SELECT,
      });
      return {
        seenRunId: feedRow!.seenRunId,
        items: Object.fromEntries(
          items.map((item) => [item.sku, [item.lastSeenRunId, Number(item.missedRuns)]]),
        ),
      };
    };
    const confirmedAt = async (sku: string) => {
      const product = (await productOf(api, sku))!;
      const listed = await api.admin.get<AdminProductListResponse>(
        `/api/admin/products?page=1&search=${encodeURIComponent(`Produk Feed ${sku}`)}`,
      );
      return Date.parse(
        listed.body.products.find((row) => row.id === product.id)!.priceConfirmedAt!,
      );
    };
    serve(skus);
    const feed = await createFeed(api, path);
    const first = await runFeed(api, feed.id);
    expect(first).toMatchObject({ created: 4 });
    // Every item follows the feed's seen run: none names a run of its own.
    expect(await state(feed.id)).toEqual({
      seenRunId: first.id,
      items: Object.fromEntries(skus.map((sku) => [sku, [null, 0]])),
    });

    serve(skus.slice(0, 3), one);
    const second = await runFeed(api, feed.id);
    expect(second).toMatchObject({ updated: 1, unchanged: 2, deactivated: 0, complete: true });
    // Only the item the run missed departs: it keeps the run that last saw it.
    expect(await state(feed.id)).toEqual({
      seenRunId: second.id,
      items: { [one]: [null, 0], [two]: [null, 0], [skus[2]!]: [null, 0], [four]: [first.id, 1] },
    });
    // An unchanged row's price counts as confirmed by the run that saw it, a missed one's not.
    expect(await confirmedAt(two)).toBeGreaterThanOrEqual(Date.parse(second.startedAt));
    expect(await confirmedAt(four)).toBeLessThan(Date.parse(second.startedAt));

    // Back unchanged, then missing again: one missed run, not two in a row.
    serve(skus, one);
    const third = await runFeed(api, feed.id);
    expect(third).toMatchObject({ unchanged: 4, deactivated: 0 });
    expect((await state(feed.id)).items[four]).toEqual([null, 0]);
    expect(await confirmedAt(four)).toBeGreaterThanOrEqual(Date.parse(third.startedAt));
    serve(skus.slice(0, 3));
    expect(await runFeed(api, feed.id)).toMatchObject({ updated: 1, deactivated: 0 });
    serve(skus, one);
    expect(await runFeed(api, feed.id)).toMatchObject({ deactivated: 0 });
    expect(Boolean((await productOf(api, four))!.isActive)).toBe(true);

    // Missing from two complete runs in a row: deactivated.
    serve(skus.slice(0, 3));
    expect(await runFeed(api, feed.id)).toMatchObject({ deactivated: 0 });
    serve(skus.slice(0, 3), one);
    expect(await runFeed(api, feed.id)).toMatchObject({ deactivated: 1 });
    expect(Boolean((await productOf(api, four))!.isActive)).toBe(false);
    expect(Boolean((await productOf(api, two))!.isActive)).toBe(true);
  });

  it('accepts the size of a feed that truly shrank: the new baseline, audited, alert cleared', async () => {
    const tag = unique();
    const path = `/feeds/${tag}-accept.csv`;
    const skus = [1, 2, 3, 4].map((n) => `${tag}-${n}`);
    const feedOf = (list: string[], price: string) =>
      csvFeed(list.map((sku) => csvRow(sku, price)));
    served.set(path, { body: feedOf(skus, '10000') });
    const feed = await createFeed(api, path);
    expect(await runFeed(api, feed.id)).toMatchObject({ created: 4, complete: true });
    const accept = () => api.admin.post<Feed>(`/api/admin/feeds/${feed.id}/accept-size`);
    // A complete run has no new size to accept.
    expect((await accept()).status).toBe(409);

    served.set(path, { body: feedOf(skus.slice(0, 1), '11000') });
    const shrunk = await runFeed(api, feed.id);
    expect(shrunk).toMatchObject({ status: 'done', complete: false, deactivated: 0 });
    expect((await api.admin.get<Feed>(`/api/admin/feeds/${feed.id}`)).body.alert).toContain(
      'tidak ada produk yang dinonaktifkan',
    );

    const accepted = await accept();
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.alert).toBeNull();
    expect(accepted.body.lastRun).toMatchObject({ id: shrunk.id, complete: true });
    // The history keeps why the run deactivated nothing.
    expect(accepted.body.lastRun!.message).toBe(shrunk.message);
    expect((await accept()).status).toBe(409);
    // Nothing is deactivated by the accept itself.
    expect(Boolean((await productOf(api, skus[3]!))!.isActive)).toBe(true);
    const audit = await api.admin.get<AuditPage>(
      `/api/admin/audit?entity=feed&entityId=${feed.id}`,
    );
    const entries = audit.body.entries.filter((entry) => entry.action === 'feed_accept_size');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.summary).toContain('1 baris');

    // The next complete run compares with the accepted one and deactivates as usual: the
    // three products missed two complete runs in a row.
    served.set(path, { body: feedOf(skus.slice(0, 1), '12000') });
    expect(await runFeed(api, feed.id)).toMatchObject({
      status: 'done',
      complete: true,
      updated: 1,
      deactivated: 3,
      message: null,
    });
    for (const sku of skus.slice(1)) {
      expect(Boolean((await productOf(api, sku))!.isActive)).toBe(false);
    }
    expect(Boolean((await productOf(api, skus[0]!))!.isActive)).toBe(true);
    expect((await api.admin.get<Feed>(`/api/admin/feeds/${feed.id}`)).body.alert).toBeNull();
    expect(
      (
        await api.admin.post<Feed>(
          '/api/admin/feeds/00000000-0000-4000-8000-000000000000/accept-size',
        )
      ).status,
    ).toBe(404);
  });

  it('reports bad rows in errors.csv and writes the others', async () => {
    const tag = unique();
    const path = `/feeds/${tag}-bad.csv`;
    served.set(path, {
      body: csvFeed([
        csvRow(`${tag}-ok`, '30000'),
        csvRow(`${tag}-bad`, 'gratis'),
        csvRow('', '40000'),
        `${tag}-link,Judul,5000,,javascript:alert(1),https://example.com/x.webp,in stock,X`,
      ]),
    });
    const feed = await createFeed(api, path);
    const run = await runFeed(api, feed.id);
    expect(run).toMatchObject({ status: 'done', rows: 4, created: 1, failed: 3 });
    const res = await api.admin.get(`/api/admin/feed-runs/${run.id}/errors.csv`);
    expect(res.status).toBe(200);
    const rows = parse(res.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.baris, row.alasan])).toEqual([
      ['3', 'price: Harga tidak valid'],
      ['4', 'sku: SKU harus diisi'],
      ['5', 'link: Tautan produk tidak valid'],
    ]);
    expect(rows[0]!.data).toContain(`${tag}-bad`);
  });

  it('keeps the fields staff edited by hand until they are unlocked', async () => {
    const tag = unique();
    const path = `/feeds/${tag}-lock.csv`;
    const sku = `${tag}-L`;
    served.set(path, { body: csvFeed([csvRow(sku, '70000')]) });
    const feed = await createFeed(api, path);
    await runFeed(api, feed.id);
    const product = (await productOf(api, sku))!;
    const current = await api.admin.get<Record<string, unknown>>(
      `/api/admin/products/${product.id}`,
    );
    const edit = await api.admin.put(`/api/admin/products/${product.id}`, {
      ...current.body,
      title: `Judul staf ${tag}`,
    });
    expect(edit.status).toBe(200);

    served.set(path, { body: csvFeed([csvRow(sku, '65000')]) });
    expect(await runFeed(api, feed.id)).toMatchObject({ updated: 1 });
    expect((await productOf(api, sku))!.title).toBe(`Judul staf ${tag}`);
    expect(Number((await linkOf(api, sku))!.priceValue)).toBe(65000);
    const listed = await api.admin.get<AdminProductListResponse>(
      `/api/admin/products?page=1&search=${encodeURIComponent(`Judul staf ${tag}`)}`,
    );
    expect(listed.body.products[0]).toMatchObject({
      id: product.id,
      feedName: feed.name,
      lockedFields: ['title'],
    });
    expect(listed.body.products[0]!.priceConfirmedAt).toEqual(expect.any(String));

    const unlock = await api.admin.put(`/api/admin/products/${product.id}`, {
      ...current.body,
      title: `Judul staf ${tag}`,
      lockedFields: [],
    });
    expect(unlock.status).toBe(200);
    await runFeed(api, feed.id);
    expect((await productOf(api, sku))!.title).toBe(`Produk Feed ${sku}`);
  });

  it('runs a feed once at a time and recovers a run cut off by a crash', async () => {
    const tag = unique();
    const path = `/feeds/${tag}-slow.csv`;
    served.set(path, { body: csvFeed([csvRow(`${tag}-s`, '9000')]), delayMs: 500 });
    const feed = await createFeed(api, path);
    const [one, two] = await Promise.all([
      api.admin.post<{ id: string }>(`/api/admin/feeds/${feed.id}/run`),
      api.admin.post<{ id: string }>(`/api/admin/feeds/${feed.id}/run`),
    ]);
    expect([one.status, two.status].sort()).toEqual([202, 409]);
    const started = one.status === 202 ? one : two;
    expect(await waitForRun(api, started.body.id)).toMatchObject({ status: 'done', created: 1 });

    // A process died mid-run: its run stays `running` and its lease expires.
    const { db } = api.server.running;
    const crashedId = '00000000-0000-4000-8000-' + String(Date.now()).slice(-12).padStart(12, '0');
    await db.write(async (transaction) => {
      await db.sequelize.query(
        `INSERT INTO feed_runs (id, "feedId", status, "startedAt") VALUES (:id, :feedId, 'running', :at)`,
        { replacements: { id: crashedId, feedId: feed.id, at: new Date() }, transaction },
      );
      await db.sequelize.query(
        `UPDATE feeds SET "leaseOwner" = 'dead', "leaseUntil" = 1 WHERE id = :feedId`,
        { replacements: { feedId: feed.id }, transaction },
      );
    });
    served.set(path, { body: csvFeed([csvRow(`${tag}-s`, '8000')]) });
    expect(await runFeed(api, feed.id)).toMatchObject({ status: 'done', updated: 1 });
    const crashed = await api.admin.get<FeedRun>(`/api/admin/feed-runs/${crashedId}`);
    expect(crashed.body).toMatchObject({ status: 'failed' });
    expect(crashed.body.message).toContain('terhenti');
    const runs = await api.admin.get<{ runs: FeedRun[]; totalCount: number }>(
      `/api/admin/feeds/${feed.id}/runs?page=1&limit=2`,
    );
    expect(runs.body.totalCount).toBe(3);
    expect(runs.body.runs).toHaveLength(2);
  });

  it('fails a run whose feed is unreachable with a readable reason and alerts', async () => {
    const feed = await createFeed(api, `/feeds/${unique()}-missing.csv`);
    const run = await runFeed(api, feed.id);
    expect(run.status).toBe('failed');
    expect(run.message).toBe('Server feed menjawab HTTP 404');
    const shown = await api.admin.get<Feed>(`/api/admin/feeds/${feed.id}`);
    expect(shown.body.alert).toContain('Server feed menjawab HTTP 404');
    const stats = await api.admin.get<StatsResponse>('/api/admin/stats');
    expect(stats.body.feedAlerts).toContainEqual({
      feedId: feed.id,
      name: feed.name,
      alert: 'Proses terakhir gagal: Server feed menjawab HTTP 404',
    });
  });

  it('checks the feed form and answers 404 and 401', async () => {
    const bad = await api.admin.post('/api/admin/feeds', {
      name: '',
      url: 'ftp://x',
      format: 'csv',
      platform: 'Shopee',
      scheduleMinutes: 5,
      newProducts: 'active',
      mapping: {},
    });
    expect(bad.status).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await api.admin.post(`/api/admin/feeds/${missing}/run`)).status).toBe(404);
    expect((await api.visitor.get('/api/admin/feeds')).status).toBe(401);
  });

  it('drops the never written feed_items.linkId (0020), and the migration undoes', async () => {
    const { db } = api.server.running;
    const columns = async () =>
      Object.keys(await db.sequelize.getQueryInterface().describeTable('feed_items'));
    expect(await columns()).not.toContain('linkId');
    await createMigrator(db).down({ to: '0020-feed-items-drop-link-id' });
    expect(await columns()).toContain('linkId');
    await migrate(db);
    expect(await columns()).not.toContain('linkId');
    expect(await columns()).toContain('contentHash');
  });

  it("gives the newest run's items to the feed's seen run (0030), and the migration undoes", async () => {
    const { db } = api.server.running;
    const tag = unique();
    const path = `/feeds/${tag}-0030.csv`;
    served.set(path, { body: csvFeed([csvRow(`${tag}-1`, '10000'), csvRow(`${tag}-2`, '10000')]) });
    const feed = await createFeed(api, path);
    const run = await runFeed(api, feed.id);
    const items = () =>
      db.sequelize.query<{ lastSeenRunId: string | null; missedRuns: number | string }>(
        `SELECT "lastSeenRunId", "missedRuns" FROM feed_items WHERE "feedId" = :feedId`,
        { replacements: { feedId: feed.id }, type: QueryTypes.SELECT },
      );
    const seenRunId = async () =>
      (
        await db.sequelize.query<{ seenRunId: string | null }>(
          `SELECT "seenRunId" FROM feeds WHERE id = :feedId`,
          { replacements: { feedId: feed.id }, type: QueryTypes.SELECT },
        )
      )[0]!.seenRunId;
    await createMigrator(db).down({ to: '0030-feed-seen-run' });
    expect((await items()).map((item) => item.lastSeenRunId)).toEqual([run.id, run.id]);
    await migrate(db);
    expect(await seenRunId()).toBe(run.id);
    expect((await items()).map((item) => item.lastSeenRunId)).toEqual([null, null]);
  });

  it("leaves room on feed_items' pages (0028, PostgreSQL); a run writes no item it saw unchanged", async () => {
    const { db } = api.server.running;
    const fillfactor = async () => {
      const [row] = await db.sequelize.query<{ options: string[] | null }>(
        `SELECT reloptions AS options FROM pg_class WHERE oid = 'feed_items'::regclass`,
        { type: QueryTypes.SELECT },
      );
      return row!.options;
    };
    if (api.dialect !== 'postgres') return;
    expect(await fillfactor()).toEqual(['fillfactor=50']);
    await createMigrator(db).down({ to: '0028-feed-items-fillfactor' });
    expect(await fillfactor()).toBeNull();
    await migrate(db);
    expect(await fillfactor()).toEqual(['fillfactor=50']);

    // Each item's tuple: an UPDATE gives a row a new one. (The statistics counters were read
    // here before: a pooled backend reports its counts up to 10 s after it goes idle, so another
    // write of the run could be counted after the first reading and fail the test.)
    const places = async (feedId: string) =>
      new Map(
        (
          await db.sequelize.query<{ id: number | string; place: string }>(
            `SELECT id, ctid::text AS place FROM feed_items WHERE "feedId" = :feedId`,
            { replacements: { feedId }, type: QueryTypes.SELECT },
          )
        ).map(({ id, place }) => [String(id), place]),
      );
    const tag = unique();
    const path = `/feeds/${tag}.csv`;
    const skus = Array.from({ length: 300 }, (_, index) => `${tag}-${index}`);
    served.set(path, { body: csvFeed(skus.map((sku) => csvRow(sku, '100000 IDR'))) });
    const feed = await createFeed(api, path);
    expect(await runFeed(api, feed.id)).toMatchObject({ status: 'done', created: 300 });
    const before = await places(feed.id);
    expect(before.size).toBe(300);
    // One price changed, so the file differs; the other 299 rows cost no write (seen.ts).
    served.set(path, {
      body: csvFeed(
        skus.map((sku, index) => csvRow(sku, index === 0 ? '90000 IDR' : '100000 IDR')),
      ),
    });
    expect(await runFeed(api, feed.id)).toMatchObject({
      status: 'done',
      updated: 1,
      unchanged: 299,
    });
    const after = await places(feed.id);
    // The changed row's item; each seen mark was one more (session 38: 299 or more).
    expect([...after].filter(([id, place]) => before.get(id) !== place)).toHaveLength(1);
  });

  it('looks up only the rows it does not know unchanged from its start; a sku seen again is matched as written', async () => {
    const { db } = api.server.running;
    const tag = unique();
    const path = `/feeds/${tag}.csv`;
    const skus = Array.from({ length: 3 }, (_, index) => `${tag}-${index}`);
    served.set(path, { body: csvFeed(skus.map((sku) => csvRow(sku, '100000 IDR'))) });
    const feed = await createFeed(api, path);
    const seed = await runFeed(api, feed.id);
    expect(seed).toMatchObject({ status: 'done', created: 3 });

    // A chunk's rows known unchanged at the run's start are not looked up: with the first
    // item's hash changed in the database behind the run's back, its row is not written.
    const stored = (await findFeed(db, feed.id))!;
    const context = await runContext(db, stored, seed.id);
    const knownItems = await KnownItems.load(db, feed.id);
    expect(knownItems?.size).toBe(3);
    await db.sequelize.query(
      `UPDATE feed_items SET "contentHash" = :hash WHERE "feedId" = :feedId AND sku = :sku`,
      { replacements: { hash: '0'.repeat(40), feedId: feed.id, sku: skus[0] } },
    );
    const rows = skus.map((sku, index) => {
      const [, ...cells] = csvRow(sku, '100000 IDR').split(',');
      const fields = Object.fromEntries(
        CSV_HEADER.split(',').map((name, at) => [name, at === 0 ? sku : cells[at - 1]!]),
      );
      return mapRecord(stored, { row: index + 2, fields }) as MappedRow;
    });
    const hashOfFirst = async () => {
      const [item] = await db.sequelize.query<{ hash: string }>(
        `SELECT "contentHash" AS hash FROM feed_items WHERE "feedId" = :feedId AND sku = :sku`,
        { replacements: { feedId: feed.id, sku: skus[0] }, type: QueryTypes.SELECT },
      );
      return item!.hash;
    };
    const chunkOf = (known: KnownItems | null) => {
      const chunk = new RunChunk(known);
      for (const row of rows) chunk.add(row);
      return chunk;
    };
    const known = chunkOf(knownItems);
    expect(known.unchangedIds).toHaveLength(3);
    expect(
      await db.write((transaction) => writeChunk(db, context, known.rows, transaction)),
    ).toMatchObject({ unchanged: 0, updated: 0, created: 0 });
    expect(await hashOfFirst()).toBe('0'.repeat(40));
    // Without them, that row is looked up and its item written again (its product and link
    // are as the row says: no write there).
    const unknown = chunkOf(null);
    expect(unknown.rows).toHaveLength(3);
    expect(
      await db.write((transaction) => writeChunk(db, context, unknown.rows, transaction)),
    ).toMatchObject({ unchanged: 3, updated: 0, created: 0 });
    expect(await hashOfFirst()).toBe(rows[0]!.hash);
    // A feed over the limit is matched in the database chunk by chunk.
    expect(await KnownItems.load(db, feed.id, 2)).toBeNull();

    // The first sku twice in a run: changed, then as it was (a new chunk, which must see the
    // change the first wrote, not what the run knew at its start).
    served.set(path, {
      body: csvFeed([
        csvRow(skus[0]!, '90000 IDR'),
        ...skus.slice(1).map((sku) => csvRow(sku, '100000 IDR')),
        csvRow(skus[0]!, '100000 IDR'),
      ]),
    });
    expect(await runFeed(api, feed.id)).toMatchObject({
      status: 'done',
      rows: 4,
      updated: 2,
      unchanged: 2,
    });
    expect(Number((await linkOf(api, skus[0]!))!.priceValue)).toBe(100000);
    served.set(path, { body: csvFeed(skus.map((sku) => csvRow(sku, '100000 IDR'))) });
    expect(await runFeed(api, feed.id)).toMatchObject({ status: 'done', unchanged: 3 });
  }, 120_000);

  // The server runs each feed in a process of its own (run-in-child.ts): every run above went
  // through one. These check what crosses between the processes and how one ends.
  it("learns a run's new words in the server: a typo finds them at once", async () => {
    const tag = unique();
    const word = `z${tag.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!).slice(0, 7)}`;
    const typo = word.slice(0, 3) + word.slice(4);
    const search = async (term: string) =>
      (
        await api.visitor.get<ProductListResponse>(
          `/api/products?search=${encodeURIComponent(term)}&page=1&limit=12`,
        )
      ).body.products.map((product) => product.title);
    expect(await search(typo)).toEqual([]);
    const path = `/feeds/${tag}-words.csv`;
    const row = [
      `${tag}-w`,
      `Lampu ${word} Hemat`,
      '50000',
      '',
      'https://shopee.co.id/w',
      'https://example.com/w.webp',
      'in stock',
      'Elektronik',
    ];
    served.set(path, { body: csvFeed([row.join(',')]) });
    const feed = await createFeed(api, path);
    expect(await runFeed(api, feed.id)).toMatchObject({ status: 'done', created: 1 });
    // No wait: SQLite's vocabulary reloads only every 30 s (vocabulary.ts).
    expect(await search(typo)).toEqual([`Lampu ${word} Hemat`]);
  });

  it('fails a run, and frees its feed, when its process cannot open the database', async () => {
    const path = `/feeds/${unique()}-dead.csv`;
    served.set(path, { body: csvFeed([csvRow(`${unique()}-d`, '9000')]) });
    const feed = await createFeed(api, path);
    const { db } = api.server.running;
    const runner = new FeedRunner({
      db,
      policy: { allowPrivate: true, maxBytes: 1_000_000 },
      dataDir: api.server.running.config.dataDir,
      worker:
        api.dialect === 'postgres'
          ? {
              databaseUrl: 'postgres://postgres@127.0.0.1:5432/diskonradar_no_such_database',
              dataDir: '/',
            }
          : { databaseUrl: null, dataDir: '/dev/null/no-such-directory' },
    });
    const runId = await runner.start(feed.id, { userId: null, username: 'system', ip: null });
    expect(runId).not.toBeNull();
    await runner.idle();
    const run = await api.admin.get<FeedRun>(`/api/admin/feed-runs/${runId}`);
    expect(run.body).toMatchObject({ status: 'failed', message: FEED_RUN_MESSAGES.failed });
    // Not after the two-minute lease: the next run starts now and writes.
    expect(await runFeed(api, feed.id)).toMatchObject({ status: 'done', created: 1 });
  });

  it('runs a feed in a process of its own at the lowest priority; a stopped or killed one ends its run', async () => {
    const tag = unique();
    const path = `/feeds/${tag}-killed.csv`;
    const rows = Array.from({ length: 30_000 }, (_, index) => csvRow(`${tag}-${index}`, '15000'));
    served.set(path, { body: csvFeed(rows) });
    const feed = await createFeed(api, path);
    const runUntilSignalled = async (signal: NodeJS.Signals) => {
      const started = await api.admin.post<{ id: string }>(`/api/admin/feeds/${feed.id}/run`);
      expect(started.status).toBe(202);
      // Every thread of the feed process takes nice 19, the idle class and the last core (on a
      // machine of several) once it has loaded; on PostgreSQL (on this machine, and the tests
      // may set it) so do the backends that execute its statements.
      const core = lastAllowedCore(process.pid);
      const lowest = ({ nice, policy, cores }: ThreadPriority) =>
        nice === 19 && policy === SCHED_IDLE && (core === null || cores === String(core));
      const feedProcess = await waitFor(async () => {
        const pid = feedProcessOf(process.pid);
        if (pid === null || !threadPriorities(pid).every(lowest)) return null;
        if (api.dialect !== 'postgres') return pid;
        const backends = await feedBackends(api.server.running.db);
        return backends.length > 0 && backends.flatMap(threadPriorities).every(lowest) ? pid : null;
      });
      process.kill(feedProcess, signal);
      return waitForRun(api, started.body.id);
    };
    // A stop that reached the feed process (Ctrl+C, a service manager): it ends after its chunk.
    expect(await runUntilSignalled('SIGTERM')).toMatchObject({
      status: 'failed',
      message: FEED_RUN_MESSAGES.stopped,
    });
    served.set(path, { body: csvFeed(rows.map((row) => row.replace(',15000,', ',16000,'))) });
    expect(await runUntilSignalled('SIGKILL')).toMatchObject({
      status: 'failed',
      message: FEED_RUN_MESSAGES.failed,
    });
    // The lease is freed with the run: the next one starts now.
    served.set(path, { body: csvFeed(rows.slice(0, 50)) });
    expect(await runFeed(api, feed.id)).toMatchObject({ status: 'done' });
    expect(feedProcessOf(process.pid)).toBeNull();
  });
});

/** A feed process this test's server started (its child running feed-worker), or null. */
function feedProcessOf(parent: number): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (parentPid === parent && command.includes('feed-worker')) return Number(entry);
    } catch {
      // The process ended while it was read.
    }
  }
  return null;
}

const SCHED_IDLE = 5;

/** The PostgreSQL backends serving the feed process's connections. */
async function feedBackends(db: Database): Promise<number[]> {
  const rows = await db.sequelize.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE application_name = :name AND datname = current_database()',
    { type: QueryTypes.SELECT, replacements: { name: FEED_APPLICATION_NAME } },
  );
  return rows.map((row) => Number(row.pid));
}

interface ThreadPriority {
  nice: number;
  policy: number;
  /** The cores it may run on (Cpus_allowed_list). */
  cores: string;
}

/**
 * Each thread's nice value and scheduling policy (fields 19 and 41 of /proc/PID/task/TID/stat)
 * and its cores.
 */
function threadPriorities(pid: number): ThreadPriority[] {
  return readdirSync(`/proc/${pid}/task`).map((thread) => {
    const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = readFileSync(`/proc/${pid}/task/${thread}/status`, 'utf8');
    const cores = /^Cpus_allowed_list:\s*(\S+)$/m.exec(status)?.[1] ?? '';
    return { nice: Number(fields[16]), policy: Number(fields[38]), cores };
  });
}

async function waitFor<T>(probe: () => Promise<T | null>): Promise<T> {
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
