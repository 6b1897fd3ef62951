import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';

/**
 * Numeric prices, price history, link health and the tombstones of removed links.
 *
 * - platform_links.priceValue: whole rupiah (null without a price), backfilled from the
 *   display text with the parse rule below.
 * - price_points: one row per price a link has had. Database triggers record a point when a
 *   link is inserted with a price and whenever its priceValue changes, inside the writing
 *   transaction, so admin edits, imports and scripts cannot forget to.
 * - link health columns, written by the link checker.
 * - retired_links: the id of every deleted link (a trigger, so cascades from a deleted
 *   product count too), so /go/{id} can tell "gone" (410) from "never existed" (404).
 *
 * A migration is frozen history: the parse rule is copied here as it stood when the migration
 * shipped, and never follows later changes to shared/rules/price.ts.
 *
 * SQLite recreates a table for some later schema changes (Sequelize's changeColumn and
 * removeColumn on platform_links), which drops its triggers: a migration that does so must
 * create the triggers below again.
 */

const MAX_PRICE_RUPIAH = 100_000_000_000;
const RUPIAH =
  /^(?:(?:rp|idr)\.?\s*)?(?:(\d{1,3}(?:\.\d{3})+)(?:,\d{1,2})?|(\d{1,3}(?:,\d{3})+)(?:\.\d{1,2})?|(\d+)(?:[.,]\d{1,2})?)$/i;

function parseRupiah(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const match = RUPIAH.exec(text.trim());
  const digits = match?.[1] ?? match?.[2] ?? match?.[3];
  if (!digits) return null;
  const value = Number(digits.replace(/[.,]/g, ''));
  return Number.isSafeInteger(value) && value <= MAX_PRICE_RUPIAH ? value : null;
}

/** The current time as Sequelize writes DATE columns on SQLite ('YYYY-MM-DD HH:MM:SS.SSS +00:00'). */
const SQLITE_NOW = `strftime('%Y-%m-%d %H:%M:%f', 'now') || ' +00:00'`;

function sqliteTriggers(): string[] {
  const insertPoint = `INSERT INTO price_points ("linkId", "productId", platform, price, at)
      VALUES (NEW.id, NEW."productId", NEW.platform, NEW."priceValue", ${SQLITE_NOW});`;
  return [
    `CREATE TRIGGER platform_links_price_insert AFTER INSERT ON platform_links
     WHEN NEW."priceValue" IS NOT NULL
     BEGIN
       ${insertPoint}
     END`,
    `CREATE TRIGGER platform_links_price_update AFTER UPDATE OF "priceValue" ON platform_links
     WHEN NEW."priceValue" IS NOT NULL AND (OLD."priceValue" IS NULL OR OLD."priceValue" <> NEW."priceValue")
     BEGIN
       ${insertPoint}
     END`,
    `CREATE TRIGGER platform_links_retire AFTER DELETE ON platform_links
     BEGIN
       INSERT INTO retired_links ("linkId", "productId", "retiredAt")
       VALUES (OLD.id, OLD."productId", ${SQLITE_NOW})
       ON CONFLICT ("linkId") DO NOTHING;
     END`,
  ];
}

