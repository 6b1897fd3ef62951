import type { QueryInterface } from 'sequelize';

/**
 * SQLite only (issue 26): one FTS5 index per ranking tier, so that a tier reads a doclist as
 * long as the tier and no longer.
 *
 * The ranking tiers of the public search were column filters on the one FTS5 table of
 * migration 0003 (`{title} : promo`, `{title category badge} : promo`). FTS5 keeps one doclist
 * per word for all columns and filters by column entry by entry, so counting the title tier of
 * `promo` up to the count cap, or telling the label tier from the description tier on page 1,
 * read the whole doclist of a word in half the catalogue (~500,000 entries at 1,000,000
 * products) to find the few products with it in the title.
 *
 * - `product_search_title`: the title (and the category token) of every indexed product;
 * - `product_search_label`: title, category name and badge (and the category token).
 *
 * Same rowids (docids) as `product_search`, same tokenizer and prefix indexes, contentless
 * with deletes by rowid. `detail = column`: no positions, since the search never asks for a
 * phrase or NEAR (every query word is one token), only for which columns hold a word, so the
 * two tables cost far less than a second copy of the index. The triggers of 0003/0010 write
 * them in the same statements as `product_search`; a renamed category rewrites the label rows.
 *
 * PostgreSQL already has one GIN index per tier (`title`, `label`, `document`): nothing here.
 *
 * Frozen history like every migration: the trigger text is copied here, not shared.
 */

const DOCID_SLOT = 1_048_576;
const SQLITE_INDEXED = `"isActive" IN (1, 'true')`;
const slotBase = (createdAt: string) =>
  `(CAST(round((julianday(${createdAt}) - 2440587.5) * 86400000) AS INTEGER) * ${DOCID_SLOT})`;

/** 0010's docid: the last one in the millisecond's slot plus one, or the slot's first. */
const nextDocid = (createdAt: string) => `coalesce(
    (SELECT docid + 1 FROM product_search_docs
      WHERE docid BETWEEN ${slotBase(createdAt)} AND ${slotBase(createdAt)} + ${DOCID_SLOT - 1}
      ORDER BY docid DESC LIMIT 1),
    ${slotBase(createdAt)})`;

const tierTable = (name: string, columns: string) => `CREATE VIRTUAL TABLE ${name} USING fts5(
    ${columns}, filter,
    content = '', contentless_delete = 1, detail = column,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3 4'
  )`;

const CATEGORY_OF_NEW = '(SELECT name FROM categories WHERE id = NEW."categoryId")';

/** The rows of one product in the three indexes, by its docs row (0003's row, then the tiers). */
const indexRows = (withTiers: boolean) => {
  const all = `
      INSERT INTO product_search (rowid, title, category, badge, description, filter)
        SELECT d.docid, NEW.title, COALESCE(${CATEGORY_OF_NEW}, ''),
          COALESCE(NEW."badgeText", ''), NEW.description,
          'c' || NEW."categoryId"
        FROM product_search_docs d WHERE d."productId" = NEW.id`;
  if (!withTiers) return all;
  return `${all};
      INSERT INTO product_search_title (rowid, title, filter)
        SELECT d.docid, NEW.title, 'c' || NEW."categoryId"
        FROM product_search_docs d WHERE d."productId" = NEW.id;
      INSERT INTO product_search_label (rowid, title, category, badge, filter)
        SELECT d.docid, NEW.title, COALESCE(${CATEGORY_OF_NEW}, ''),
          COALESCE(NEW."badgeText", ''), 'c' || NEW."categoryId"
        FROM product_search_docs d WHERE d."productId" = NEW.id`;
};

/** Deletes the index rows of the products whose docs rows `docids` selects. */
const deleteRows = (withTiers: boolean, docids: string) =>
  (withTiers
    ? ['product_search', 'product_search_title', 'product_search_label']
    : ['product_search']
  )
    .map((table) => `DELETE FROM ${table} WHERE rowid IN (${docids})`)
    .join(';\n      ');

