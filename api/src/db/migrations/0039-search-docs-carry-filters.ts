import type { QueryInterface } from 'sequelize';

/**
 * SQLite, the filters' figures beside each search match (issue 20; docs/decisions.md, session
 * 48): a search with a filter counts its newest matches until enough pass, and each match read
 * its product row by UUID to test the filter (~25 us: the wide row through the id index), where
 * the docs row FTS5's docid already leads to is one integer-key look-up. `promo` with a minimum
 * discount counted 1,000 passing matches in 26 ms this way, and in 1.7 ms from these columns.
 *
 * `product_search_docs` (one row per active product, migrations 0003/0010) carries the product's
 * filter figures of migrations 0014/0018: its lowest in-stock price, discount, whether it is in
 * stock, and its marketplace masks. Two triggers keep them equal to the product's:
 * - a new docs row (a product created, re-activated or re-indexed by 0003's update trigger)
 *   takes them from its product, except while `product_search_deferred` is held: the import
 *   chunk (migration 0027) writes them with its docs rows;
 * - a change of any of them on the product (the figures triggers of 0014/0018, an admin's
 *   discount) copies them to its docs row.
 * The bulk load rebuilds them after the product figures (bulk-load.ts, `DERIVED`).
 *
 * PostgreSQL reads its matches' figures otherwise (filtered-ranked.ts): nothing is created there.
 */

const FIGURES = ['lowestPrice', 'discountPercentage', 'inStock', 'platformMask', 'stockMask'];
const quoted = FIGURES.map((column) => `"${column}"`).join(', ');

/** Every docs row's figures from its product (the bulk load's rebuild, and this migration's). */
export const DOCS_FIGURES_FILL = `UPDATE product_search_docs AS d
  SET (${quoted}) = (${FIGURES.map((column) => `p."${column}"`).join(', ')})
  FROM products p WHERE p.id = d."productId"`;

export const DOCS_FIGURES_INSERT_TRIGGER = 'product_search_docs_figures';

const SEARCH_DEFERRED = 'NOT EXISTS (SELECT 1 FROM product_search_deferred)';

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'sqlite') return;
  // One transaction: a process stopped half-way leaves no column without its triggers.
  await qi.sequelize.transaction(async (transaction) => {
    const run = (sql: string) => qi.sequelize.query(sql, { transaction });
    await run(`ALTER TABLE product_search_docs ADD COLUMN "lowestPrice" BIGINT`);
    for (const column of ['discountPercentage', 'inStock', 'platformMask', 'stockMask'])
      await run(
        `ALTER TABLE product_search_docs ADD COLUMN "${column}" INTEGER NOT NULL DEFAULT 0`,
      );
    await run(DOCS_FIGURES_FILL);
    await run(
      `CREATE TRIGGER ${DOCS_FIGURES_INSERT_TRIGGER} AFTER INSERT ON product_search_docs
        WHEN ${SEARCH_DEFERRED}
        BEGIN
          UPDATE product_search_docs
            SET (${quoted}) = (SELECT ${FIGURES.map((column) => `p."${column}"`).join(', ')}
              FROM products p WHERE p.id = NEW."productId")
            WHERE docid = NEW.docid;
        END`,
    );
    await run(
      `CREATE TRIGGER product_search_docs_figures_update
        AFTER UPDATE OF ${quoted} ON products
        WHEN ${FIGURES.map((column) => `OLD."${column}" IS NOT NEW."${column}"`).join(' OR ')}
        BEGIN
          UPDATE product_search_docs
            SET (${quoted}) = (${FIGURES.map((column) => `NEW."${column}"`).join(', ')})
            WHERE "productId" = CAST(NEW.id AS TEXT);
        END`,
    );
  });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'sqlite') return;
  await qi.sequelize.transaction(async (transaction) => {
    const run = (sql: string) => qi.sequelize.query(sql, { transaction });
    await run('DROP TRIGGER IF EXISTS product_search_docs_figures_update');
    await run(`DROP TRIGGER IF EXISTS ${DOCS_FIGURES_INSERT_TRIGGER}`);
    for (const column of FIGURES)
      await run(`ALTER TABLE product_search_docs DROP COLUMN "${column}"`);
  });
}
