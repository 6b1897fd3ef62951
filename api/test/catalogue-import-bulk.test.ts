import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { ImportJob } from '@shared/rules/product-csv';
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedDemoIfEmpty } from '../src/seed/seed-demo';
import { openFileJob } from '../src/catalogue/imports/file-job';
import { cancelJob, findJob } from '../src/catalogue/imports/jobs';
import {
  BULK_MIN_ROWS,
  choosePath,
  CHUNK_ROWS,
  runImport,
  type ImportPath,
} from '../src/catalogue/imports/runner';
import { sqliteVocabulary } from '../src/catalogue/search/vocabulary';
import { endFtsAside, FTS_ASIDE_SCHEMA, ftsAsideFile, startFtsAside } from '../src/seed/fts-aside';
import { csv, type Cells } from '../src/catalogue/imports/test-support';
import { DOCS_LINK_COLUMNS } from '../src/db/migrations/0043-search-docs-carry-marketplace-figures';
import { createTestDatabase, type TestDatabase } from './support/databases';

/**
 * An import into a catalogue without products loads in bulk on SQLite (runner.ts, bulkImport:
 * one transaction, triggers and indexes set aside, derived tables rebuilt). It must leave what
 * the row path (the triggers) leaves: the same file through each path, one database each,
 * compared table by table without ids or times.
 */

type Row = Record<string, unknown>;

/** The rows as a CSV file; every row of `rows` below names the same columns, in its order. */
const csvOf = (list: Cells[]) => csv(Object.keys(list[0]!), list);

const WORDS = ['sepatu', 'kaos', 'blender', 'serum', 'kemeja'];

/**
 * Two chunks and more of varied rows: links with and without prices and original prices,
 * inactive products, badges, rows that fail (an unknown category, a discount past 100, no
 * sku), and, late in the file, skus seen before (the second row of a sku updates its product).
 */
function rows(count: number, slugs: string[], repeats = true): Cells[] {
  const list: Cells[] = [];
  for (let n = 0; n < count; n++) {
    const word = WORDS[n % WORDS.length]!;
    const row: Cells = {
      sku: `SKU-${n}`,
      title: `${word} pilihan nomor ${n}`,
      description: `Deskripsi ${word} ${n % 7 === 0 ? 'katun lembut' : 'bahan kuat'}`,
      category: slugs[n % slugs.length]!,
      imageUrl: 'https://example.com/produk.webp',
      discountPercentage: String(n % 60),
      badgeText: n % 4 === 0 ? 'Promo Kilat' : '',
      isActive: n % 9 === 0 ? 'tidak' : 'ya',
      shopee_url: `https://shopee.co.id/p-${n}`,
      shopee_price: n % 5 === 0 ? '' : `Rp ${(10_000 + n * 100).toLocaleString('id-ID')}`,
      shopee_original_price: n % 3 === 0 ? `${20_000 + n * 100}` : '',
      tokopedia_url: n % 2 === 0 ? `https://tokopedia.com/p-${n}` : '',
      tokopedia_price: n % 2 === 0 ? `${9_000 + n * 50}` : '',
    };
    if (n % 97 === 0) row.category = 'tidak-ada';
    if (n % 131 === 0) row.discountPercentage = '150';
    if (n % 173 === 0) row.sku = '';
    list.push(row);
  }
  if (repeats) {
    // Again, changed: a new price (a price point), a new title (its search rows), a link gone.
    list.push({ ...list[1]!, shopee_price: '5000', title: 'kemeja ganti judul' });
    list.push({ ...list[2]!, tokopedia_url: '', tokopedia_price: '' });
    list.push({ ...list[3]! });
    list.push(...rows(50, slugs, false).map((row, n) => ({ ...row, sku: `EKOR-${n}` })));
  }
  return list;
}

async function select(db: Database, sql: string): Promise<Row[]> {
  const result = await db.sequelize.query<Row>(sql, { type: QueryTypes.SELECT });
  return result.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])),
  );
}

/** The columns an import writes, whose storage class (typeof) must not depend on the path. */
const PRODUCT_TYPED = [
  'id',
  'sku',
  'categoryId',
  'title',
  'description',
  'imageUrl',
  'imageUrls',
  'videoUrl',
  'mediaType',
  'discountPercentage',
  'badgeText',
  'badgeColor',
  'platforms',
  'isActive',
  'isFeaturedPromo',
  'isFeaturedPopular',
  'featuredOrder',
  'lowestPrice',
  'saving',
  'inStock',
  'platformMask',
  'stockMask',
  'createdAt',
  'updatedAt',
];
const LINK_TYPED = [
  'productId',
  'platform',
  'affiliateUrl',
  'price',
  'priceValue',
  'originalPriceValue',
  'saving',
  'categoryId',
  'createdAt',
  'updatedAt',
];

