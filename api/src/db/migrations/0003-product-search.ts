import type { QueryInterface } from 'sequelize';

/**
 * Server search over the whole catalogue with the databases' own full-text engines.
 *
 * Only active products are indexed, with four fields: title, category name, badge text and
 * description. Database triggers keep the index in step inside the same transaction as every
 * write to products or a category's name (routes, imports, bulk actions, deletes), so no
 * application code can forget it. Existing rows are indexed here.
 *
 * SQLite: an FTS5 table without stored content (the text lives in products already) whose
 * rows are deleted by rowid, folding case and diacritics, with prefix indexes for the word
 * being typed, and columns title, category, badge, description (the ranking tiers are column
 * filters) plus a category token; `product_search_docs` gives every indexed product an integer docid that follows
 * createdAt and carries its category, so a search never touches the products table.
 *
 * PostgreSQL: `product_search` holds three nested tsvectors per active product (title; title,
 * category and badge; everything), `simple` configuration over unaccent, each with a GIN
 * index; `search_words` is the vocabulary the typo look-up asks. It only grows: a word no
 * longer used costs one row and matches nothing.
 */

const SQLITE_INDEXED = `"isActive" IN (1, 'true')`;

/**
 * SQLite docids follow createdAt: the epoch millisecond times 2^20, plus a sequence within
 * the millisecond. FTS5 walks its doclists in docid order, so "newer first" is the index's
 * own order and a page stops reading after its last row, whatever the number of matches.
 */
const DOCID_SLOT = 1_048_576;
const epochMs = (column: string) =>
  `CAST(round((julianday(${column}) - 2440587.5) * 86400000) AS INTEGER)`;
const nextDocid = (createdAt: string) => `(SELECT coalesce(max(docid) + 1, slot.base)
    FROM (SELECT ${epochMs(createdAt)} * ${DOCID_SLOT} AS base) slot
    LEFT JOIN product_search_docs ON docid BETWEEN slot.base AND slot.base + ${DOCID_SLOT - 1})`;

/**
 * The `filter` column holds one token, `c<categoryId>`: a category filter is then part of the
 * full-text match (visitor words are always limited to the four text columns).
 */
const categoryToken = (categoryId: string) => `'c' || ${categoryId}`;

/** The FTS row of one indexed product, by its docs row. */
const sqliteIndexRow = (product: string, category: string) => `
  INSERT INTO product_search (rowid, title, category, badge, description, filter)
    SELECT d.docid, ${product}.title, COALESCE(${category}, ''),
      COALESCE(${product}."badgeText", ''), ${product}.description,
      ${categoryToken(`${product}."categoryId"`)}
    FROM product_search_docs d WHERE d."productId" = ${product}.id`;

/**
 * How many active products each category has, kept by triggers on the index's own rows (one
 * per active product): the listing's totalCount is a sum over ~40 rows instead of a count
 * over 100,000 index entries.
 */
const activeCountsUp = (indexTable: string) => [
  `CREATE TABLE product_active_counts (
    "categoryId" INTEGER PRIMARY KEY,
    active INTEGER NOT NULL DEFAULT 0
  )`,
  `INSERT INTO product_active_counts ("categoryId", active)
    SELECT "categoryId", count(*) FROM ${indexTable} GROUP BY "categoryId"`,
];

