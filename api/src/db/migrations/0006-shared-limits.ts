import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * shared_limits: counters that every server process sharing one PostgreSQL must see alike
 * (login attempts, the socket budget of a client address, /go click dedupe). One row per key:
 * its count and the end of its window in milliseconds since the epoch, on the database's clock.
 *
 * SQLite runs as one process and keeps these counters in memory, but the table exists there
 * too, so that both databases carry the same schema.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('shared_limits', {
    key: { type: DataTypes.STRING(300), primaryKey: true, allowNull: false },
    hits: { type: DataTypes.INTEGER, allowNull: false },
    resetAt: { type: DataTypes.BIGINT, allowNull: false },
  });
  // Expired rows are pruned by window end.
  await qi.addIndex('shared_limits', ['resetAt'], { name: 'shared_limits_reset' });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('shared_limits');
}
