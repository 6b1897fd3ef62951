import type { QueryInterface } from 'sequelize';
import { PLATFORMS, type Platform } from '@shared/constants';

/**
 * SQLite, each marketplace's price and saving beside each search match (issue 20;
 * docs/decisions.md, session 51). A search with a marketplace and a price range tests the
 * product's price on the chosen marketplaces: the cheapest of their in-stock priced links.
 * Migration 0039's docs figures carry the product's lowest price over all its links, so such a
 * search still read each match's links by `(productId, platform)` and its product row: `hitam`
 * with Shopee in Rp 100-500 rb counted its 1,000 passing matches in ~45 ms, and no case of that
 * filter set was within the 50 ms budget at 1,000,000 products. By one marketplace's saving the
 * order is that link's saving, which no docs row held either.
 *
 * `product_search_docs` gets two columns per marketplace: the price of the product's link there
 * and its saving (migration 0025's), when that link is in stock with a price, else NULL (one
 * link per product and marketplace: the links' unique index). Triggers keep them:
 * - a new docs row (a product created, re-activated or re-indexed) takes them from its links,
 *   except while `product_search_deferred` is held (the import chunk writes its own);
 * - a link inserted, deleted or changed (price, stock, saving, marketplace, product) sets its
 *   marketplace's columns on its product's docs row (and clears the old one's on a move); an
 *   insert skips it while `link_figures_deferred` is held: the import chunk then sets its new
 *   links' products' columns in one statement (DOCS_LINKS_REFRESH).
 * The bulk load sets the insert triggers aside and fills the columns after the load (bulk-load.ts,
 * `DERIVED`). PostgreSQL reads its matches' prices otherwise: nothing is created there.
 */

/** A marketplace's price column on the docs rows. */
export const docsPriceColumn = (platform: Platform) => `price${platform}`;
/** A marketplace's saving column on the docs rows. */
export const docsSavingColumn = (platform: Platform) => `saving${platform}`;

/** A link's figures as its marketplace's columns hold them: only an in-stock priced link's. */
const FIGURES = [
  {
    column: docsPriceColumn,
    of: (link: string) =>
      `CASE WHEN ${link}.availability = 'in_stock' THEN ${link}."priceValue" END`,
  },
  {
    column: docsSavingColumn,
    of: (link: string) =>
      `CASE WHEN ${link}.availability = 'in_stock' AND ${link}."priceValue" IS NOT NULL
        THEN ${link}.saving END`,
  },
];

/** Every marketplace's columns (price, then saving, in PLATFORMS' order). */
export const DOCS_LINK_COLUMNS = FIGURES.flatMap((figure) => PLATFORMS.map(figure.column));
const QUOTED = DOCS_LINK_COLUMNS.map((column) => `"${column}"`).join(', ');

/** The columns of the product `productId`, from its links (one look-up each). */
const columnsOf = (productId: string) =>
  FIGURES.flatMap((figure) =>
    PLATFORMS.map(
      (platform) => `(SELECT ${figure.of('l')} FROM platform_links l
        WHERE l."productId" = ${productId} AND l.platform = '${platform}')`,
    ),
  ).join(', ');

/** The docs rows of these products (`:ids`) given their columns from their links. */
export const DOCS_LINKS_REFRESH = `UPDATE product_search_docs
  SET (${QUOTED}) = (${columnsOf('product_search_docs."productId"')})
  WHERE "productId" IN (:ids)`;

/** Every docs row's columns from the links (the bulk load's rebuild, and this migration's). */
export const DOCS_LINKS_FILL = `UPDATE product_search_docs AS d
  SET (${QUOTED}) = (${DOCS_LINK_COLUMNS.map((_, i) => `x.c${i}`).join(', ')})
  FROM (SELECT l."productId" AS id,
      ${FIGURES.flatMap((figure) =>
        PLATFORMS.map(
          (platform) => `max(CASE WHEN l.platform = '${platform}' THEN ${figure.of('l')} END)`,
        ),
      )
        .map((value, i) => `${value} AS c${i}`)
        .join(',\n      ')}
    FROM platform_links l WHERE l.availability = 'in_stock' AND l."priceValue" IS NOT NULL
    GROUP BY l."productId") AS x
  WHERE d."productId" = x.id`;

