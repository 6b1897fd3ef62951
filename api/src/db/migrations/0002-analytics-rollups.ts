import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Visitor analytics at scale: per-session columns that let the live figures and the
 * conversion rate be answered by index lookups, the stored page metrics (duration already
 * exists, scroll depth is new), and the hourly rollups every range report reads.
 *
 * A migration is frozen history: its SQL is written out here, as it stood when the migration
 * shipped, and never follows later changes to the live analytics code.
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
  // Session CTA counters, recomputed from the stored events.
  await qi.sequelize.query(
    `UPDATE analytics_sessions SET "ctaClicks" = (
      SELECT COUNT(*) FROM events
      WHERE events."sessionId" = analytics_sessions."sessionId" AND events."eventType" = 'cta_click'
    )`,
  );
  for (const sql of backfillRollups(qi.sequelize.getDialect() === 'postgres')) {
    await qi.sequelize.query(sql);
  }
}

/**
 * The rollups of every stored row, one aggregate per metric. The rollup hour is whole hours
 * since the epoch (UTC); SQLite keeps dates as 'YYYY-MM-DD HH:MM:SS.SSS +00:00'. Values are
 * cut to the 512 characters of the value column.
 */
function backfillRollups(postgres: boolean): string[] {
  const hour = postgres
    ? `CAST(FLOOR(EXTRACT(EPOCH FROM "createdAt") / 3600) AS INTEGER)`
    : `(CAST(strftime('%s', substr("createdAt", 1, 19)) AS INTEGER) / 3600)`;
  const insert = 'INSERT INTO analytics_rollups (metric, hour, value, total)';
  const count = (metric: string, table: string, where: string) =>
    `${insert}
     SELECT '${metric}', h, '', COUNT(*) FROM (
       SELECT ${hour} AS h FROM ${table} WHERE ${where}
     ) t GROUP BY h`;
  const countBy = (metric: string, table: string, value: string, where: string) =>
    `${insert}
     SELECT '${metric}', h, v, COUNT(*) FROM (
       SELECT ${hour} AS h, ${value} AS v FROM ${table} WHERE ${where}
     ) t GROUP BY h, v`;
  const orUnknown = (column: string) =>
    `COALESCE(NULLIF(substr(${column}, 1, 512), ''), 'Unknown')`;
  const present = (column: string) => `${column} IS NOT NULL AND ${column} <> ''`;
  return [
    count('visitors', 'analytics_sessions', 'TRUE'),
    count('conversions', 'analytics_sessions', `"ctaClicks" > 0`),
    countBy('country', 'analytics_sessions', orUnknown('country'), 'detailed = TRUE'),
    countBy('device', 'analytics_sessions', orUnknown('device'), 'detailed = TRUE'),
    countBy('browser', 'analytics_sessions', orUnknown('browser'), 'detailed = TRUE'),
    countBy(
      'referrer',
      'analytics_sessions',
      `substr("referrerHost", 1, 512)`,
      `detailed = TRUE AND ${present('"referrerHost"')}`,
    ),
    count('pageviews', 'page_views', 'TRUE'),
    countBy('page', 'page_views', 'substr(path, 1, 512)', 'TRUE'),
    countBy('event', 'events', `substr("eventType", 1, 512)`, 'TRUE'),
    countBy(
      'cta_platform',
      'events',
      'substr(platform, 1, 512)',
      `"eventType" = 'cta_click' AND ${present('platform')}`,
    ),
    countBy(
      'cta_product',
      'events',
      `substr("productId", 1, 512)`,
      `"eventType" = 'cta_click' AND ${present('"productId"')}`,
    ),
  ];
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
