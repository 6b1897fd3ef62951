import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * The catalogue import and export (DESIGN "Import and export").
 *
 * - products.sku: the product's stable key in CSV files, unique. Every product has one, so an
 *   export always round-trips: existing rows get their id as sku here, and a product saved
 *   without one (the product form) gets its id from a trigger, on both engines. An import may
 *   give any other text.
 * - import_jobs: one row per uploaded file, so that any server process (WEB_CONCURRENCY
 *   workers sharing one PostgreSQL) can answer its progress and cancel it.
 * - import_job_failures: the failed rows of a job with their reason, for errors.csv.
 *
 * The SQLite trigger only fires when the sku is missing (an import always gives one), so the
 * import's write path pays nothing for it.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const sequelize = qi.sequelize;
  const postgres = sequelize.getDialect() === 'postgres';

  await qi.addColumn('products', 'sku', { type: DataTypes.STRING(100), allowNull: true });
  await sequelize.query(`UPDATE products SET sku = ${postgres ? 'id::text' : 'id'}`);
  await qi.addIndex('products', ['sku'], { name: 'products_sku', unique: true });
  if (postgres) {
    await sequelize.query(`CREATE OR REPLACE FUNCTION products_default_sku() RETURNS trigger AS $$
      BEGIN
        IF NEW.sku IS NULL OR NEW.sku = '' THEN NEW.sku := NEW.id::text; END IF;
        RETURN NEW;
      END
      $$ LANGUAGE plpgsql`);
    await sequelize.query(`CREATE TRIGGER products_default_sku
      BEFORE INSERT OR UPDATE OF sku ON products
      FOR EACH ROW EXECUTE FUNCTION products_default_sku()`);
  } else {
    await sequelize.query(`CREATE TRIGGER products_default_sku AFTER INSERT ON products
      WHEN NEW.sku IS NULL OR NEW.sku = ''
      BEGIN
        UPDATE products SET sku = NEW.id WHERE id = NEW.id;
      END`);
  }

  await qi.createTable('import_jobs', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    status: { type: DataTypes.STRING(10), allowNull: false },
    dryRun: { type: DataTypes.BOOLEAN, allowNull: false },
    userId: { type: DataTypes.INTEGER, allowNull: true },
    username: { type: DataTypes.STRING(100), allowNull: false },
    fileSize: { type: DataTypes.BIGINT, allowNull: false, defaultValue: 0 },
    /** The header row as read (JSON array), for errors.csv. */
    headers: { type: DataTypes.TEXT, allowNull: false },
    totalRows: { type: DataTypes.INTEGER, allowNull: true },
    processedRows: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    created: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    updated: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    unchanged: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    failed: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    /** The first 1,000 `{row, field, message}` (JSON array). */
    errors: { type: DataTypes.TEXT, allowNull: false },
    /** Why a job failed as a whole (unreadable CSV, server error). */
    message: { type: DataTypes.STRING(500), allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
    finishedAt: { type: DataTypes.DATE, allowNull: true },
  });
  await qi.addIndex('import_jobs', ['createdAt'], { name: 'import_jobs_created' });

  await qi.createTable('import_job_failures', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    jobId: {
      type: DataTypes.STRING(36),
      allowNull: false,
      references: { model: 'import_jobs', key: 'id' },
      onDelete: 'CASCADE',
    },
    row: { type: DataTypes.INTEGER, allowNull: false },
    reason: { type: DataTypes.TEXT, allowNull: false },
    /** The row's cells as read (JSON array). */
    cells: { type: DataTypes.TEXT, allowNull: false },
  });
  await qi.addIndex('import_job_failures', ['jobId', 'row'], { name: 'import_job_failures_job' });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  const sequelize = qi.sequelize;
  await qi.dropTable('import_job_failures');
  await qi.dropTable('import_jobs');
  if (sequelize.getDialect() === 'postgres') {
    await sequelize.query('DROP TRIGGER IF EXISTS products_default_sku ON products');
    await sequelize.query('DROP FUNCTION IF EXISTS products_default_sku()');
  } else {
    await sequelize.query('DROP TRIGGER IF EXISTS products_default_sku');
  }
  await qi.removeIndex('products', 'products_sku');
  await qi.removeColumn('products', 'sku');
}