const sqliteUp = [
  `CREATE TABLE product_search_docs (
    docid INTEGER PRIMARY KEY,
    "productId" TEXT NOT NULL UNIQUE,
    "categoryId" INTEGER NOT NULL
  )`,
  `CREATE INDEX product_search_docs_category ON product_search_docs ("categoryId")`,
  // Bumped by every change to the index: in-process caches of it (the typo vocabulary) know
  // when to reload.
  `CREATE TABLE product_search_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`,
  `INSERT INTO product_search_version (id, version) VALUES (1, 0)`,
  `CREATE VIRTUAL TABLE product_search USING fts5(
    title, category, badge, description, filter,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3 4'
  )`,
  `CREATE VIRTUAL TABLE product_search_vocab USING fts5vocab(product_search, 'row')`,

  `INSERT INTO product_search_docs (docid, "productId", "categoryId")
    SELECT ms * ${DOCID_SLOT} + row_number() OVER (PARTITION BY ms ORDER BY id) - 1, id, "categoryId"
    FROM (SELECT id, "categoryId", ${epochMs('"createdAt"')} AS ms FROM products
      WHERE ${SQLITE_INDEXED})`,
  `INSERT INTO product_search (rowid, title, category, badge, description, filter)
    SELECT d.docid, p.title, COALESCE(c.name, ''), COALESCE(p."badgeText", ''), p.description,
      ${categoryToken('p."categoryId"')}
    FROM product_search_docs d
    JOIN products p ON p.id = d."productId"
    LEFT JOIN categories c ON c.id = p."categoryId"`,
  `INSERT INTO product_search (product_search) VALUES ('optimize')`,

  ...activeCountsUp('product_search_docs'),
  `CREATE TRIGGER product_active_counts_add AFTER INSERT ON product_search_docs
    BEGIN
      INSERT OR IGNORE INTO product_active_counts ("categoryId", active)
        VALUES (NEW."categoryId", 0);
      UPDATE product_active_counts SET active = active + 1 WHERE "categoryId" = NEW."categoryId";
    END`,
  `CREATE TRIGGER product_active_counts_remove AFTER DELETE ON product_search_docs
    BEGIN
      UPDATE product_active_counts SET active = active - 1 WHERE "categoryId" = OLD."categoryId";
    END`,

  `CREATE TRIGGER product_search_insert AFTER INSERT ON products
    WHEN NEW.${SQLITE_INDEXED}
    BEGIN
      INSERT INTO product_search_docs (docid, "productId", "categoryId")
        VALUES (${nextDocid('NEW."createdAt"')}, NEW.id, NEW."categoryId");
      ${sqliteIndexRow('NEW', '(SELECT name FROM categories WHERE id = NEW."categoryId")')};
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
      ${sqliteIndexRow('NEW', '(SELECT name FROM categories WHERE id = NEW."categoryId")')};
      UPDATE product_search_version SET version = version + 1;
    END`,
  `CREATE TRIGGER product_search_delete AFTER DELETE ON products
    BEGIN
      DELETE FROM product_search
        WHERE rowid IN (SELECT docid FROM product_search_docs WHERE "productId" = OLD.id);
      DELETE FROM product_search_docs WHERE "productId" = OLD.id;
      UPDATE product_search_version SET version = version + 1;
    END`,
  // A renamed category changes the category field of every product in it.
  `CREATE TRIGGER product_search_category_rename AFTER UPDATE OF name ON categories
    WHEN OLD.name IS NOT NEW.name
    BEGIN
      DELETE FROM product_search
        WHERE rowid IN (SELECT docid FROM product_search_docs WHERE "categoryId" = NEW.id);
      INSERT INTO product_search (rowid, title, category, badge, description, filter)
        SELECT d.docid, p.title, NEW.name, COALESCE(p."badgeText", ''), p.description,
          ${categoryToken('p."categoryId"')}
        FROM product_search_docs d JOIN products p ON p.id = d."productId"
        WHERE d."categoryId" = NEW.id;
      UPDATE product_search_version SET version = version + 1;
    END`,
];

const sqliteDown = [
  'DROP TRIGGER IF EXISTS product_active_counts_remove',
  'DROP TRIGGER IF EXISTS product_active_counts_add',
  'DROP TABLE IF EXISTS product_active_counts',
  'DROP TRIGGER IF EXISTS product_search_category_rename',
  'DROP TRIGGER IF EXISTS product_search_delete',
  'DROP TRIGGER IF EXISTS product_search_update',
  'DROP TRIGGER IF EXISTS product_search_insert',
  'DROP TABLE IF EXISTS product_search_vocab',
  'DROP TABLE IF EXISTS product_search',
  'DROP TABLE IF EXISTS product_search_version',
  'DROP TABLE IF EXISTS product_search_docs',
];