export const DOCS_LINKS_INSERT_TRIGGER = 'product_search_docs_links';
export const LINK_DOCS_INSERT_TRIGGER = 'platform_links_docs_insert';

/**
 * The columns of marketplace `platform` on the docs row of `productId` set from link `link`
 * (null: cleared).
 */
const setColumns = (platform: string, productId: string, link: string | null) =>
  `UPDATE product_search_docs SET ${FIGURES.flatMap((figure) =>
    PLATFORMS.map((p) => {
      const column = `"${figure.column(p)}"`;
      return `${column} = CASE WHEN ${platform} = '${p}' THEN ${link ? figure.of(link) : 'NULL'} ELSE ${column} END`;
    }),
  ).join(', ')}
    WHERE "productId" = CAST(${productId} AS TEXT)`;

const SEARCH_DEFERRED = 'NOT EXISTS (SELECT 1 FROM product_search_deferred)';
const LINKS_DEFERRED = 'NOT EXISTS (SELECT 1 FROM link_figures_deferred)';

const TRIGGERS = [
  'platform_links_docs_delete',
  'platform_links_docs_update',
  LINK_DOCS_INSERT_TRIGGER,
  DOCS_LINKS_INSERT_TRIGGER,
];

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'sqlite') return;
  // One transaction: a process stopped half-way leaves no column without its triggers.
  await qi.sequelize.transaction(async (transaction) => {
    const run = (sql: string) => qi.sequelize.query(sql, { transaction });
    for (const column of DOCS_LINK_COLUMNS)
      await run(`ALTER TABLE product_search_docs ADD COLUMN "${column}" BIGINT`);
    await run(DOCS_LINKS_FILL);
    await run(
      `CREATE TRIGGER ${DOCS_LINKS_INSERT_TRIGGER} AFTER INSERT ON product_search_docs
        WHEN ${SEARCH_DEFERRED}
        BEGIN
          UPDATE product_search_docs SET (${QUOTED}) = (${columnsOf('NEW."productId"')})
            WHERE docid = NEW.docid;
        END`,
    );
    await run(
      `CREATE TRIGGER ${LINK_DOCS_INSERT_TRIGGER} AFTER INSERT ON platform_links
        WHEN ${LINKS_DEFERRED}
        BEGIN ${setColumns('NEW.platform', 'NEW."productId"', 'NEW')}; END`,
    );
    // Migration 0025's triggers write a link's saving after its insert, and again when its
    // product's discount changes: each such write comes here too.
    await run(
      `CREATE TRIGGER platform_links_docs_update
        AFTER UPDATE OF "priceValue", availability, saving, platform, "productId" ON platform_links
        BEGIN
          ${setColumns('OLD.platform', 'OLD."productId"', null)}
            AND (OLD.platform IS NOT NEW.platform OR OLD."productId" IS NOT NEW."productId");
          ${setColumns('NEW.platform', 'NEW."productId"', 'NEW')};
        END`,
    );
    await run(
      `CREATE TRIGGER platform_links_docs_delete AFTER DELETE ON platform_links
        BEGIN ${setColumns('OLD.platform', 'OLD."productId"', null)}; END`,
    );
  });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'sqlite') return;
  await qi.sequelize.transaction(async (transaction) => {
    const run = (sql: string) => qi.sequelize.query(sql, { transaction });
    for (const trigger of TRIGGERS) await run(`DROP TRIGGER IF EXISTS ${trigger}`);
    for (const column of DOCS_LINK_COLUMNS)
      await run(`ALTER TABLE product_search_docs DROP COLUMN "${column}"`);
  });
}
