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
 * being typed; `product_search_docs` gives every indexed product a stable integer rowid and
 * carries what the ranking and filters need, so a search never touches the products table.
 *
 * PostgreSQL: `product_search` holds one weighted tsvector per active product (A title,
 * B category and badge, C description; the `simple` configuration over unaccent) with a GIN
 * index; `search_words` is the vocabulary the typo look-up asks. It only grows: a word no
 * longer used costs one row and matches nothing.
 */

const SQLITE_INDEXED = `"isActive" IN (1, 'true')`;

const sqliteUp = [
  `CREATE TABLE product_search_docs (
    docid INTEGER PRIMARY KEY,
    "productId" TEXT NOT NULL UNIQUE,
    "categoryId" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL
  )`,
  `CREATE INDEX product_search_docs_category ON product_search_docs ("categoryId", "createdAt")`,
  `CREATE VIRTUAL TABLE product_search USING fts5(
    title, category, badge, description,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3 4'
  )`,
  `CREATE VIRTUAL TABLE product_search_vocab USING fts5vocab(product_search, 'row')`,

  // Backfill: oldest first, so rowids follow the catalogue's age.
  `INSERT INTO product_search_docs ("productId", "categoryId", "createdAt")
    SELECT id, "categoryId", "createdAt" FROM products
    WHERE ${SQLITE_INDEXED} ORDER BY "createdAt", id`,
  `INSERT INTO product_search (rowid, title, category, badge, description)
    SELECT d.docid, p.title, COALESCE(c.name, ''), COALESCE(p."badgeText", ''), p.description
    FROM product_search_docs d
    JOIN products p ON p.id = d."productId"
    LEFT JOIN categories c ON c.id = p."categoryId"`,
  `INSERT INTO product_search (product_search) VALUES ('optimize')`,

  `CREATE TRIGGER product_search_insert AFTER INSERT ON products
    WHEN NEW.${SQLITE_INDEXED}
    BEGIN
      INSERT INTO product_search_docs ("productId", "categoryId", "createdAt")
        VALUES (NEW.id, NEW."categoryId", NEW."createdAt");
      INSERT INTO product_search (rowid, title, category, badge, description)
        SELECT d.docid, NEW.title,
          COALESCE((SELECT name FROM categories WHERE id = NEW."categoryId"), ''),
          COALESCE(NEW."badgeText", ''), NEW.description
        FROM product_search_docs d WHERE d."productId" = NEW.id;
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
      INSERT INTO product_search_docs ("productId", "categoryId", "createdAt")
        SELECT NEW.id, NEW."categoryId", NEW."createdAt" WHERE NEW.${SQLITE_INDEXED};
      INSERT INTO product_search (rowid, title, category, badge, description)
        SELECT d.docid, NEW.title,
          COALESCE((SELECT name FROM categories WHERE id = NEW."categoryId"), ''),
          COALESCE(NEW."badgeText", ''), NEW.description
        FROM product_search_docs d WHERE d."productId" = NEW.id;
    END`,
  `CREATE TRIGGER product_search_delete AFTER DELETE ON products
    BEGIN
      DELETE FROM product_search
        WHERE rowid IN (SELECT docid FROM product_search_docs WHERE "productId" = OLD.id);
      DELETE FROM product_search_docs WHERE "productId" = OLD.id;
    END`,
  // A renamed category changes the category field of every product in it.
  `CREATE TRIGGER product_search_category_rename AFTER UPDATE OF name ON categories
    WHEN OLD.name IS NOT NEW.name
    BEGIN
      DELETE FROM product_search
        WHERE rowid IN (SELECT docid FROM product_search_docs WHERE "categoryId" = NEW.id);
      INSERT INTO product_search (rowid, title, category, badge, description)
        SELECT d.docid, p.title, NEW.name, COALESCE(p."badgeText", ''), p.description
        FROM product_search_docs d JOIN products p ON p.id = d."productId"
        WHERE d."categoryId" = NEW.id;
    END`,
];

const sqliteDown = [
  'DROP TRIGGER IF EXISTS product_search_category_rename',
  'DROP TRIGGER IF EXISTS product_search_delete',
  'DROP TRIGGER IF EXISTS product_search_update',
  'DROP TRIGGER IF EXISTS product_search_insert',
  'DROP TABLE IF EXISTS product_search_vocab',
  'DROP TABLE IF EXISTS product_search',
  'DROP TABLE IF EXISTS product_search_docs',
];

const postgresUp = [
  'CREATE EXTENSION IF NOT EXISTS unaccent',
  // unaccent() is only STABLE, so the document is computed here and stored by the triggers
  // rather than by a generated column.
  `CREATE FUNCTION product_search_document(title text, category text, badge text, description text)
    RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT setweight(to_tsvector('simple', unaccent(coalesce(title, ''))), 'A')
        || setweight(to_tsvector('simple',
             unaccent(coalesce(category, '') || ' ' || coalesce(badge, ''))), 'B')
        || setweight(to_tsvector('simple', unaccent(coalesce(description, ''))), 'C')
    $$`,
  `CREATE TABLE product_search (
    "productId" uuid PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE,
    "categoryId" integer NOT NULL,
    "createdAt" timestamptz NOT NULL,
    document tsvector NOT NULL
  )`,
  `CREATE TABLE search_words (word text COLLATE "C" PRIMARY KEY)`,

  `INSERT INTO product_search ("productId", "categoryId", "createdAt", document)
    SELECT p.id, p."categoryId", p."createdAt",
      product_search_document(p.title, c.name, p."badgeText", p.description)
    FROM products p LEFT JOIN categories c ON c.id = p."categoryId"
    WHERE p."isActive"`,
  `INSERT INTO search_words (word)
    SELECT DISTINCT unnest(tsvector_to_array(document)) FROM product_search
    ON CONFLICT DO NOTHING`,
  `CREATE INDEX product_search_document ON product_search USING gin (document)`,
  `CREATE INDEX product_search_category ON product_search ("categoryId", "createdAt")`,
  'ANALYZE product_search',

  `CREATE FUNCTION product_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      doc tsvector;
    BEGIN
      IF TG_OP = 'UPDATE' AND OLD.id IS DISTINCT FROM NEW.id THEN
        DELETE FROM product_search WHERE "productId" = OLD.id;
      END IF;
      IF NOT NEW."isActive" THEN
        DELETE FROM product_search WHERE "productId" = NEW.id;
        RETURN NULL;
      END IF;
      doc := product_search_document(NEW.title,
        (SELECT name FROM categories WHERE id = NEW."categoryId"),
        NEW."badgeText", NEW.description);
      INSERT INTO product_search ("productId", "categoryId", "createdAt", document)
        VALUES (NEW.id, NEW."categoryId", NEW."createdAt", doc)
        ON CONFLICT ("productId") DO UPDATE SET "categoryId" = EXCLUDED."categoryId",
          "createdAt" = EXCLUDED."createdAt", document = EXCLUDED.document;
      INSERT INTO search_words (word) SELECT unnest(tsvector_to_array(doc))
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
        SET document = product_search_document(p.title, NEW.name, p."badgeText", p.description)
        FROM products p
        WHERE s."categoryId" = NEW.id AND p.id = s."productId";
      INSERT INTO search_words (word)
        SELECT unnest(tsvector_to_array(to_tsvector('simple', unaccent(NEW.name))))
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
  'DROP FUNCTION IF EXISTS product_search_document(text, text, text, text)',
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
