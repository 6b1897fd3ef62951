import { DataTypes, type QueryInterface } from 'sequelize';
import { rebuildRollupsWithQueryInterface, sessionCounterStatement } from '../../analytics/rollups';

/**
 * Visitor analytics at scale: per-session columns that let the live figures and the
 * conversion rate be answered by index lookups, the stored page metrics (duration already
 * exists, scroll depth is new), and the hourly rollups every range report reads.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  // Epoch milliseconds of the session's latest message: "current" and "today" visitors are
  // range counts on this one indexed integer, identical on both engines.
  await qi.addColumn('analytics_sessions', 'lastSeenMs', {
    type: DataTypes.BIGINT,
    allowNull: false,
    defaultValue: 0,
  });
  // A pageview can arrive before its session message; the row then exists without details
  // until the session message fills them in, exactly once.
  await qi.addColumn('analytics_sessions', 'detailed', {
    type: DataTypes.BOOLEAN,
    allowNull: false,
    defaultValue: false,
  });
  await qi.addColumn('analytics_sessions', 'ctaClicks', {
    type: DataTypes.INTEGER,
    allowNull: false,
    defaultValue: 0,
  });
  // The referrer's host, which is what "top referrers" groups by.
  await qi.addColumn('analytics_sessions', 'referrerHost', {
    type: DataTypes.STRING(255),
    allowNull: true,
  });
  await qi.addIndex('analytics_sessions', ['lastSeenMs'], { name: 'analytics_sessions_last_seen' });

  await qi.addColumn('page_views', 'scrollDepth', { type: DataTypes.INTEGER, allowNull: true });
  await qi.addIndex('page_views', ['sessionId', 'path'], { name: 'page_views_session_path' });

  await qi.createTable('analytics_rollups', {
    metric: { type: DataTypes.STRING(16), allowNull: false, primaryKey: true },
    /** Whole hours since the Unix epoch (UTC); Asia/Jakarta days are 24 of them, offset 7. */
    hour: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
    value: { type: DataTypes.STRING(512), allowNull: false, primaryKey: true },
    total: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  });

  // Rows stored before this migration (none in a fresh install) are carried into the rollups.
  const epochMs =
    qi.sequelize.getDialect() === 'postgres'
      ? `CAST(EXTRACT(EPOCH FROM "createdAt") * 1000 AS BIGINT)`
      : `CAST(strftime('%s', substr("createdAt", 1, 19)) AS INTEGER) * 1000`;
  await qi.sequelize.query(
    `UPDATE analytics_sessions SET detailed = TRUE, "lastSeenMs" = ${epochMs}`,
  );
  await qi.sequelize.query(sessionCounterStatement());
  await rebuildRollupsWithQueryInterface(qi);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('analytics_rollups');
  await qi.removeIndex('page_views', 'page_views_session_path');
  await qi.removeColumn('page_views', 'scrollDepth');
  await qi.removeIndex('analytics_sessions', 'analytics_sessions_last_seen');
  for (const column of ['referrerHost', 'ctaClicks', 'detailed', 'lastSeenMs']) {
    await qi.removeColumn('analytics_sessions', column);
  }
}
