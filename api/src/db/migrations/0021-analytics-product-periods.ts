import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * The Produk report at size (docs/contracts.md#analytics-reports): a 30-day report over
 * 100,000 viewed products must not sum every product's daily rows on each request.
 *
 * - analytics_product_ranges: the preset ranges ending today ('7d', '30d', 'month') that are
 *   kept materialised, with their Jakarta days [fromDay, toDay).
 * - analytics_product_period: per range and product, the views, clicks and click-through
 *   rate of that range, indexed in each sort order of the report.
 * - analytics_product_totals: per Jakarta day, the views and clicks of every product (the
 *   report's totals and its previous period's totals).
 *
 * A migration is frozen history: it never follows later changes to the live analytics code.
 */
const counter = { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 };

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('analytics_product_ranges', {
    period: { type: DataTypes.STRING(10), allowNull: false, primaryKey: true },
    fromDay: { type: DataTypes.INTEGER, allowNull: false },
    toDay: { type: DataTypes.INTEGER, allowNull: false },
  });
  await qi.createTable('analytics_product_period', {
    period: { type: DataTypes.STRING(10), allowNull: false, primaryKey: true },
    productId: { type: DataTypes.STRING(64), allowNull: false, primaryKey: true },
    views: counter,
    clicks: counter,
    ctr: { type: DataTypes.DOUBLE, allowNull: false, defaultValue: 0 },
  });
  // The report's orders (ties by product id, ascending), each read straight from an index.
  const sequelize = qi.sequelize;
  await sequelize.query(
    `CREATE INDEX analytics_product_period_views
     ON analytics_product_period (period, views DESC, "productId")`,
  );
  await sequelize.query(
    `CREATE INDEX analytics_product_period_clicks
     ON analytics_product_period (period, clicks DESC, "productId")`,
  );
  await sequelize.query(
    `CREATE INDEX analytics_product_period_ctr
     ON analytics_product_period (period, ctr DESC, views DESC, "productId")`,
  );
  await qi.createTable('analytics_product_totals', {
    day: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
    views: counter,
    clicks: counter,
  });
  // Existing figures: the day totals from the daily product rows. The ranges are built by
  // the server on start (api/src/analytics/product-periods.ts).
  await sequelize.query(
    `INSERT INTO analytics_product_totals (day, views, clicks)
     SELECT day, SUM(views), SUM(clicks) FROM analytics_product_daily GROUP BY day`,
  );
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('analytics_product_totals');
  await qi.dropTable('analytics_product_period');
  await qi.dropTable('analytics_product_ranges');
}