/** The three vectors of one product, from its fields; `words` is unaccented `simple`. */
const postgresVectors = (title: string, category: string, badge: string, description: string) => {
  const label = `product_search_words(coalesce(${category}, '') || ' ' || coalesce(${badge}, ''))`;
  return `product_search_words(${title}),
    product_search_words(${title}) || ${label},
    product_search_words(${title}) || ${label} || product_search_words(${description})`;
};

const postgresUp = [
  'CREATE EXTENSION IF NOT EXISTS unaccent',
  // unaccent() is only STABLE, so the vectors are computed by the triggers and stored,
  // rather than by generated columns. Positions are stripped: no query uses them (no phrase
  // search, no ts_rank), and a smaller row means fewer heap pages per count.
  `CREATE FUNCTION product_search_words(text) RETURNS tsvector
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$ SELECT strip(to_tsvector('simple', unaccent(coalesce($1, '')))) $$`,
  // Three nested vectors instead of one weighted vector: "every word in the title" and
  // "every word in title, category or badge" are then plain GIN look-ups (weights force a
  // recheck of every candidate row), which is what the ranking tiers and their counts need.
  // Rows are a few hundred bytes (the vectors stay inline: PostgreSQL only toasts rows over 2 kB), so
  // an exact count visits about one heap page per match; see the benchmark for its cost.
  `CREATE TABLE product_search (
    "productId" uuid PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE,
    "categoryId" integer NOT NULL,
    "createdAt" timestamptz NOT NULL,
    title tsvector NOT NULL,
    label tsvector NOT NULL,
    document tsvector NOT NULL
  )`,
  `CREATE TABLE search_words (word text COLLATE "C" PRIMARY KEY)`,

  `INSERT INTO product_search ("productId", "categoryId", "createdAt", title, label, document)
    SELECT p.id, p."categoryId", p."createdAt",
      ${postgresVectors('p.title', 'c.name', 'p."badgeText"', 'p.description')}
    FROM products p LEFT JOIN categories c ON c.id = p."categoryId"
    WHERE p."isActive"`,
  `INSERT INTO search_words (word)
    SELECT DISTINCT unnest(tsvector_to_array(document)) FROM product_search
    ON CONFLICT DO NOTHING`,
  ...activeCountsUp('product_search'),
  `CREATE FUNCTION product_active_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE product_active_counts SET active = active - 1
          WHERE "categoryId" = OLD."categoryId";
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO product_active_counts AS c ("categoryId", active)
          VALUES (NEW."categoryId", 1)
          ON CONFLICT ("categoryId") DO UPDATE SET active = c.active + 1;
      END IF;
      RETURN NULL;
    END
  $$`,
  `CREATE TRIGGER product_active_counts_sync
    AFTER INSERT OR DELETE OR UPDATE OF "categoryId" ON product_search
    FOR EACH ROW EXECUTE FUNCTION product_active_counts_sync()`,
  `CREATE INDEX product_search_title ON product_search USING gin (title)`,
  `CREATE INDEX product_search_label ON product_search USING gin (label)`,
  `CREATE INDEX product_search_document ON product_search USING gin (document)`,
  `CREATE INDEX product_search_newest ON product_search ("createdAt" DESC, "productId")`,
  `CREATE INDEX product_search_category ON product_search ("categoryId", "createdAt" DESC)`,
  'ANALYZE product_search',

  `CREATE FUNCTION product_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      title_words tsvector;
      label_words tsvector;
      all_words tsvector;
    BEGIN
      IF TG_OP = 'UPDATE' AND OLD.id IS DISTINCT FROM NEW.id THEN
        DELETE FROM product_search WHERE "productId" = OLD.id;
      END IF;
      IF NOT NEW."isActive" THEN
        DELETE FROM product_search WHERE "productId" = NEW.id;
        RETURN NULL;
      END IF;
      title_words := product_search_words(NEW.title);
      label_words := title_words || product_search_words(
        coalesce((SELECT name FROM categories WHERE id = NEW."categoryId"), '')
        || ' ' || coalesce(NEW."badgeText", ''));
      all_words := label_words || product_search_words(NEW.description);
      INSERT INTO product_search ("productId", "categoryId", "createdAt", title, label, document)
        VALUES (NEW.id, NEW."categoryId", NEW."createdAt", title_words, label_words, all_words)
        ON CONFLICT ("productId") DO UPDATE SET "categoryId" = EXCLUDED."categoryId",
          "createdAt" = EXCLUDED."createdAt", title = EXCLUDED.title,
          label = EXCLUDED.label, document = EXCLUDED.document;
      INSERT INTO search_words (word) SELECT unnest(tsvector_to_array(all_words))
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END
  $$`,
  `CREATE TRIGGER product_search_insert AFTER INSERT ON products
    FOR EACH ROW EXECUTE FUNCTION product_search_sync()`,
  `CREATE TRIGGER product_search_update AFTER UPDATE ON products
    FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.title IS DISTINCT FROM NEW.title
      OR OLD.description IS DISTINCT FROM NEW.description
      OR OLD."badgeText" IS DISTINCT FROM NEW."badgeText"
      OR OLD."categoryId" IS DISTINCT FROM NEW."categoryId"
      OR OLD."isActive" IS DISTINCT FROM NEW."isActive"
      OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt")
    EXECUTE FUNCTION product_search_sync()`,
  // A renamed category changes the category field of every product in it.
  `CREATE FUNCTION product_search_category_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE product_search s
        SET (title, label, document) = (SELECT
          ${postgresVectors('p.title', 'NEW.name', 'p."badgeText"', 'p.description')})
        FROM products p
        WHERE s."categoryId" = NEW.id AND p.id = s."productId";
      INSERT INTO search_words (word)
        SELECT unnest(tsvector_to_array(product_search_words(NEW.name)))
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END
  $$`,
  `CREATE TRIGGER product_search_category_rename AFTER UPDATE OF name ON categories
    FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
    EXECUTE FUNCTION product_search_category_sync()`,
];

