import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { ProductListResponse } from '@shared/types';
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedCatalogue } from '../src/seed/catalogue';
import { startServer, type RunningServer } from '../src/server';
import { DOCS_LINK_COLUMNS } from '../src/db/migrations/0043-search-docs-carry-marketplace-figures';
import { SEARCH_PRICE_COLUMNS } from '../src/db/migrations/0045-search-rows-carry-marketplace-prices';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { testConfig } from './support/server';

/**
 * The bulk seed (triggers and indexes set aside, derived tables rebuilt after) gives the
 * catalogue the trigger path gives, as visitors and staff see it: same seed, one database
 * each, compared table by table and answer by answer. Product ids are random, so rows are
 * compared by what they show (title, dates, figures), never by id.
 */
const PRODUCTS = 3_000;
const WORDS = ['promo', 'diskon', 'untuk', 'sepatu', 'samsung', 'cafe', 'kopi hitam', 'elegant'];

type Row = Record<string, unknown>;

async function select(db: Database, sql: string): Promise<Row[]> {
  const rows = await db.sequelize.query<Row>(sql, { type: QueryTypes.SELECT });
  // Engines give numbers and booleans in their own types: compare their text.
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        value instanceof Date ? value.toISOString() : String(value),
      ]),
    ),
  );
}

/** Everything derived from the products and links, without ids or insertion times. */
async function derivedState(db: Database) {
  const postgres = db.dialect === 'postgres';
  const state: Record<string, Row[]> = {
    counts: await select(
      db,
      `SELECT c.slug, pc.total FROM product_counts pc JOIN categories c ON c.id = pc."categoryId"
        ORDER BY c.slug`,
    ),
    activeCounts: await select(
      db,
      `SELECT c.slug, pc.active FROM product_active_counts pc
        JOIN categories c ON c.id = pc."categoryId" ORDER BY c.slug`,
    ),
    products: await select(
      db,
      `SELECT title, "createdAt", "isActive", "lowestPrice", "inStock", saving, "platformMask",
          "stockMask", platforms, sku = ${postgres ? 'id::text' : 'id'} AS "skuIsId"
        FROM products ORDER BY "createdAt", title`,
    ),
    // Migration 0025: each link's own saving and category.
    linkSavings: await select(
      db,
      `SELECT p.title, p."createdAt", l.platform, l.saving, l."categoryId" = p."categoryId" AS "sameCategory"
        FROM platform_links l JOIN products p ON p.id = l."productId"
        ORDER BY p."createdAt", p.title, l.platform`,
    ),
    pricePoints: await select(
      db,
      `SELECT p.title, p."createdAt", pp.platform, pp.price
        FROM price_points pp JOIN products p ON p.id = pp."productId"
        JOIN platform_links l ON l.id = pp."linkId" AND l."productId" = pp."productId"
        ORDER BY p."createdAt", p.title, pp.platform`,
    ),
  };
  if (postgres) {
    state.searchRows = await select(
      db,
      `SELECT p.title, p."createdAt", s."categoryId" = p."categoryId" AS "sameCategory",
          s."createdAt" = p."createdAt" AS "sameDate",
          s.title::text AS t, s.label::text AS l, s.document::text AS d,
          ${SEARCH_PRICE_COLUMNS.map((column) => `s."${column}"`).join(', ')}
        FROM product_search s JOIN products p ON p.id = s."productId"
        ORDER BY p."createdAt", p.title`,
    );
    state.searchWords = await select(db, 'SELECT word FROM search_words ORDER BY word');
  } else {
    state.searchDocs = await select(
      db,
      `SELECT p.title, p."createdAt", d.docid, d."categoryId", quote(d."lowestPrice") AS price,
          quote(d."discountPercentage") AS discount, quote(d."inStock") AS "inStock",
          quote(d."platformMask") AS "platformMask", quote(d."stockMask") AS "stockMask",
          ${DOCS_LINK_COLUMNS.map((column) => `quote(d."${column}") AS "${column}"`).join(', ')}
        FROM product_search_docs d JOIN products p ON p.id = d."productId" ORDER BY d.docid`,
    );
    state.vocabulary = await select(
      db,
      'SELECT term, doc, cnt FROM product_search_vocab ORDER BY term',
    );
    state.adminSearch = [];
    for (const term of ['sepatu', 'promo', 'ori', 'élé', 'ngan']) {
      state.adminSearch.push(
        ...(await select(
          db,
          `SELECT '${term}' AS term, count(*) AS n FROM product_admin_search
            WHERE product_admin_search MATCH '"${term}"'`,
        )),
      );
    }
    state.adminDocs = await select(
      db,
      `SELECT count(*) AS n, count(DISTINCT d."productId") AS products
        FROM product_admin_search_docs d JOIN products p ON p.id = d."productId"`,
    );
  }
  return state;
}

