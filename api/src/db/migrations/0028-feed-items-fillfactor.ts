import type { QueryInterface } from 'sequelize';

/**
 * PostgreSQL: `feed_items` pages are filled to half (fillfactor 50). Every feed run marks each
 * row it saw (`lastSeenRunId`, `missedRuns`; most rows of most runs are unchanged), and neither
 * column is indexed, so with room on its page the new row version is a heap-only tuple: no new
 * entry in the table's two indexes. A chunk marks whole pages in one transaction, so a page needs
 * room for a second version of each of its rows; the last run's versions are pruned by then.
 * A table of this shape, 100,000 rows, three passes of 90,000 such updates: full pages (100,
 * the default) 53 of 270,000 heap-only, 761-958 ms a pass, 68 MB after; 70: 171,753, 532 ->
 * 328 ms, 54 MB; 50: 94% of those counted, 184-270 ms, 42 MB (docs/decisions.md, "Feed runs",
 * session 38). Pages written before this keep their rows and gain the room as vacuum frees
 * it; nothing is rewritten here. SQLite has no such setting.
 *
 * A migration is frozen history: it never follows later changes to the live feed code.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'postgres') return;
  await qi.sequelize.query('ALTER TABLE feed_items SET (fillfactor = 50)');
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() !== 'postgres') return;
  await qi.sequelize.query('ALTER TABLE feed_items RESET (fillfactor)');
}
