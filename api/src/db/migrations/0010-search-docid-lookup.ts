import type { QueryInterface } from 'sequelize';

/**
 * SQLite only: the public search triggers of migration 0003 find a new docid with
 * `max(docid)` over a LEFT JOIN, which SQLite answers by reading every docid already in the
 * product's createdAt millisecond. An import writes a whole chunk with one createdAt, so the
 * nth row of a 500-row chunk read n - 1 rows (125,000 per chunk). Here the same docid (the
 * last one in the millisecond's slot plus one, or the slot's first) comes from one backward
 * step of the primary key. The triggers do exactly what they did, and 0003's comments on
 * docids still hold. PostgreSQL has no docids: nothing changes there.
 *
 * Frozen history like every migration: the trigger text is copied here, not shared with 0003.
 */

const DOCID_SLOT = 1_048_576;
const SQLITE_INDEXED = `"isActive" IN (1, 'true')`;
const slotBase = (createdAt: string) =>
  `(CAST(round((julianday(${createdAt}) - 2440587.5) * 86400000) AS INTEGER) * ${DOCID_SLOT})`;

/** 0003's lookup: every docid of the millisecond is read. */
const scanningDocid = (createdAt: string) => `(SELECT coalesce(max(docid) + 1, slot.base)
    FROM (SELECT ${slotBase(createdAt)} AS base) slot
    LEFT JOIN product_search_docs ON docid BETWEEN slot.base AND slot.base + ${DOCID_SLOT - 1})`;

/** The same value from the last docid of the millisecond alone. */
const steppingDocid = (createdAt: string) => `coalesce(
    (SELECT docid + 1 FROM product_search_docs
      WHERE docid BETWEEN ${slotBase(createdAt)} AND ${slotBase(createdAt)} + ${DOCID_SLOT - 1}
      ORDER BY docid DESC LIMIT 1),
    ${slotBase(createdAt)})`;

const indexRow = `
  INSERT INTO product_search (rowid, title, category, badge, description, filter)
    SELECT d.docid, NEW.title, COALESCE((SELECT name FROM categories WHERE id = NEW."categoryId"), ''),
      COALESCE(NEW."badgeText", ''), NEW.description,
      'c' || NEW."categoryId"
    FROM product_search_docs d WHERE d."productId" = NEW.id`;

const triggers = (nextDocid: (createdAt: string) => string) => [
  `CREATE TRIGGER product_search_insert AFTER INSERT ON products
    WHEN NEW.${SQLITE_INDEXED}
    BEGIN
      INSERT INTO product_search_docs (docid, "productId", "categoryId")
        VALUES (${nextDocid('NEW."createdAt"')}, NEW.id, NEW."categoryId");
      ${indexRow};
      UPDATE product_search_version SET version = version + 1;
    END`,
  `CREATE TRIGGER product_search_update AFTER UPDATE ON products
    WHEN OLD.id IS NOT NEW.id OR OLD.title IS NOT NEW.title
      OR OLD.description IS NOT NEW.description OR OLD."badgeText" IS NOT NEW."badgeText"
      OR OLD."categoryId" IS NOT NEW."categoryId" OR OLD."isActive" IS NOT NEW."isActive"
      OR OLD."createdAt" IS NOT NEW."createdAt"
    BEGIN
      DELETE FROM product_search
        WHERE rowid IN (SELECT docid FROM product_search_docs WHERE "productId" = OLD.id);
      DELETE FROM product_search_docs WHERE "productId" = OLD.id;
      INSERT INTO product_search_docs (docid, "productId", "categoryId")
        SELECT ${nextDocid('NEW."createdAt"')}, NEW.id, NEW."categoryId"
        WHERE NEW.${SQLITE_INDEXED};
      ${indexRow};
      UPDATE product_search_version SET version = version + 1;
    END`,
];

async function replaceTriggers(qi: QueryInterface, nextDocid: (createdAt: string) => string) {
  if (qi.sequelize.getDialect() === 'postgres') return;
  await qi.sequelize.query('DROP TRIGGER IF EXISTS product_search_insert');
  await qi.sequelize.query('DROP TRIGGER IF EXISTS product_search_update');
  for (const sql of triggers(nextDocid)) await qi.sequelize.query(sql);
}

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await replaceTriggers(qi, steppingDocid);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await replaceTriggers(qi, scanningDocid);
}
