import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * audit_log.entityLabel: the record's name when the entry was written ("Sepatu Lari", "Shopee
 * · Sepatu Lari"), so the log still names a record after it is deleted. The log's reader
 * prefers the live record's name and falls back to this one. Entries written before this
 * migration keep NULL: the log is append-only, and their summary names the record anyway.
 *
 * ADD COLUMN leaves the table and its append-only triggers (0005) in place on both engines.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.addColumn('audit_log', 'entityLabel', {
    type: DataTypes.STRING(300),
    allowNull: true,
  });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  // A plain DROP COLUMN: Sequelize's removeColumn rebuilds the table on SQLite, which would
  // drop the append-only triggers.
  await qi.sequelize.query('ALTER TABLE audit_log DROP COLUMN "entityLabel"');
}
