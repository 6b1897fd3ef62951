import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Product feeds (docs/contracts.md, "Product feeds"):
 * - feeds: a source staff configure, with the conditional-request state of its last fetch
 *   (etag, lastModified, contentHash) and its lease (`leaseOwner`, `leaseUntil` in epoch ms
 *   on the database clock): one run per feed across processes.
 * - feed_runs: one row per run with its counts; `complete` marks a run that read the whole
 *   feed (the baseline for "missing from two runs" and the shrink guard).
 * - feed_run_errors: the rows a run refused, with the reason and the raw text (errors.csv).
 * - feed_items: what a feed row became, matched by (feedId, sku): the product, its link, a
 *   hash of the mapped row (an unchanged row costs no write) and how many complete runs in a
 *   row missed it.
 * - products gain `feedId` (where a product comes from) and `lockedFields` (JSON text array
 *   of the fields staff changed by hand, which runs leave alone); platform_links gain
 *   `lastConfirmedAt` (the last run that saw the price).
 * Plain ADD COLUMN on the existing tables: no rebuild, their triggers stay.
 */
const timestamps = {
  createdAt: { type: DataTypes.DATE, allowNull: false },
  updatedAt: { type: DataTypes.DATE, allowNull: false },
};

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('feeds', {
    id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
    name: { type: DataTypes.STRING(100), allowNull: false },
    url: { type: DataTypes.STRING(2000), allowNull: false },
    format: { type: DataTypes.STRING(20), allowNull: false },
    platform: { type: DataTypes.STRING(20), allowNull: false },
    scheduleMinutes: { type: DataTypes.INTEGER, allowNull: false },
    newProducts: { type: DataTypes.STRING(10), allowNull: false },
    mapping: { type: DataTypes.TEXT, allowNull: false },
    categoryMap: { type: DataTypes.TEXT, allowNull: false },
    enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    etag: { type: DataTypes.STRING(500), allowNull: true },
    lastModified: { type: DataTypes.STRING(100), allowNull: true },
    contentHash: { type: DataTypes.STRING(64), allowNull: true },
    leaseOwner: { type: DataTypes.STRING(64), allowNull: true },
    leaseUntil: { type: DataTypes.BIGINT, allowNull: true },
    lastRunAt: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });

  await qi.createTable('feed_runs', {
    id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
    feedId: {
      type: DataTypes.UUID,
      allowNull: false,
      references: { model: 'feeds', key: 'id' },
      onDelete: 'CASCADE',
    },
    status: { type: DataTypes.STRING(20), allowNull: false },
    startedAt: { type: DataTypes.DATE, allowNull: false },
    finishedAt: { type: DataTypes.DATE, allowNull: true },
    rows: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    created: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    updated: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    unchanged: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    outOfStock: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    deactivated: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    failed: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    notModified: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    complete: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    message: { type: DataTypes.TEXT, allowNull: true },
  });
  await qi.addIndex('feed_runs', ['feedId', 'startedAt'], { name: 'feed_runs_feed_started' });
  await qi.addIndex('feed_runs', ['status'], { name: 'feed_runs_status' });

  await qi.createTable('feed_run_errors', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    runId: {
      type: DataTypes.UUID,
      allowNull: false,
      references: { model: 'feed_runs', key: 'id' },
      onDelete: 'CASCADE',
    },
    row: { type: DataTypes.INTEGER, allowNull: false },
    reason: { type: DataTypes.TEXT, allowNull: false },
    raw: { type: DataTypes.TEXT, allowNull: false },
  });
  await qi.addIndex('feed_run_errors', ['runId', 'row'], { name: 'feed_run_errors_run_row' });

  await qi.createTable('feed_items', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    feedId: {
      type: DataTypes.UUID,
      allowNull: false,
      references: { model: 'feeds', key: 'id' },
      onDelete: 'CASCADE',
    },
    sku: { type: DataTypes.STRING(100), allowNull: false },
    productId: {
      type: DataTypes.UUID,
      allowNull: false,
      references: { model: 'products', key: 'id' },
      onDelete: 'CASCADE',
    },
    linkId: { type: DataTypes.INTEGER, allowNull: true },
    contentHash: { type: DataTypes.STRING(64), allowNull: false },
    missedRuns: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    lastSeenRunId: { type: DataTypes.UUID, allowNull: true },
    deactivated: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
  });
  await qi.addIndex('feed_items', ['feedId', 'sku'], { name: 'feed_items_feed_sku', unique: true });
  await qi.addIndex('feed_items', ['productId'], { name: 'feed_items_product' });

  const { sequelize } = qi;
  const uuid = sequelize.getDialect() === 'postgres' ? 'UUID' : 'CHAR(36)';
  await sequelize.query(
    `ALTER TABLE products ADD COLUMN "feedId" ${uuid} REFERENCES feeds (id) ON DELETE SET NULL`,
  );
  await sequelize.query('ALTER TABLE products ADD COLUMN "lockedFields" TEXT');
  await sequelize.query('CREATE INDEX products_feed ON products ("feedId")');
  await qi.addColumn('platform_links', 'lastConfirmedAt', {
    type: DataTypes.DATE,
    allowNull: true,
  });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  const { sequelize } = qi;
  await sequelize.query('ALTER TABLE platform_links DROP COLUMN "lastConfirmedAt"');
  await sequelize.query('DROP INDEX IF EXISTS products_feed');
  await sequelize.query('ALTER TABLE products DROP COLUMN "lockedFields"');
  await sequelize.query('ALTER TABLE products DROP COLUMN "feedId"');
  await qi.dropTable('feed_items');
  await qi.dropTable('feed_run_errors');
  await qi.dropTable('feed_runs');
  await qi.dropTable('feeds');
}