function postgresTriggers(): string[] {
  return [
    `CREATE OR REPLACE FUNCTION platform_links_record_price() RETURNS trigger AS $$
     BEGIN
       IF NEW."priceValue" IS NOT NULL
          AND (TG_OP = 'INSERT' OR OLD."priceValue" IS DISTINCT FROM NEW."priceValue") THEN
         INSERT INTO price_points ("linkId", "productId", platform, price, at)
         VALUES (NEW.id, NEW."productId", NEW.platform, NEW."priceValue", clock_timestamp());
       END IF;
       RETURN NULL;
     END
     $$ LANGUAGE plpgsql`,
    `CREATE TRIGGER platform_links_price_points
     AFTER INSERT OR UPDATE OF "priceValue" ON platform_links
     FOR EACH ROW EXECUTE FUNCTION platform_links_record_price()`,
    `CREATE OR REPLACE FUNCTION platform_links_retire() RETURNS trigger AS $$
     BEGIN
       INSERT INTO retired_links ("linkId", "productId", "retiredAt")
       VALUES (OLD.id, OLD."productId", clock_timestamp())
       ON CONFLICT ("linkId") DO NOTHING;
       RETURN NULL;
     END
     $$ LANGUAGE plpgsql`,
    `CREATE TRIGGER platform_links_retire
     AFTER DELETE ON platform_links
     FOR EACH ROW EXECUTE FUNCTION platform_links_retire()`,
  ];
}

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const sequelize = qi.sequelize;
  const postgres = sequelize.getDialect() === 'postgres';

  await qi.addColumn('platform_links', 'priceValue', { type: DataTypes.BIGINT, allowNull: true });
  await qi.addColumn('platform_links', 'lastCheckedAt', { type: DataTypes.DATE, allowNull: true });
  // The final HTTP status of the last check; null when no response came (timeout, DNS, refused).
  await qi.addColumn('platform_links', 'lastStatus', { type: DataTypes.INTEGER, allowNull: true });
  await qi.addColumn('platform_links', 'lastError', {
    type: DataTypes.STRING(200),
    allowNull: true,
  });
  await qi.addColumn('platform_links', 'isBroken', {
    type: DataTypes.BOOLEAN,
    allowNull: false,
    defaultValue: false,
  });
  await qi.addIndex('platform_links', ['isBroken'], { name: 'platform_links_broken' });
  await qi.addIndex('platform_links', ['lastCheckedAt'], { name: 'platform_links_checked' });

  await qi.createTable('price_points', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    linkId: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'platform_links', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    productId: { type: DataTypes.UUID, allowNull: false },
    platform: { type: DataTypes.STRING(20), allowNull: false },
    price: { type: DataTypes.BIGINT, allowNull: false },
    at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('price_points', ['productId', 'at'], { name: 'price_points_product_at' });
  await qi.addIndex('price_points', ['linkId', 'at'], { name: 'price_points_link_at' });

  await qi.createTable('retired_links', {
    linkId: { type: DataTypes.INTEGER, primaryKey: true, allowNull: false },
    productId: { type: DataTypes.UUID, allowNull: false },
    retiredAt: { type: DataTypes.DATE, allowNull: false },
  });

  // Backfill: one UPDATE per distinct display text, in one transaction.
  const prices = await sequelize.query<{ price: string }>(
    `SELECT DISTINCT price FROM platform_links WHERE price IS NOT NULL AND price <> ''`,
    { type: QueryTypes.SELECT },
  );
  const parsed = prices
    .map(({ price }) => ({ price, value: parseRupiah(price) }))
    .filter((row): row is { price: string; value: number } => row.value !== null);
  if (parsed.length > 0) {
    await sequelize.transaction(async (transaction) => {
      for (const { price, value } of parsed) {
        await sequelize.query(`UPDATE platform_links SET "priceValue" = ? WHERE price = ?`, {
          replacements: [value, price],
          transaction,
        });
      }
    });
  }
  // Every link with a price starts its history at its last change.
  await sequelize.query(
    `INSERT INTO price_points ("linkId", "productId", platform, price, at)
     SELECT id, "productId", platform, "priceValue", "updatedAt"
     FROM platform_links WHERE "priceValue" IS NOT NULL
     ORDER BY id`,
  );

  for (const sql of postgres ? postgresTriggers() : sqliteTriggers()) {
    await sequelize.query(sql);
  }
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  const sequelize = qi.sequelize;
  if (sequelize.getDialect() === 'postgres') {
    await sequelize.query('DROP TRIGGER IF EXISTS platform_links_price_points ON platform_links');
    await sequelize.query('DROP TRIGGER IF EXISTS platform_links_retire ON platform_links');
    await sequelize.query('DROP FUNCTION IF EXISTS platform_links_record_price()');
    await sequelize.query('DROP FUNCTION IF EXISTS platform_links_retire()');
  } else {
    for (const name of [
      'platform_links_price_insert',
      'platform_links_price_update',
      'platform_links_retire',
    ]) {
      await sequelize.query(`DROP TRIGGER IF EXISTS ${name}`);
    }
  }
  await qi.dropTable('retired_links');
  await qi.dropTable('price_points');
  await qi.removeIndex('platform_links', 'platform_links_checked');
  await qi.removeIndex('platform_links', 'platform_links_broken');
  for (const column of ['isBroken', 'lastError', 'lastStatus', 'lastCheckedAt', 'priceValue']) {
    await qi.removeColumn('platform_links', column);
  }
}