/** Every table the product reads, without ids or times; search as the answers' skus. */
async function catalogueState(db: Database): Promise<Record<string, unknown[]>> {
  const match = (table: string, docs: string, word: string) =>
    select(
      db,
      `SELECT p.sku FROM ${table} f JOIN ${docs} d ON d.docid = f.rowid
        JOIN products p ON p.id = d."productId"
        WHERE ${table} MATCH '${word}' ORDER BY p.sku`,
    );
  const searches: Record<string, Row[]> = {};
  for (const word of [...WORDS, 'katun', 'promo', 'ganti']) {
    searches[`search ${word}`] = await match('product_search', 'product_search_docs', word);
    searches[`title ${word}`] = await match('product_search_title', 'product_search_docs', word);
    searches[`label ${word}`] = await match('product_search_label', 'product_search_docs', word);
    searches[`admin ${word}`] = await match(
      'product_admin_search',
      'product_admin_search_docs',
      word,
    );
  }
  return {
    products: await select(
      db,
      `SELECT sku, "categoryId", title, description, "imageUrl", "imageUrls", "videoUrl",
          "mediaType", "discountPercentage", "badgeText", "badgeColor", platforms, "isActive",
          "isFeaturedPromo", "isFeaturedPopular", "featuredOrder", "lowestPrice", "inStock",
          saving, "platformMask", "stockMask", "createdAt" = "updatedAt" AS untouched
        FROM products ORDER BY sku`,
    ),
    // Each search docs row's filter figures, as stored (migration 0039), and each marketplace's
    // price (0043).
    searchDocs: await select(
      db,
      `SELECT p.sku, d."categoryId", quote(d."lowestPrice") AS "lowestPrice",
          quote(d."discountPercentage") AS discount, quote(d."inStock") AS "inStock",
          quote(d."platformMask") AS "platformMask", quote(d."stockMask") AS "stockMask",
          ${DOCS_LINK_COLUMNS.map((column) => `quote(d."${column}") AS "${column}"`).join(', ')}
        FROM product_search_docs d JOIN products p ON p.id = d."productId" ORDER BY p.sku`,
    ),
    links: await select(
      db,
      `SELECT p.sku, l.platform, l."affiliateUrl", l.price, l."priceValue",
          l."originalPriceValue", l.saving, l."categoryId"
        FROM platform_links l JOIN products p ON p.id = l."productId" ORDER BY p.sku, l.platform`,
    ),
    // The storage classes too: the bulk path binds its values (BoundStatements), the row path
    // escapes them into the SQL text; each value must be stored as the same type.
    storedTypes: await select(
      db,
      `SELECT DISTINCT ${PRODUCT_TYPED.map((column) => `typeof("${column}")`).join(` || ',' || `)}
          AS types FROM products ORDER BY 1`,
    ),
    linkTypes: await select(
      db,
      `SELECT DISTINCT ${LINK_TYPED.map((column) => `typeof("${column}")`).join(` || ',' || `)}
          AS types FROM platform_links ORDER BY 1`,
    ),
    pricePoints: await select(
      db,
      `SELECT p.sku, pp.platform, pp.price FROM price_points pp
        JOIN products p ON p.id = pp."productId" ORDER BY p.sku, pp.platform, pp.id`,
    ),
    // The docids' order: the order the newest-first walk lists products in.
    searchOrder: await select(
      db,
      `SELECT p.sku, d."categoryId" FROM product_search_docs d
        JOIN products p ON p.id = d."productId" ORDER BY d.docid`,
    ),
    adminDocs: await select(
      db,
      `SELECT p.sku FROM product_admin_search_docs d
        JOIN products p ON p.id = d."productId" ORDER BY d.docid`,
    ),
    counts: await select(db, 'SELECT "categoryId", total FROM product_counts ORDER BY 1'),
    activeCounts: await select(
      db,
      'SELECT "categoryId", active FROM product_active_counts ORDER BY 1',
    ),
    vocab: await select(db, 'SELECT term, doc, cnt FROM product_search_vocab ORDER BY term'),
    learned: [...(await sqliteVocabulary(db))].sort(),
    ...searches,
  };
}

