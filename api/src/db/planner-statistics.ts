import { QueryTypes } from 'sequelize';
import type { Database } from './database';

/** Fewer new rows than this never call for fresh statistics. */
const MIN_GROWTH = 1_000;

/**
 * Keeps PostgreSQL's planner statistics in step with a long write that grows tables (a CSV
 * import, a feed's first run). The planner sizes tables from the last ANALYZE; until
 * autovacuum comes round (later on a busy server, never where it is off) a table that grew
 * from nothing is still planned as empty, and lookups of the next chunks become scans of the
 * whole table. Each time the rows written since the last look reach the table's last known
 * size (it doubled, so at most a couple of dozen ANALYZEs from one row to millions), the
 * tables are analyzed again: ANALYZE reads a fixed sample, a fraction of a second.
 * SQLite plans without such statistics; nothing is done there.
 */
export class GrowthStatistics {
  /** Each table's planner row count when last analyzed; null before the first look. */
  private known: Map<string, number> | null = null;
  /** Rows each table gained since its last ANALYZE (or since the write began). */
  private readonly grown = new Map<string, number>();

  /** Tables that each gain about one row per row written (a product, its link, its item). */
  constructor(
    private readonly db: Database,
    private readonly tables: readonly string[],
  ) {
    for (const table of tables) this.grown.set(table, 0);
  }

  /** Call after `rows` new rows committed. */
  async grew(rows: number): Promise<void> {
    if (this.db.dialect !== 'postgres' || rows <= 0) return;
    for (const table of this.tables) this.grown.set(table, this.grown.get(table)! + rows);
    await this.analyzeWhere((grown, known) => grown >= known);
  }

  /** Call once the write ended: a table that grew by a tenth is analyzed for the next one. */
  async finished(): Promise<void> {
    if (this.db.dialect !== 'postgres') return;
    await this.analyzeWhere((grown, known) => grown * 10 >= known);
  }

  private async analyzeWhere(outgrown: (grown: number, known: number) => boolean): Promise<void> {
    const candidates = this.tables.filter((table) => this.grown.get(table)! >= MIN_GROWTH);
    if (candidates.length === 0) return;
    this.known ??= await this.estimatedRows(this.tables);
    const stale = candidates.filter((table) =>
      outgrown(this.grown.get(table)!, this.known!.get(table) ?? 0),
    );
    if (stale.length === 0) return;
    await this.db.sequelize.query(`ANALYZE ${stale.map((table) => `"${table}"`).join(', ')}`);
    const fresh = await this.estimatedRows(stale);
    for (const table of stale) {
      this.known.set(table, fresh.get(table) ?? 0);
      this.grown.set(table, 0);
    }
  }

  /** The planner's row count of each table (0 before its first ANALYZE). */
  private async estimatedRows(tables: readonly string[]): Promise<Map<string, number>> {
    const rows = await this.db.sequelize.query<{ name: string; rows: number | string }>(
      `SELECT relname AS name, GREATEST(reltuples, 0)::bigint AS rows FROM pg_class
       WHERE oid IN (${tables.map(() => 'to_regclass(?)').join(', ')})`,
      { replacements: [...tables], type: QueryTypes.SELECT },
    );
    return new Map(rows.map((row) => [row.name, Number(row.rows)]));
  }
}
