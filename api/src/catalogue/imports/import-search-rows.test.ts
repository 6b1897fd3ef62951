/**
 * The import writes a chunk's search rows and its links' listing columns itself on SQLite
 * (migration 0027, chunk.ts indexCreated), not through the per-row triggers: these tests
 * compare what it wrote with what the triggers write for the same rows, and search for the
 * imported products the ways a visitor and an admin do (both engines).
 */
import { expect, it } from 'vitest';
import { QueryTypes, type Transaction } from 'sequelize';
import type {
  AdminProductListResponse,
  ProductListResponse,
  SearchSuggestions,
} from '@shared/types';
import { describeApi, type ApiFixture } from '../../../test/support/api';
import { unique } from '../../../test/support/fixtures';
import { DOCS_LINK_COLUMNS } from '../../db/migrations/0043-search-docs-carry-marketplace-figures';
import { COLUMNS as BASE_COLUMNS, csv, importCsv, productRow, type Cells } from './test-support';

/** The import tests' columns, and a badge and a second platform with its original price. */
const COLUMNS = [
  ...BASE_COLUMNS,
  'badgeText',
  'tokopedia_url',
  'tokopedia_price',
  'tokopedia_original_price',
];

/** A made-up word of letters only, which no other product holds. */
const word = (prefix: string) =>
  `${prefix}${unique()
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)
    .slice(0, 7)}`;

/** Rows of every kind the derived tables tell apart: categories, badges, inactive, prices. */
function rows(marker: string, categories: string[], count: number): Cells[] {
  return Array.from({ length: count }, (_, n) =>
    productRow(marker, n, {
      title: `Produk ${marker} nomor ${n} Édition`,
      description: `Deskripsi panjang ${marker} ${n % 3 === 0 ? 'kopi' : 'teh'} café`,
      category: categories[n % categories.length]!,
      discountPercentage: String([0, 20, 30, 33, 50][n % 5]),
      badgeText: n % 4 === 0 ? `Promo ${n}` : '',
      isActive: n % 6 === 5 ? 'tidak' : 'ya',
      shopee_price: `Rp ${((n * 7919) % 900_000) + 1_000}`,
      ...(n % 2 === 0
        ? {
            tokopedia_url: `https://tokopedia.com/${marker}-${n}`,
            tokopedia_price: `${2_000 + n * 400}`,
            tokopedia_original_price: n % 4 === 0 ? `${3_000 + n * 500}` : '',
          }
        : {}),
    }),
  );
}

type Db = ApiFixture['server']['running']['db'];

const select = <T extends object>(
  db: Db,
  sql: string,
  transaction: Transaction,
  replacements: Record<string, unknown> = {},
) => db.sequelize.query<T>(sql, { type: QueryTypes.SELECT, transaction, replacements });

const FTS_TABLES = [
  'product_search',
  'product_search_title',
  'product_search_label',
  'product_admin_search',
];

/**
 * Per product: its docs rows' docid rank and category, and every (table, term, column,
 * offset) its FTS rows hold in the four search tables (read through fts5vocab, since the
 * tables are contentless).
 */