/** The triggers, indexes and constraints of the schema, as the database describes them. */
async function schema(db: Database): Promise<Row[]> {
  return db.dialect === 'postgres'
    ? select(
        db,
        `SELECT tgname AS name, pg_get_triggerdef(t.oid) AS sql FROM pg_trigger t
          WHERE NOT tgisinternal
         UNION ALL
         SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
         UNION ALL
         SELECT c.relname || '.' || k.conname, pg_get_constraintdef(k.oid)
          FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
          WHERE c.relnamespace = 'public'::regnamespace
         ORDER BY 1`,
      )
    : select(
        db,
        // The full-text tables' stored settings too (the seed changes one for the load).
        `SELECT name, sql FROM sqlite_master WHERE type IN ('trigger', 'index')
         UNION ALL
         SELECT 'product_search_config.' || k, v FROM product_search_config
         UNION ALL
         SELECT 'product_search_title_config.' || k, v FROM product_search_title_config
         UNION ALL
         SELECT 'product_search_label_config.' || k, v FROM product_search_label_config
         UNION ALL
         SELECT 'product_admin_search_config.' || k, v FROM product_admin_search_config
         ORDER BY name`,
      );
}

/** What a product shows in the API, without its ids (nor when its category was created). */
const shown = (page: ProductListResponse) =>
  JSON.parse(
    JSON.stringify(page, (key, value: unknown) => {
      if (['id', 'linkId', 'productId', 'sku'].includes(key)) return undefined;
      if (key === 'category' && value && typeof value === 'object') {
        return { ...value, createdAt: undefined, updatedAt: undefined };
      }
      return value;
    }),
  ) as unknown;

describe.each(['sqlite', 'postgres'] as const)('the bulk seed on %s', (dialect) => {
  const databases: TestDatabase[] = [];
  const servers: RunningServer[] = [];
  const urls: string[] = [];
  let bulk: { state: Awaited<ReturnType<typeof derivedState>>; schema: Row[]; path: string };
  let triggers: typeof bulk;
  let schemaBefore: Row[];

  beforeAll(async () => {
    for (const path of ['bulk', 'triggers'] as const) {
      const database = await createTestDatabase(dialect);
      databases.push(database);
      const db = await openDatabase({
        databaseUrl: database.databaseUrl,
        dataDir: database.dataDir,
      });
      try {
        await migrate(db);
        if (path === 'bulk') schemaBefore = await schema(db);
        const result = await seedCatalogue(db, PRODUCTS, { seed: 11, path });
        const seen = { state: await derivedState(db), schema: await schema(db), path: result.path };
        if (path === 'bulk') bulk = seen;
        else triggers = seen;
      } finally {
        await db.close();
      }
      const server = await startServer({
        config: testConfig(database, { seedDemo: false }),
        log: async () => undefined,
      });
      servers.push(server);
      urls.push(`http://127.0.0.1:${server.port}`);
    }
  }, 300_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const database of databases) await database.drop();
  });

  it('loads in bulk into the empty catalogue, and gives back every trigger and index', () => {
    expect(bulk.path).toBe('bulk');
    expect(triggers.path).toBe('triggers');
    expect(bulk.schema).toEqual(schemaBefore);
    expect(bulk.schema).toEqual(triggers.schema);
  });

  it('writes the same counts, figures, price points and search index as the triggers', () => {
    expect(bulk.state.products).toHaveLength(PRODUCTS);
    expect(bulk.state.products!.every((row) => row.skuIsId === 'true' || row.skuIsId === '1')).toBe(
      true,
    );
    expect(bulk.state.pricePoints!.length).toBeGreaterThan(PRODUCTS);
    for (const [table, rows] of Object.entries(triggers.state)) {
      expect(bulk.state[table], table).toEqual(rows);
    }
  });

  const both = async (address: string) =>
    Promise.all(
      urls.map(async (url) => {
        const response = await fetch(`${url}${address}`);
        expect(response.status, address).toBe(200);
        return shown((await response.json()) as ProductListResponse);
      }),
    );

  it('answers listings, searches and facets alike', async () => {
    const addresses = [
      '/api/products?page=1&limit=24&facets=true',
      '/api/products?page=3&limit=24&sort=price_asc&facets=true',
      '/api/products?page=1&limit=24&sort=saving&platform=shopee,Lazada&facets=true',
      '/api/products?page=1&limit=24&sort=discount&minPrice=100000&inStock=true&facets=true',
      ...WORDS.flatMap((word) => [
        `/api/products?search=${encodeURIComponent(word)}&page=1&limit=24&facets=true`,
        `/api/products?search=${encodeURIComponent(word)}&page=2&limit=24&sort=newest`,
      ]),
    ];
    for (const address of addresses) {
      const [fromBulk, fromTriggers] = await both(address);
      expect(fromBulk, address).toEqual(fromTriggers);
    }
    const [found] = (await both('/api/products?search=promo&page=1&limit=1')) as [
      ProductListResponse,
    ];
    expect(found.totalCount).toBeGreaterThan(0);
  });

  it('keeps the restored triggers working: a second seed through them adds alike', async () => {
    const states = [];
    for (const database of databases) {
      const db = await openDatabase({
        databaseUrl: database.databaseUrl,
        dataDir: database.dataDir,
      });
      try {
        const result = await seedCatalogue(db, 40, { seed: 7 });
        expect(result.path).toBe('triggers');
        states.push(await derivedState(db));
      } finally {
        await db.close();
      }
    }
    expect(states[0]!.products).toHaveLength(PRODUCTS + 40);
    expect(states[0]).toEqual(states[1]);
  });
});
