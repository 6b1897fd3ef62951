import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Analytics staff act on (docs/contracts.md#analytics-reports): where visits come from, where
 * they drop off, per product and per device.
 *
 * - analytics_sessions gains the visit's source (its first page view's referrer group and
 *   `utm_*`), whether it is a bot, its visitor key (the hash /go recomputes from the request:
 *   anonymised address + user agent + daily salt) and its funnel counters (product views and
 *   /go clicks). A session row is a visit.
 * - analytics_daily: one row per Asia/Jakarta day and visit dimensions, with the visits, the
 *   visits that opened a product, the visits that clicked, their product views and clicks.
 *   Every figure of a visit is counted at the day the visit started, so all reports agree.
 * - analytics_product_daily: per product per day, views and clicks.
 *
 * A migration is frozen history: it never follows later changes to the live analytics code.
 */
const text = (size: number) => ({
  type: DataTypes.STRING(size),
  allowNull: false,
  defaultValue: '',
});
const counter = { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 };

const SESSION_COLUMNS = {
  sourceGroup: { type: DataTypes.STRING(20), allowNull: true },
  utmSource: { type: DataTypes.STRING(100), allowNull: true },
  utmMedium: { type: DataTypes.STRING(100), allowNull: true },
  utmCampaign: { type: DataTypes.STRING(100), allowNull: true },
  sourceSet: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
  bot: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
  visitorKey: { type: DataTypes.STRING(64), allowNull: true },
  // Device (phone, tablet, desktop) and browser read by the server from the user agent.
  visitDevice: { type: DataTypes.STRING(20), allowNull: true },
  visitBrowser: { type: DataTypes.STRING(40), allowNull: true },
  productViews: counter,
  clicks: counter,
} as const;

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  for (const [name, column] of Object.entries(SESSION_COLUMNS)) {
    await qi.addColumn('analytics_sessions', name, column);
  }
  await qi.addIndex('analytics_sessions', ['visitorKey', 'lastSeenMs'], {
    name: 'analytics_sessions_visitor',
  });

  await qi.createTable('analytics_daily', {
    /** Asia/Jakarta days since 1970-01-01. */
    day: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
    sourceGroup: { ...text(20), primaryKey: true },
    referrerHost: { ...text(255), primaryKey: true },
    utmSource: { ...text(100), primaryKey: true },
    utmMedium: { ...text(100), primaryKey: true },
    utmCampaign: { ...text(100), primaryKey: true },
    device: { ...text(20), primaryKey: true },
    browser: { ...text(40), primaryKey: true },
    visits: counter,
    productVisits: counter,
    clickVisits: counter,
    productViews: counter,
    clicks: counter,
  });

  await qi.createTable('analytics_product_daily', {
    day: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
    productId: { type: DataTypes.STRING(64), allowNull: false, primaryKey: true },
    views: counter,
    clicks: counter,
  });
  await qi.addIndex('analytics_product_daily', ['productId', 'day'], {
    name: 'analytics_product_daily_product',
  });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('analytics_product_daily');
  await qi.dropTable('analytics_daily');
  await qi.removeIndex('analytics_sessions', 'analytics_sessions_visitor');
  for (const name of Object.keys(SESSION_COLUMNS).reverse()) {
    await qi.removeColumn('analytics_sessions', name);
  }
}