async function searchRows(db: Db, ids: string[], transaction: Transaction) {
  const byProduct = new Map<string, string[]>();
  const add = (id: string, entry: string) => {
    const list = byProduct.get(id) ?? [];
    list.push(entry);
    byProduct.set(id, list);
  };
  for (const id of ids) byProduct.set(id, []);
  // Docids as text: about 1.8e18, past a JavaScript number's precision.
  // The filter figures as stored, type included (migration 0039), and each marketplace's
  // price (0043).
  const docs = await select<{
    docid: string;
    productId: string;
    categoryId: number;
    figures: string;
  }>(
    db,
    `SELECT CAST(docid AS TEXT) AS docid, "productId", "categoryId",
       quote("lowestPrice") || ' ' || quote("discountPercentage") || ' ' || quote("inStock")
         || ' ' || quote("platformMask") || ' ' || quote("stockMask")
         ${DOCS_LINK_COLUMNS.map((column) => `|| ' ' || quote("${column}")`).join(' ')} AS figures
     FROM product_search_docs WHERE "productId" IN (:ids) ORDER BY rowid`,
    transaction,
    { ids },
  );
  docs.forEach((doc, rank) =>
    add(doc.productId, `docs rank ${rank} category ${doc.categoryId} figures ${doc.figures}`),
  );
  const adminDocs = await select<{ docid: string; productId: string }>(
    db,
    `SELECT CAST(docid AS TEXT) AS docid, "productId" FROM product_admin_search_docs
     WHERE "productId" IN (:ids) ORDER BY rowid`,
    transaction,
    { ids },
  );
  adminDocs.forEach((doc, rank) => add(doc.productId, `admin docs rank ${rank}`));
  for (const table of FTS_TABLES) {
    const vocab = `temp.${table}_instances`;
    await db.sequelize.query(
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${vocab} USING fts5vocab(main, ${table}, 'instance')`,
      { transaction },
    );
    const owners = new Map(
      (table === 'product_admin_search' ? adminDocs : docs).map((doc) => [
        doc.docid,
        doc.productId,
      ]),
    );
    const docsTable =
      table === 'product_admin_search' ? 'product_admin_search_docs' : 'product_search_docs';
    const instances = await select<{ doc: string; term: string; col: string; offset: number }>(
      db,
      `SELECT CAST(doc AS TEXT) AS doc, term, col, "offset" FROM ${vocab}
       WHERE doc IN (SELECT docid FROM ${docsTable} WHERE "productId" IN (:ids))`,
      transaction,
      { ids },
    );
    for (const row of instances) {
      add(owners.get(row.doc)!, `${table} ${row.term} ${row.col} ${row.offset ?? ''}`);
    }
  }
  return new Map([...byProduct].map(([id, list]) => [id, list.sort()]));
}

/** Raised to roll a comparison's writes back. */
class RolledBack extends Error {}

async function rolledBack(db: Db, work: (transaction: Transaction) => Promise<void>) {
  let finished = false;
  try {
    await db.write(async (transaction) => {
      await work(transaction);
      finished = true;
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  expect(finished).toBe(true);
}

describeApi('the import writes the search rows the triggers write', (api) => {
  it.runIf(api.dialect === 'sqlite')(
    'SQLite: the same docs, FTS and admin search rows, counts and link columns as one INSERT per row',
    async () => {
      const db = api.server.running.db;
      const tag = unique();
      const own = await api.createCategory('Jejak', tag);
      const marker = word('imp');
      const job = await importCsv(api, csv(COLUMNS, rows(marker, [own.slug, 'elektronik'], 40)));
      expect(job).toMatchObject({ created: 40, failed: 0 });
      // A second file: new products, changed discounts (which the indexes do not hold), and
      // links changed or added to products whose own values stay.
      const second = rows(marker, [own.slug, 'elektronik'], 48).map((row, n) =>
        n % 5 === 1 && n < 40
          ? { ...row, discountPercentage: '25' }
          : n % 5 === 2 && n < 40
            ? {
                ...row,
                tokopedia_url: `https://tokopedia.com/${marker}-${n}-baru`,
                tokopedia_price: `${5_000 + n * 300}`,
                tokopedia_original_price: `${9_000 + n * 300}`,
              }
            : row,
      );
      const again = await importCsv(api, csv(COLUMNS, second));
      expect(again).toMatchObject({ created: 8, updated: 16, failed: 0 });

      await rolledBack(db, async (transaction) => {
        const imported = await select<{ id: string }>(
          db,
          `SELECT id FROM products WHERE sku LIKE :prefix ORDER BY rowid`,
          transaction,
          { prefix: `${marker}-%` },
        );
        expect(imported).toHaveLength(48);
        const ids = imported.map((row) => row.id);

        // Every link's saving and category as 0025's trigger computes them: rewriting the
        // price with itself runs it, and it must change nothing.
        const linkColumns = `SELECT id, saving, "categoryId" FROM platform_links
          WHERE "productId" IN (:ids) ORDER BY id`;
        const links = await select(db, linkColumns, transaction, { ids });
        expect(links.length).toBeGreaterThan(40);
        await db.sequelize.query(
          `UPDATE platform_links SET "priceValue" = "priceValue" WHERE "productId" IN (:ids)`,
          { transaction, replacements: { ids } },
        );
        expect(await select(db, linkColumns, transaction, { ids })).toEqual(links);

        // Twins: the same rows inserted one statement each, so the triggers index them.
        const columns = (
          await select<{ name: string }>(db, `PRAGMA table_info(products)`, transaction)
        )
          .map((column) => `"${column.name}"`)
          .filter((name) => name !== '"id"' && name !== '"sku"');
        const twinOf = new Map<string, string>();
        for (const id of ids) {
          const twin = `${id.slice(0, -12)}${'f'.repeat(12)}`;
          expect(twin).not.toBe(id);
          twinOf.set(id, twin);
          await db.sequelize.query(
            `INSERT INTO products (id, sku, ${columns.join(', ')})
             SELECT :twin, :sku, ${columns.join(', ')} FROM products WHERE id = :id`,
            { transaction, replacements: { twin, sku: `twin-${id}`, id } },
          );
          await db.sequelize.query(
            `INSERT INTO platform_links ("productId", platform, "affiliateUrl", price,
               "priceValue", "originalPriceValue", availability, saving, "categoryId",
               "createdAt", "updatedAt")
             SELECT :twin, platform, "affiliateUrl", price, "priceValue", "originalPriceValue",
               availability, 0, NULL, "createdAt", "updatedAt"
             FROM platform_links WHERE "productId" = :id ORDER BY id`,
            { transaction, replacements: { twin, id } },
          );
        }
        const twins = [...twinOf.values()];
        // Every docid in its createdAt millisecond's slot (0010), as the triggers number them.
        const outOfSlot = await select(
          db,
          `SELECT d.docid FROM product_search_docs d JOIN products p ON p.id = d."productId"
           WHERE d."productId" IN (:ids) AND d.docid / 1048576
             <> CAST(round((julianday(p."createdAt") - 2440587.5) * 86400000) AS INTEGER)`,
          transaction,
          { ids },
        );
        expect(outOfSlot).toEqual([]);
        const ofImport = await searchRows(db, ids, transaction);
        const ofTriggers = await searchRows(db, twins, transaction);
        const inactiveIds = new Set(
          (
            await select<{ id: string }>(
              db,
              `SELECT id FROM products WHERE id IN (:ids) AND "isActive" IN (0, 'false')`,
              transaction,
              { ids },
            )
          ).map((row) => row.id),
        );
        for (const id of ids) {
          // Rows in each table the product belongs to.
          const tables = new Set(ofImport.get(id)!.map((entry) => entry.split(' ')[0]));
          expect([...tables].sort()).toEqual(
            inactiveIds.has(id)
              ? ['admin', 'product_admin_search']
              : ['admin', 'docs', ...FTS_TABLES].sort(),
          );
          expect(ofImport.get(id)).toEqual(ofTriggers.get(twinOf.get(id)!));
        }
        // Inactive products have admin search rows only.
        const inactive = await select<{ id: string }>(
          db,
          `SELECT id FROM products WHERE id IN (:ids) AND "isActive" IN (0, 'false')`,
          transaction,
          { ids },
        );
        expect(inactive.length).toBeGreaterThan(0);
        for (const { id } of inactive) {
          expect(ofImport.get(id)!.some((entry) => entry.startsWith('docs'))).toBe(false);
        }
        // Twin links: the trigger's columns, the same as the import's.
        const linkFigures = async (owners: string[], ownerOf: (id: string) => string) =>
          (
            await select<{
              productId: string;
              platform: string;
              saving: number;
              categoryId: number;
            }>(
              db,
              `SELECT "productId", platform, saving, "categoryId" FROM platform_links
               WHERE "productId" IN (:owners)`,
              transaction,
              { owners },
            )
          )
            .map(
              (link) =>
                `${ownerOf(link.productId)} ${link.platform} ${link.saving} ${link.categoryId}`,
            )
            .sort();
        const originalOf = new Map([...twinOf].map(([id, twin]) => [twin, id]));
        const importedLinks = await linkFigures(ids, (id) => id);
        expect(importedLinks).toHaveLength(links.length);
        expect(await linkFigures(twins, (twin) => originalOf.get(twin)!)).toEqual(importedLinks);
        // The per-category counts agree with the rows.
        const counts = await select(
          db,
          `SELECT c."categoryId", c.active FROM product_active_counts c
           WHERE c.active <> (SELECT count(*) FROM product_search_docs d
             WHERE d."categoryId" = c."categoryId")`,
          transaction,
        );
        expect(counts).toEqual([]);
        for (const table of FTS_TABLES) {
          await db.sequelize.query(`DROP TABLE IF EXISTS temp.${table}_instances`, {
            transaction,
          });
        }
      });
    },
  );

  it.runIf(api.dialect === 'sqlite')(
    'SQLite (0027): the guard rows defer the search and link insert triggers, and only them',
    async () => {
      const db = api.server.running.db;
      const product = await api.createProduct({ title: `Lampu ${word('gd')}` });
      await rolledBack(db, async (transaction) => {
        const run = (sql: string, replacements: Record<string, unknown> = {}) =>
          db.sequelize.query(sql, { transaction, replacements });
        const count = async (sql: string, replacements: Record<string, unknown>) =>
          Number((await select<{ n: number }>(db, sql, transaction, replacements))[0]!.n);
        const columns = (
          await select<{ name: string }>(db, `PRAGMA table_info(products)`, transaction)
        )
          .map((column) => `"${column.name}"`)
          .filter((name) => name !== '"id"' && name !== '"sku"')
          .join(', ');
        const id = `${product.id.slice(0, -12)}${'e'.repeat(12)}`;
        await run('INSERT INTO product_search_deferred (token) VALUES (1)');
        await run('INSERT INTO link_figures_deferred (token) VALUES (1)');
        await run(
          `INSERT INTO products (id, sku, ${columns})
           SELECT :id, :id, ${columns} FROM products WHERE id = :from`,
          { id, from: product.id },
        );
        await run(
          `INSERT INTO platform_links ("productId", platform, "affiliateUrl", price,
             "priceValue", saving, "categoryId", "createdAt", "updatedAt")
           VALUES (:id, 'Shopee', 'https://shopee.co.id/x', 'Rp 1.000', 1000, 7, NULL,
             '2026-01-01 00:00:00.000 +00:00', '2026-01-01 00:00:00.000 +00:00')`,
          { id },
        );
        const docs = { id };
        expect(
          await count(
            `SELECT count(*) AS n FROM product_search_docs WHERE "productId" = :id`,
            docs,
          ),
        ).toBe(0);
        expect(
          await count(
            `SELECT count(*) AS n FROM product_admin_search_docs WHERE "productId" = :id`,
            docs,
          ),
        ).toBe(0);
        // The link keeps what its writer gave it (the trigger would have set 0 and the category).
        expect(
          await count(
            `SELECT count(*) AS n FROM platform_links
             WHERE "productId" = :id AND saving = 7 AND "categoryId" IS NULL`,
            docs,
          ),
        ).toBe(1);
        // The counts' trigger is not deferred.
        expect(
          await count(
            `SELECT count(*) AS n FROM product_counts c
             WHERE c.total = (SELECT count(*) FROM products p WHERE p."categoryId" = c."categoryId")
               AND c."categoryId" = (SELECT "categoryId" FROM products WHERE id = :id)`,
            docs,
          ),
        ).toBe(1);
        // Without the guard rows the triggers write as before.
        await run('DELETE FROM product_search_deferred');
        await run('DELETE FROM link_figures_deferred');
        const other = `${product.id.slice(0, -12)}${'d'.repeat(12)}`;
        await run(
          `INSERT INTO products (id, sku, ${columns})
           SELECT :other, :other, ${columns} FROM products WHERE id = :from`,
          { other, from: product.id },
        );
        expect(
          await count(`SELECT count(*) AS n FROM product_search_docs WHERE "productId" = :other`, {
            other,
          }),
        ).toBe(1);
        expect(
          await count(
            `SELECT count(*) AS n FROM product_admin_search_docs WHERE "productId" = :other`,
            { other },
          ),
        ).toBe(1);
      });
    },
  );

  it('finds imported products: public search, suggestions, typo fix and admin search', async () => {
    const tag = unique();
    const own = await api.createCategory('Cari', tag);
    const marker = word('kx');
    const badge = word('bd');
    const job = await importCsv(
      api,
      csv(
        COLUMNS,
        rows(marker, [own.slug], 12).map((row, n) => ({
          ...row,
          title: `Sepatu ${marker} ukuran ${n}`,
          badgeText: n === 3 ? `Label ${badge}` : '',
          isActive: n === 11 ? 'tidak' : 'ya',
        })),
      ),
    );
    expect(job).toMatchObject({ created: 12, failed: 0 });
    const publicSearch = await api.visitor.get<ProductListResponse>(
      `/api/products?search=${marker}&page=1&limit=50`,
    );
    expect(publicSearch.status).toBe(200);
    expect(publicSearch.body.products).toHaveLength(11);
    const byBadge = await api.visitor.get<ProductListResponse>(`/api/products?search=${badge}`);
    expect(byBadge.body.products.map((product) => product.title)).toEqual([
      `Sepatu ${marker} ukuran 3`,
    ]);
    const inCategory = await api.visitor.get<ProductListResponse>(
      `/api/products?search=sepatu+${marker}&category=${own.slug}&limit=50`,
    );
    expect(inCategory.body.products).toHaveLength(11);

    const typo = marker.slice(0, 3) + marker.slice(4);
    const suggested = await api.visitor.get<SearchSuggestions>(
      `/api/search/suggest?q=${encodeURIComponent(`sepatu ${marker}`)}`,
    );
    expect(suggested.status).toBe(200);
    expect(suggested.body.products.length).toBeGreaterThan(0);
    const fixed = await api.visitor.get<ProductListResponse>(
      `/api/products?search=${typo}&page=1&limit=50`,
    );
    expect(fixed.body.products).toHaveLength(11);

    // The admin search: every product, active or not, by a substring.
    const admin = await api.admin.get<AdminProductListResponse>(
      `/api/admin/products?page=1&limit=100&search=${encodeURIComponent(marker.slice(1))}`,
    );
    expect(admin.status).toBe(200);
    expect(admin.body.products).toHaveLength(12);
  });
});