/**
 * The full-text tables' scratch file (fts-aside.ts) is gone once an import ended, and no longer
 * attached to the writer's connection.
 */
async function expectNoScratch(db: Database) {
  expect(existsSync(ftsAsideFile(db))).toBe(false);
  const attached = await db.write((transaction) =>
    db.sequelize.query<{ name: string }>('PRAGMA database_list', {
      type: QueryTypes.SELECT,
      transaction,
    }),
  );
  expect(attached.map((row) => row.name)).not.toContain(FTS_ASIDE_SCHEMA);
}

/** The schema as SQLite describes it, with the full-text tables' stored settings. */
function schema(db: Database): Promise<Row[]> {
  return select(
    db,
    `SELECT type, name, tbl_name, sql FROM sqlite_master
     UNION ALL SELECT 'config', 'product_search.' || k, '', v FROM product_search_config
     UNION ALL SELECT 'config', 'product_search_title.' || k, '', v FROM product_search_title_config
     UNION ALL SELECT 'config', 'product_search_label.' || k, '', v FROM product_search_label_config
     UNION ALL SELECT 'config', 'product_admin_search.' || k, '', v FROM product_admin_search_config
     ORDER BY 1, 2`,
  );
}

interface Imported {
  job: ImportJob;
  failures: Row[];
  audit: Row[];
  changed: number;
}

const actor = { userId: null, username: 'penguji', ip: null };

/** Runs one import job of `text` to its end in this process, as the upload would. */
async function startImport(
  db: Database,
  dataDir: string,
  text: string,
  options: {
    path: ImportPath;
    stopping?: AbortSignal;
    onError?: (error: unknown) => void;
    onBulkStep?: (step: string) => void;
  },
) {
  const file = path.join(dataDir, `${randomUUID()}.csv`);
  writeFileSync(file, text);
  const run = await openFileJob(db, file, actor);
  const { id } = run;
  let changed = 0;
  const done = runImport(
    {
      db,
      path: options.path,
      onCatalogueChanged: () => changed++,
      onUnexpectedError: options.onError ?? ((error) => console.error(error)),
      ...(options.stopping ? { stopping: options.stopping } : {}),
      ...(options.onBulkStep ? { onBulkStep: options.onBulkStep } : {}),
    },
    run,
  );
  const finished = async (): Promise<Imported> => {
    await done;
    const job = (await findJob(db, id))!;
    const failures = await select(
      db,
      `SELECT row, reason, cells FROM import_job_failures WHERE "jobId" = '${id}' ORDER BY row`,
    );
    const audit = await select(
      db,
      `SELECT action, entity, summary, changes, username FROM audit_log
        WHERE "entityId" = '${id}' ORDER BY id`,
    );
    return { job, failures, audit, changed };
  };
  return { id, finished };
}

async function importFile(db: Database, dataDir: string, text: string, importPath: ImportPath) {
  return (await startImport(db, dataDir, text, { path: importPath })).finished();
}

/** A job's results without its id and times. */
const results = ({ job, failures, audit, changed }: Imported) => ({
  job: { ...job, id: '', createdAt: '', finishedAt: '' },
  failures,
  audit,
  changed,
});