const triggers = (withTiers: boolean) => {
  const ofOld = `SELECT docid FROM product_search_docs WHERE "productId" = OLD.id`;
  const ofCategory = `SELECT docid FROM product_search_docs WHERE "categoryId" = NEW.id`;
  const renamedLabels = withTiers
    ? `;
      INSERT INTO product_search_label (rowid, title, category, badge, filter)
        SELECT d.docid, p.title, NEW.name, COALESCE(p."badgeText", ''), 'c' || p."categoryId"
        FROM product_search_docs d JOIN products p ON p.id = d."productId"
        WHERE d."categoryId" = NEW.id`
    : '';
  return [
    `CREATE TRIGGER product_search_insert AFTER INSERT ON products
    WHEN NEW.${SQLITE_INDEXED}
    BEGIN
      INSERT INTO product_search_docs (docid, "productId", "categoryId")
        VALUES (${nextDocid('NEW."createdAt"')}, NEW.id, NEW."categoryId");
      ${indexRows(withTiers)};
      UPDATE product_search_version SET version = version + 1;
    END`,
    `CREATE TRIGGER product_search_update AFTER UPDATE ON products
    WHEN OLD.id IS NOT NEW.id OR OLD.title IS NOT NEW.title
      OR OLD.description IS NOT NEW.description OR OLD."badgeText" IS NOT NEW."badgeText"
      OR OLD."categoryId" IS NOT NEW."categoryId" OR OLD."isActive" IS NOT NEW."isActive"
      OR OLD."createdAt" IS NOT NEW."createdAt"
    BEGIN
      ${deleteRows(withTiers, ofOld)};
      DELETE FROM product_search_docs WHERE "productId" = OLD.id;
      INSERT INTO product_search_docs (docid, "productId", "categoryId")
        SELECT ${nextDocid('NEW."createdAt"')}, NEW.id, NEW."categoryId"
        WHERE NEW.${SQLITE_INDEXED};
      ${indexRows(withTiers)};
      UPDATE product_search_version SET version = version + 1;
    END`,
    `CREATE TRIGGER product_search_delete AFTER DELETE ON products
    BEGIN
      ${deleteRows(withTiers, ofOld)};
      DELETE FROM product_search_docs WHERE "productId" = OLD.id;
      UPDATE product_search_version SET version = version + 1;
    END`,
    // A renamed category changes the category field of every product in it.
    `CREATE TRIGGER product_search_category_rename AFTER UPDATE OF name ON categories
    WHEN OLD.name IS NOT NEW.name
    BEGIN
      ${(withTiers ? ['product_search', 'product_search_label'] : ['product_search'])
        .map((table) => `DELETE FROM ${table} WHERE rowid IN (${ofCategory})`)
        .join(';\n      ')};
      INSERT INTO product_search (rowid, title, category, badge, description, filter)
        SELECT d.docid, p.title, NEW.name, COALESCE(p."badgeText", ''), p.description,
          'c' || p."categoryId"
        FROM product_search_docs d JOIN products p ON p.id = d."productId"
        WHERE d."categoryId" = NEW.id${renamedLabels};
      UPDATE product_search_version SET version = version + 1;
    END`,
  ];
};

const TRIGGER_NAMES = [
  'product_search_insert',
  'product_search_update',
  'product_search_delete',
  'product_search_category_rename',
];

async function replaceTriggers(qi: QueryInterface, withTiers: boolean) {
  for (const name of TRIGGER_NAMES) await qi.sequelize.query(`DROP TRIGGER IF EXISTS ${name}`);
  for (const sql of triggers(withTiers)) await qi.sequelize.query(sql);
}

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() === 'postgres') return;
  const run = (sql: string) => qi.sequelize.query(sql);
  await run(tierTable('product_search_title', 'title'));
  await run(tierTable('product_search_label', 'title, category, badge'));
  await run(`INSERT INTO product_search_title (rowid, title, filter)
    SELECT d.docid, p.title, 'c' || p."categoryId"
    FROM product_search_docs d JOIN products p ON p.id = d."productId"
    ORDER BY d.docid`);
  await run(`INSERT INTO product_search_label (rowid, title, category, badge, filter)
    SELECT d.docid, p.title, COALESCE(c.name, ''), COALESCE(p."badgeText", ''),
      'c' || p."categoryId"
    FROM product_search_docs d
    JOIN products p ON p.id = d."productId"
    LEFT JOIN categories c ON c.id = p."categoryId"
    ORDER BY d.docid`);
  await run(`INSERT INTO product_search_title (product_search_title) VALUES ('optimize')`);
  await run(`INSERT INTO product_search_label (product_search_label) VALUES ('optimize')`);
  await replaceTriggers(qi, true);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  if (qi.sequelize.getDialect() === 'postgres') return;
  await replaceTriggers(qi, false);
  await qi.sequelize.query('DROP TABLE IF EXISTS product_search_label');
  await qi.sequelize.query('DROP TABLE IF EXISTS product_search_title');
}