const postgresDown = [
  'DROP TRIGGER IF EXISTS product_search_category_rename ON categories',
  'DROP TRIGGER IF EXISTS product_search_update ON products',
  'DROP TRIGGER IF EXISTS product_search_insert ON products',
  'DROP FUNCTION IF EXISTS product_search_category_sync()',
  'DROP FUNCTION IF EXISTS product_search_sync()',
  'DROP TABLE IF EXISTS search_words',
  'DROP TABLE IF EXISTS product_search',
  'DROP FUNCTION IF EXISTS product_active_counts_sync()',
  'DROP TABLE IF EXISTS product_active_counts',
  'DROP FUNCTION IF EXISTS product_search_words(text)',
];

/**
 * The plain newest-first listing at any depth: the index holds the whole sort key and the id,
 * so skipping to page 5,000 walks index entries only and never reads a product row.
 */
const listingIndexes = [
  `CREATE INDEX products_active_newest ON products ("isActive", "createdAt" DESC, id)`,
  `CREATE INDEX products_category_active_newest
    ON products ("categoryId", "isActive", "createdAt" DESC, id)`,
];

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const postgres = qi.sequelize.getDialect() === 'postgres';
  for (const sql of [...(postgres ? postgresUp : sqliteUp), ...listingIndexes]) {
    await qi.sequelize.query(sql);
  }
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  const postgres = qi.sequelize.getDialect() === 'postgres';
  await qi.sequelize.query('DROP INDEX IF EXISTS products_category_active_newest');
  await qi.sequelize.query('DROP INDEX IF EXISTS products_active_newest');
  for (const sql of postgres ? postgresDown : sqliteDown) await qi.sequelize.query(sql);
}