describe('an import into an empty catalogue (SQLite bulk path)', () => {
  let template: TestDatabase;
  const opened: { db: Database; database: TestDatabase }[] = [];
  let slugs: string[] = [];

  beforeAll(async () => {
    template = await createTestDatabase('sqlite');
    const db = await openDatabase({ dataDir: template.dataDir, databaseUrl: null });
    await migrate(db);
    await seedDemoIfEmpty(db);
    await db.sequelize.query('DELETE FROM products');
    slugs = (await select(db, 'SELECT slug FROM categories ORDER BY slug')).map((row) =>
      String(row.slug),
    );
    await db.close();
  }, 60_000);

  afterAll(async () => {
    for (const { db, database } of opened) {
      await db.close();
      await database.drop();
    }
    await template.drop();
  });

  async function freshCatalogue() {
    const database = await createTestDatabase('sqlite', template);
    const db = await openDatabase({ dataDir: database.dataDir, databaseUrl: null });
    opened.push({ db, database });
    return { db, dataDir: database.dataDir };
  }

  it('leaves what the row path leaves, table by table, and the same job', async () => {
    const text = csvOf(rows(CHUNK_ROWS + 300, slugs));
    const bulk = await freshCatalogue();
    const trigger = await freshCatalogue();
    const before = await schema(bulk.db);
    const viaBulk = await importFile(bulk.db, bulk.dataDir, text, 'bulk');
    const viaRows = await importFile(trigger.db, trigger.dataDir, text, 'rows');
    expect(viaBulk.job).toMatchObject({ status: 'done', updated: 2, unchanged: 1 });
    expect(viaBulk.job.created).toBeGreaterThan(CHUNK_ROWS);
    expect(viaBulk.job.failed).toBeGreaterThan(10);
    expect(results(viaBulk)).toEqual(results(viaRows));
    const state = await catalogueState(bulk.db);
    expect(state.pricePoints!.length).toBeGreaterThan(CHUNK_ROWS);
    expect(state['search katun']!.length).toBeGreaterThan(10);
    expect(state).toEqual(await catalogueState(trigger.db));
    expect(await schema(bulk.db)).toEqual(before);
    await expectNoScratch(bulk.db);
    // What the row path updates afterwards works on the bulk-loaded catalogue alike.
    const again = csvOf(rows(200, slugs, false));
    expect(results(await importFile(bulk.db, bulk.dataDir, again, 'auto'))).toEqual(
      results(await importFile(trigger.db, trigger.dataDir, again, 'auto')),
    );
    expect(await catalogueState(bulk.db)).toEqual(await catalogueState(trigger.db));
  }, 120_000);

  it('rolls everything back when the load fails part-way: no products, the same schema', async () => {
    const { db, dataDir } = await freshCatalogue();
    // A rebuild that cannot run (its table is gone) fails the load after the rows are in and
    // the triggers and indexes are set aside: the worst moment to fail.
    await db.sequelize.query('DROP TABLE product_active_counts');
    const before = await schema(db);
    const errors: unknown[] = [];
    const started = await startImport(db, dataDir, csvOf(rows(1_500, slugs, false)), {
      path: 'bulk',
      onError: (error) => errors.push(error),
    });
    const { job, audit } = await started.finished();
    expect(job).toMatchObject({
      status: 'failed',
      message: 'Impor gagal karena kesalahan server',
      processedRows: 0,
      created: 0,
    });
    expect(String(errors[0])).toMatch(/product_active_counts/);
    expect(await select(db, 'SELECT count(*) AS n FROM products')).toEqual([{ n: '0' }]);
    expect(await select(db, 'SELECT count(*) AS n FROM platform_links')).toEqual([{ n: '0' }]);
    expect(await select(db, 'SELECT count(*) AS n FROM product_search_docs')).toEqual([{ n: '0' }]);
    expect(await schema(db)).toEqual(before);
    await expectNoScratch(db);
    expect(audit.map((entry) => entry.summary)).toEqual([
      'Impor CSV produk dimulai',
      'Impor CSV produk: 0 dibuat, 0 diubah, 0 tidak berubah, 0 gagal (gagal)',
    ]);
  }, 60_000);

  it('shows its progress while its transaction runs; other writes wait and land after it', async () => {
    const { db, dataDir } = await freshCatalogue();
    const count = 3 * CHUNK_ROWS;
    const indexesBefore = await select(
      db,
      `SELECT count(*) AS n FROM sqlite_master WHERE type = 'index'`,
    );
    const started = await startImport(db, dataDir, csvOf(rows(count, slugs, false)), {
      path: 'bulk',
    });
    let seen: ImportJob | null = null;
    for (let attempt = 0; attempt < 2_000; attempt++) {
      const job = await findJob(db, started.id);
      if (job && job.processedRows > 0) {
        seen = job;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(seen).toMatchObject({ status: 'running' });
    // A reader meanwhile: the catalogue before the import, every index in place.
    expect(await select(db, 'SELECT count(*) AS n FROM products')).toEqual([{ n: '0' }]);
    expect(
      await select(db, `SELECT count(*) AS n FROM sqlite_master WHERE type = 'index'`),
    ).toEqual(indexesBefore);
    // A write of this process (as an analytics flush or an admin edit) queues behind it.
    const write = db.write(async (transaction) => {
      await db.sequelize.query(
        `INSERT INTO faqs (question, answer, "order", "isActive",
        "createdAt", "updatedAt") VALUES ('Kapan?', 'Sekarang', 99, 1, 'now', 'now')`,
        {
          transaction,
        },
      );
      return select(db, 'SELECT count(*) AS n FROM products');
    });
    const { job } = await started.finished();
    expect(job).toMatchObject({ status: 'done', processedRows: count });
    const productsSeenByTheWrite = await write;
    expect(productsSeenByTheWrite).toEqual([{ n: String(job.created) }]);
    expect(await select(db, `SELECT answer FROM faqs WHERE question = 'Kapan?'`)).toEqual([
      { answer: 'Sekarang' },
    ]);
  }, 60_000);

  it('a cancel ends the load after its chunk and keeps what it loaded, as the row path', async () => {
    const { db, dataDir } = await freshCatalogue();
    const count = 6 * CHUNK_ROWS;
    const started = await startImport(db, dataDir, csvOf(rows(count, slugs, false)), {
      path: 'bulk',
    });
    for (let attempt = 0; attempt < 2_000; attempt++) {
      if (((await findJob(db, started.id))?.processedRows ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await cancelJob(db, started.id)).toBe(true);
    const { job } = await started.finished();
    expect(job.status).toBe('canceled');
    expect(job.processedRows).toBeGreaterThan(0);
    expect(job.processedRows).toBeLessThan(count);
    const [stored] = await select(db, 'SELECT count(*) AS n FROM products');
    expect(Number(stored!.n)).toBe(job.created);
    const [indexed] = await select(db, 'SELECT count(*) AS n FROM product_admin_search_docs');
    expect(Number(indexed!.n)).toBe(job.created);
  }, 60_000);

  it('names each step for a profile: the load, each rebuild, index and trigger, the commit', async () => {
    const { db, dataDir } = await freshCatalogue();
    const setAside = await select(
      db,
      `SELECT type, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL
        AND tbl_name IN ('products', 'platform_links', 'price_points', 'product_search_docs',
          'product_admin_search_docs')`,
    );
    const steps: string[] = [];
    const started = await startImport(db, dataDir, csvOf(rows(1_500, slugs, false)), {
      path: 'bulk',
      onBulkStep: (step) => steps.push(step),
    });
    expect((await started.finished()).job.status).toBe('done');
    const afterLoad = steps.slice(steps.indexOf('load') + 1);
    expect(steps.filter((step) => step === 'load')).toHaveLength(1);
    expect(afterLoad.at(-1)).toBe('commit');
    // Every index and trigger is created again after the load, each its own step.
    expect(setAside.length).toBeGreaterThan(30);
    for (const { sql } of setAside) {
      expect(afterLoad).toContain(String(sql).replace(/\s+/g, ' ').trim());
    }
    for (const table of [
      'product_search',
      'product_search_title',
      'product_search_label',
      'product_admin_search',
    ]) {
      expect(
        afterLoad.filter((step) => step.startsWith(`INSERT INTO ${table} (rowid,`)),
      ).toHaveLength(1);
    }
  }, 60_000);

  it('abandons a scratch fill that already ended without a new error (a later step failed)', async () => {
    const { db } = await freshCatalogue();
    const file = ftsAsideFile(db);
    const steps: string[] = [];
    await db.write(async (transaction) => {
      const aside = await startFtsAside(
        db,
        transaction,
        file,
        (_table, insert) => [insert],
        (step) => steps.push(step),
      );
      await aside.filled;
      await expect(aside.abandon()).resolves.toBeUndefined();
    });
    expect(steps.filter((step) => step.startsWith('INSERT INTO'))).toHaveLength(4);
    await endFtsAside(db, file);
    await expectNoScratch(db);
  }, 60_000);

  it('goes the bulk path only into an empty SQLite catalogue, for a real import of enough rows', async () => {
    const { db, dataDir } = await freshCatalogue();
    expect(await choosePath(db, BULK_MIN_ROWS, false)).toBe('bulk');
    expect(await choosePath(db, BULK_MIN_ROWS - 1, false)).toBe('rows');
    expect(await choosePath(db, BULK_MIN_ROWS, true)).toBe('rows');
    expect(await choosePath(db, 10, false, 'bulk')).toBe('bulk');
    await importFile(db, dataDir, csvOf(rows(3, slugs, false)), 'rows');
    expect(await choosePath(db, BULK_MIN_ROWS, false)).toBe('rows');
    expect(await choosePath(db, BULK_MIN_ROWS, false, 'bulk')).toBe('rows');
  }, 60_000);
});

describe('an import into an empty catalogue on PostgreSQL', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    db = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    await migrate(db);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('keeps the row path: its DDL would lock the products away from every reader', async () => {
    expect(await select(db, 'SELECT count(*) AS n FROM products')).toEqual([{ n: '0' }]);
    expect(await choosePath(db, 100_000, false)).toBe('rows');
    expect(await choosePath(db, 100_000, false, 'bulk')).toBe('rows');
  });
});
