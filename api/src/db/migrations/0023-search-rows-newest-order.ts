import type { QueryInterface } from 'sequelize';

/**
 * PostgreSQL only: the rows of `product_search` stored in `createdAt` order, once.
 *
 * A public search reads its page newest first through `product_search_newest` and tests each
 * row's words (`@@`): for a word in 5-50% of the products a page stops after a few hundred or
 * a few thousand rows, and a page deep in the results after tens of thousands. Rows stored in
 * createdAt order make that walk read consecutive rows of the same heap pages; stored in any
 * other order, every row is a page of its own (at 1,000,000 products, 24,000 pages for page 100
 * of `promo`: 0.57 s instead of a few ms). A catalogue grows in that order by itself (a new
 * product is the newest, written at the end of the table); the bulk seed now writes its rows
 * in it too (api/src/seed/bulk-load.ts); a catalogue seeded or imported before is re-sorted
 * here, once (CLUSTER rewrites the table and its indexes: about a minute at 1,000,000 rows,
 * during which the search index is locked).
 *
 * SQLite has nothing to do: its docids already follow createdAt (migration 0003).
 * Down leaves the order as it is: it changes nothing a query can see.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'postgres') return;
  await qi.sequelize.transaction(async (transaction) => {
    const run = (sql: string) => qi.sequelize.query(sql, { transaction });
    await run(`SET LOCAL maintenance_work_mem = '256MB'`);
    // Oldest first, as the table grows: CLUSTER follows an index's order.
    await run(
      `CREATE INDEX product_search_oldest_once ON product_search ("createdAt", "productId")`,
    );
    await run('CLUSTER product_search USING product_search_oldest_once');
    await run('DROP INDEX product_search_oldest_once');
    await run('ANALYZE product_search');
  });
}

export async function down(): Promise<void> {
  // The physical order of rows is not part of the schema: nothing to undo.
}
