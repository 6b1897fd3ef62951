/**
 * Loading a large number of products into an empty catalogue without the per-row triggers
 * (issue 26: 1,000,000 products in under 10 minutes on both engines).
 *
 * The triggers on the loaded tables (products, platform_links and the search and price tables
 * they fill) and the tables' secondary indexes are read from the database itself
 * (sqlite_master; pg_get_triggerdef / pg_get_indexdef), dropped, the rows loaded in large
 * chunks, then everything the triggers would have written is rebuilt with set-based
 * statements (`DERIVED` below; a loader that writes some of it with its rows, as the catalogue
 * seed does the sku and figures, names those entries in `written`), and the indexes and
 * triggers are created again from the text read before: they come back exactly as the
 * migrations left them, whatever later migrations change. A trigger that fires on INSERT and that no entry of `DERIVED` covers means the
 * rebuild does not know what it keeps: the bulk path then refuses and the caller loads
 * through the triggers (one more derived table is one more entry here).
 *
 * Only for a catalogue without products, and with no other writer: while it runs nothing
 * keeps the derived tables for anyone else's writes.
 */
import { QueryTypes, type Transaction } from 'sequelize';
import type { Database, Dialect } from '../db/database';
import { linkSaving } from '../catalogue/products/figures';
import { WORD_CATEGORIES_FILL } from '../db/migrations/0033-search-word-categories';
import { POSTED_WORDS_CHOOSE } from '../db/migrations/0034-search-postings';
import { POSTINGS_FILL } from '../db/migrations/0041-search-postings-category';
import {
  DOCS_FIGURES_FILL,
  DOCS_FIGURES_INSERT_TRIGGER,
} from '../db/migrations/0039-search-docs-carry-filters';
import {
  DOCS_LINKS_FILL,
  DOCS_LINKS_INSERT_TRIGGER,
  LINK_DOCS_INSERT_TRIGGER,
} from '../db/migrations/0043-search-docs-carry-marketplace-figures';
import {
  LINK_SEARCH_PRICES_TRIGGER,
  SEARCH_PRICE_COLUMNS,
  SEARCH_PRICES_INSERT_TRIGGER,
  SEARCH_PRICES_OF_LINKS,
} from '../db/migrations/0045-search-rows-carry-marketplace-prices';
import { ASIDE_FTS_HASH_BYTES, copyFtsAside, startFtsAside } from './fts-aside';

/** Migration 0045's price columns of the search rows, quoted; and as the links' prices `x`. */
const SEARCH_PRICES = SEARCH_PRICE_COLUMNS.map((column) => `"${column}"`).join(', ');
const SEARCH_PRICES_OF_X = SEARCH_PRICE_COLUMNS.map((column) => `x."${column}"`).join(', ');

/** The tables written by a product load, directly or by their triggers. */
const LOAD_TABLES: Record<Dialect, string[]> = {
  sqlite: [
    'products',
    'platform_links',
    'price_points',
    'product_search_docs',
    'product_admin_search_docs',
  ],
  postgres: ['products', 'platform_links', 'price_points', 'product_search'],
};

/** SQLite's memory map for the bulk transactions: its largest (SQLITE_MAX_MMAP_SIZE, 2 GB). */
const SQLITE_BULK_MMAP = 0x7fff0000;

/** The current time as Sequelize writes DATE columns on SQLite (as migration 0004's triggers). */
const SQLITE_NOW = `strftime('%Y-%m-%d %H:%M:%f', 'now') || ' +00:00'`;

interface Derived {
  /** What it rebuilds, for the progress lines. */
  name: string;
  /**
   * PostgreSQL rebuilds the search lane beside the rest (a connection and a core each): the
   * search rows only read products, the other entries write them or other tables. An entry
   * runs after the earlier entries of its own lane.
   */
  lane: 'search' | 'rows';
  /**
   * Rebuilt before the links' indexes are created: it rewrites links itself, so an index
   * built first would be written again row by row (it reads products by primary key only).
   */
  beforeLinkIndexes?: boolean;
  /** It UPDATEs the loaded products or links (rather than writing tables of its own). */
  rewrites?: boolean;
  /** The INSERT-firing triggers whose work it does. */
  triggers: Record<Dialect, string[]>;
  /**
   * Set-based statements over the whole (freshly loaded) catalogue; `triggers` are the ones
   * set aside, as read before they were dropped.
   */
  rebuild: (
    db: Database,
    transaction: Transaction,
    triggers: SchemaObject[],
    tuning: RebuildTuning,
  ) => Promise<string[]>;
}

interface RebuildTuning {
  /** FTS5's buffer of pending terms while a full-text table is filled (ftsBulkInsert). */
  ftsHashBytes: number;
  /**
   * FTS5 merges no segments while a table is filled, and merges them all into one at the end
   * (ftsBulkInsert): for a buffer much smaller than the table's terms, which writes a segment
   * each time it fills.
   */
  ftsMergeOnce?: boolean;
  /**
   * The full-text tables are filled elsewhere (fts-aside.ts, a bulk import's second
   * connection): the rebuild writes their docs tables and version only.
   */
  ftsAside?: boolean;
}

/** The DERIVED entries whose full-text tables fts-aside.ts fills (their docs tables here). */
const ASIDE_DOCS = new Set(['product_search', 'product_admin_search']);

/** The seed's FTS5 buffer of pending terms (ftsBulkInsert). */
const FTS_BULK_HASH_BYTES = 256 * 1024 * 1024;

const SEED_TUNING: RebuildTuning = { ftsHashBytes: FTS_BULK_HASH_BYTES };

/** FTS5's own merge settings (fts5Int.h: FTS5_DEFAULT_AUTOMERGE, FTS5_DEFAULT_CRISISMERGE). */
const FTS_DEFAULT_AUTOMERGE = 4;
const FTS_DEFAULT_CRISISMERGE = 16;
/** Segments a level may gather before FTS5 merges them anyway, while merging waits for the end. */
const FTS_ONCE_CRISISMERGE = 1_000;

/**
 * A full-text (FTS5) table filled by `insert` in one statement, with a 256 MB buffer of
 * pending terms instead of the default 1 MB: FTS5 writes a segment each time the buffer
 * fills and merges segments as they pile up, so a million documents through 1 MB rewrote
 * their index several times (a 200,000-row test table filled in 12.7 s instead of 23.8 s).
 *
 * With `ftsMergeOnce` (an import's bulk load, whose memory allows an 8 MB buffer), FTS5 merges
 * nothing while the table fills (`automerge` 0, `crisismerge` 1,000) and merges every segment
 * into one at the end (`optimize`), instead of merging the segments again at each level as they
 * pile up: each term's entries are written twice instead of several times (session 41: the
 * admin trigram table of 100,000 bench products, 8 MB buffer, 5.9-6.0 s of CPU filled as before,
 * 5.0-5.2 s so). Searches then read one segment, as after any `optimize`.
 *
 * The settings are stored in the table's `_config` table; they are set back, and their rows
 * removed, in the same transaction, leaving the table as the migration created it (no
 * migration sets them; a rollback undoes both).
 */
const ftsBulkInsert = (table: string, insert: string, tuning: RebuildTuning = SEED_TUNING) => {
  const set = (key: string, value: number) =>
    `INSERT INTO ${table} (${table}, rank) VALUES ('${key}', ${value})`;
  const once = tuning.ftsMergeOnce === true;
  return [
    set('hashsize', tuning.ftsHashBytes),
    ...(once ? [set('automerge', 0), set('crisismerge', FTS_ONCE_CRISISMERGE)] : []),
    insert,
    ...(once ? [`INSERT INTO ${table} (${table}) VALUES ('optimize')`] : []),
    // Through the table first (the connection's cached setting follows), then the stored row.
    set('hashsize', 1024 * 1024),
    ...(once
      ? [set('automerge', FTS_DEFAULT_AUTOMERGE), set('crisismerge', FTS_DEFAULT_CRISISMERGE)]
      : []),
    `DELETE FROM ${table}_config WHERE k IN ('hashsize', 'automerge', 'crisismerge')`,
  ];
};

const fixed =
  (statements: Record<Dialect, string[]>) =>
  async (db: Database): Promise<string[]> =>
    statements[db.dialect];

/** A count table recomputed from `source`, keeping the rows of categories now at zero. */
const recount = (table: string, column: string, source: string) => [
  `UPDATE ${table} SET ${column} = 0`,
  `INSERT INTO ${table} ("categoryId", ${column})
    SELECT "categoryId", count(*) FROM ${source} WHERE true GROUP BY "categoryId"
    ON CONFLICT ("categoryId") DO UPDATE SET ${column} = excluded.${column}`,
];

/**
 * The figure columns (migrations 0014 and 0018: lowestPrice, inStock, saving, platformMask,
 * stockMask) with the very UPDATE the figure trigger runs for one product, read from the
 * database, applied to every product that has links.
 */
async function figures(
  db: Database,
  transaction: Transaction,
  triggers: SchemaObject[],
): Promise<string[]> {
  let body = '';
  if (db.dialect === 'postgres') {
    const rows = await db.sequelize.query<{ body: string }>(
      `SELECT prosrc AS body FROM pg_proc WHERE proname = 'product_figures_refresh'`,
      { type: QueryTypes.SELECT, transaction },
    );
    body = rows[0]?.body ?? '';
  } else {
    body = triggers.find((t) => t.name === 'platform_links_figures_insert')?.sql ?? '';
  }
  const key = db.dialect === 'postgres' ? 'WHERE id = product' : 'WHERE id = NEW."productId"';
  const start = body.indexOf('UPDATE products SET');
  const end = body.lastIndexOf(key);
  if (start < 0 || end < start) throw new Error('The product figures trigger was not recognised');
  return [`${body.slice(start, end)} WHERE id IN (SELECT "productId" FROM platform_links)`];
}

/** Migration 0025's link figures: each link's saving and its product's category. */
const linkFiguresRebuild = `UPDATE platform_links
  SET saving = coalesce(${linkSaving('p."discountPercentage"', 'platform_links')}, 0),
    "categoryId" = p."categoryId"
  FROM products p WHERE p.id = platform_links."productId"`;

/**
 * What the INSERT triggers keep, one entry per derived table. Each rebuild reads the whole
 * loaded catalogue, which is the whole catalogue (the bulk path only runs on an empty one).
 */
export const DERIVED: Derived[] = [
  {
    name: 'sku',
    lane: 'rows',
    rewrites: true,
    triggers: { sqlite: ['products_default_sku'], postgres: ['products_default_sku'] },
    rebuild: fixed({
      sqlite: [`UPDATE products SET sku = id WHERE sku IS NULL OR sku = ''`],
      postgres: [`UPDATE products SET sku = id::text WHERE sku IS NULL OR sku = ''`],
    }),
  },
  {
    name: 'product_counts',
    lane: 'rows',
    triggers: { sqlite: ['product_counts_insert'], postgres: ['product_counts_sync'] },
    rebuild: fixed({
      sqlite: recount('product_counts', 'total', 'products'),
      postgres: recount('product_counts', 'total', 'products'),
    }),
  },
  {
    // Migration 0003 (docids from 0010's rule: the createdAt millisecond's slot, then the
    // order of insertion within it), the FTS rows (0003's, then 0022's title and label
    // tables), and the index's version for its caches.
    name: 'product_search',
    lane: 'search',
    triggers: {
      sqlite: ['product_search_insert'],
      // Migration 0045: each marketplace's price on the search row, from the links.
      postgres: ['product_search_insert', SEARCH_PRICES_INSERT_TRIGGER, LINK_SEARCH_PRICES_TRIGGER],
    },
    rebuild: async (db, _transaction, _triggers, tuning) =>
      ({
        sqlite: [
          `INSERT INTO product_search_docs (docid, "productId", "categoryId")
          SELECT ms * 1048576 + row_number() OVER (PARTITION BY ms ORDER BY seq) - 1,
            id, "categoryId"
          FROM (SELECT rowid AS seq, id, "categoryId",
              CAST(round((julianday("createdAt") - 2440587.5) * 86400000) AS INTEGER) AS ms
            FROM products WHERE "isActive" IN (1, 'true'))`,
          ...(tuning.ftsAside
            ? []
            : [
                ...ftsBulkInsert(
                  'product_search',
                  `INSERT INTO product_search (rowid, title, category, badge, description, filter)
          SELECT d.docid, p.title, COALESCE(c.name, ''), COALESCE(p."badgeText", ''),
            p.description, 'c' || p."categoryId"
          FROM product_search_docs d
          JOIN products p ON p.id = d."productId"
          LEFT JOIN categories c ON c.id = p."categoryId"
          ORDER BY d.docid`,
                  tuning,
                ),
                // Migration 0022: the title and label tiers' own indexes, same docids.
                ...ftsBulkInsert(
                  'product_search_title',
                  `INSERT INTO product_search_title (rowid, title, filter)
          SELECT d.docid, p.title, 'c' || p."categoryId"
          FROM product_search_docs d
          JOIN products p ON p.id = d."productId"
          ORDER BY d.docid`,
                  tuning,
                ),
                ...ftsBulkInsert(
                  'product_search_label',
                  `INSERT INTO product_search_label (rowid, title, category, badge, filter)
          SELECT d.docid, p.title, COALESCE(c.name, ''), COALESCE(p."badgeText", ''),
            'c' || p."categoryId"
          FROM product_search_docs d
          JOIN products p ON p.id = d."productId"
          LEFT JOIN categories c ON c.id = p."categoryId"
          ORDER BY d.docid`,
                  tuning,
                ),
              ]),
          'UPDATE product_search_version SET version = version + 1',
        ],
        postgres: [
          // Rows written oldest first, as a catalogue grows (migration 0023): a newest-first
          // walk of the search then reads consecutive rows of the same pages. The products are
          // sorted before their words are computed, so the sort carries no vectors. OFFSET 0
          // keeps the words a subquery of their own, computed once per row (pulled up, each
          // use of `t` and `cb` in the outer list was computed again).
          `INSERT INTO product_search ("productId", "categoryId", "createdAt", title, label, document,
            ${SEARCH_PRICES})
          SELECT id, "categoryId", "createdAt", t, t || cb, t || cb || product_search_words(description),
            ${SEARCH_PRICES}
          FROM (SELECT o.id, o."categoryId", o."createdAt", o.description, ${SEARCH_PRICES},
              product_search_words(o.title) AS t,
              product_search_words(
                coalesce(o.category, '') || ' ' || coalesce(o."badgeText", '')) AS cb
            FROM (SELECT p.id, p."categoryId", p."createdAt", p.title, p.description,
                p."badgeText", c.name AS category, ${SEARCH_PRICES_OF_X}
              FROM products p LEFT JOIN categories c ON c.id = p."categoryId"
                LEFT JOIN (${SEARCH_PRICES_OF_LINKS}) x ON x.id = p.id
              WHERE p."isActive"
              ORDER BY p."createdAt", p.id) o
            OFFSET 0) v`,
          `INSERT INTO search_words (word)
          SELECT DISTINCT unnest(tsvector_to_array(document)) FROM product_search
          ON CONFLICT DO NOTHING`,
        ],
      })[db.dialect],
  },
  {
    name: 'product_active_counts',
    lane: 'search',
    triggers: {
      sqlite: ['product_active_counts_add'],
      postgres: ['product_active_counts_sync'],
    },
    rebuild: fixed({
      sqlite: recount('product_active_counts', 'active', 'product_search_docs'),
      postgres: recount('product_active_counts', 'active', 'product_search'),
    }),
  },
  {
    // Migration 0033: the categories holding each search word (PostgreSQL).
    name: 'search_word_categories',
    lane: 'search',
    triggers: { sqlite: [], postgres: ['search_word_categories_sync'] },
    rebuild: fixed({ sqlite: [], postgres: [WORD_CATEGORIES_FILL] }),
  },
  {
    // Migrations 0034 and 0041: the words common enough to post, chosen from the loaded catalogue
    // (a migration on an empty one listed none), and their title and label postings with each
    // row's category (PostgreSQL).
    name: 'search_postings',
    lane: 'search',
    triggers: { sqlite: [], postgres: ['search_postings_sync'] },
    rebuild: fixed({ sqlite: [], postgres: [...POSTED_WORDS_CHOOSE, ...POSTINGS_FILL] }),
  },
  {
    // Migration 0007: the admin's substring search (PostgreSQL: trigram indexes only).
    name: 'product_admin_search',
    lane: 'search',
    triggers: { sqlite: ['product_admin_search_insert'], postgres: [] },
    rebuild: async (db, _transaction, _triggers, tuning) =>
      ({
        sqlite: [
          `INSERT INTO product_admin_search_docs ("productId") SELECT id FROM products ORDER BY rowid`,
          ...(tuning.ftsAside
            ? []
            : ftsBulkInsert(
                'product_admin_search',
                `INSERT INTO product_admin_search (rowid, title, description, badge)
            SELECT d.docid, p.title, p.description, COALESCE(p."badgeText", '')
            FROM product_admin_search_docs d JOIN products p ON p.id = d."productId"
            ORDER BY d.docid`,
                tuning,
              )),
        ],
        postgres: [],
      })[db.dialect],
  },
  {
    // Migration 0004: every link with a price starts its history now.
    name: 'price_points',
    lane: 'rows',
    triggers: {
      sqlite: ['platform_links_price_insert'],
      postgres: ['platform_links_price_points'],
    },
    rebuild: fixed({
      sqlite: [
        `INSERT INTO price_points ("linkId", "productId", platform, price, at)
          SELECT id, "productId", platform, "priceValue", ${SQLITE_NOW}
          FROM platform_links WHERE "priceValue" IS NOT NULL ORDER BY id`,
      ],
      postgres: [
        `INSERT INTO price_points ("linkId", "productId", platform, price, at)
          SELECT id, "productId", platform, "priceValue", clock_timestamp()
          FROM platform_links WHERE "priceValue" IS NOT NULL ORDER BY id`,
      ],
    }),
  },
  {
    name: 'link figures',
    lane: 'rows',
    rewrites: true,
    beforeLinkIndexes: true,
    triggers: {
      sqlite: ['platform_links_figures_own_insert'],
      postgres: ['platform_links_figures_own'],
    },
    rebuild: fixed({ sqlite: [linkFiguresRebuild], postgres: [linkFiguresRebuild] }),
  },
  {
    name: 'product figures',
    lane: 'rows',
    rewrites: true,
    triggers: {
      sqlite: ['platform_links_figures_insert'],
      postgres: ['platform_links_figures'],
    },
    rebuild: figures,
  },
  {
    // Migration 0039: the search docs carry their product's filter figures (SQLite). After the
    // product figures, which it copies. Migration 0043: and each marketplace's in-stock price and
    // saving, from the links.
    name: 'search docs figures',
    lane: 'rows',
    triggers: {
      sqlite: [DOCS_FIGURES_INSERT_TRIGGER, DOCS_LINKS_INSERT_TRIGGER, LINK_DOCS_INSERT_TRIGGER],
      postgres: [],
    },
    rebuild: fixed({ sqlite: [DOCS_FIGURES_FILL, DOCS_LINKS_FILL], postgres: [] }),
  },
];

interface SchemaObject {
  name: string;
  table: string;
  sql: string;
  /** Triggers: whether it fires on INSERT. */
  onInsert?: boolean;
}

const isGin = (index: SchemaObject) => /\bUSING\s+gin\b/i.test(index.sql);

/**
 * Waits for every lane (also after one failed, so nothing still writes when the caller restores
 * the schema), then throws the first failure.
 */
async function allLanes(lanes: Promise<void>[]): Promise<void> {
  const results = await Promise.allSettled(lanes);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** CREATE [UNIQUE] INDEX name ... as CREATE [UNIQUE] INDEX IF NOT EXISTS name ... */
const ifNotExists = (sql: string) =>
  sql.replace(
    /^\s*CREATE\s+(UNIQUE\s+)?INDEX\s+(?!IF\s)/i,
    (_, unique?: string) => `CREATE ${unique ?? ''}INDEX IF NOT EXISTS `,
  );

const quoteList = (names: string[]) => names.map((name) => `'${name}'`).join(', ');

/** The loaded tables' triggers and secondary indexes, with the SQL that creates each again. */
async function readSchema(db: Database, transaction?: Transaction) {
  const tables = quoteList(LOAD_TABLES[db.dialect]);
  const select = <T extends object>(sql: string) =>
    db.sequelize.query<T>(sql, {
      type: QueryTypes.SELECT,
      ...(transaction ? { transaction } : {}),
    });
  if (db.dialect === 'sqlite') {
    const rows = await select<{ type: string; name: string; table: string; sql: string }>(
      `SELECT type, name, tbl_name AS "table", sql FROM sqlite_master
        WHERE type IN ('trigger', 'index') AND sql IS NOT NULL AND tbl_name IN (${tables})
        ORDER BY rowid`,
    );
    return {
      triggers: rows
        .filter((row) => row.type === 'trigger')
        .map((row) => ({ ...row, onInsert: /\b(AFTER|BEFORE)\s+INSERT\b/i.test(row.sql) })),
      indexes: rows.filter((row) => row.type === 'index'),
      // SQLite keeps its foreign keys on: they are part of the tables' own text.
      foreignKeys: [] as SchemaObject[],
    };
  }
  const triggers = await select<SchemaObject>(
    `SELECT t.tgname AS name, c.relname AS "table", pg_get_triggerdef(t.oid) AS sql,
        (t.tgtype & 4) <> 0 AS "onInsert"
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE NOT t.tgisinternal AND c.relname IN (${tables})
        AND c.relnamespace = 'public'::regnamespace
      ORDER BY t.oid`,
  );
  // Foreign keys of the loaded tables: each checks its row's parent as a per-row trigger
  // (about 6 million look-ups at 1,000,000 products: links, price points, search rows and the
  // products' categories). Set aside, each is added again as read, which checks every row in
  // one join.
  const foreignKeys = await select<SchemaObject>(
    `SELECT k.conname AS name, c.relname AS "table", pg_get_constraintdef(k.oid) AS sql
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
      WHERE k.contype = 'f' AND c.relname IN (${tables})
        AND c.relnamespace = 'public'::regnamespace
      ORDER BY k.oid`,
  );
  const indexes = await select<SchemaObject>(
    `SELECT i.relname AS name, c.relname AS "table", pg_get_indexdef(x.indexrelid) AS sql
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class c ON c.oid = x.indrelid
      WHERE c.relname IN (${tables}) AND c.relnamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)
      ORDER BY i.oid`,
  );
  return { triggers, indexes, foreignKeys };
}

/**
 * Adds the foreign keys set aside back, each as read (a key already there, from an earlier
 * run that restored it, is left). Adding one checks every row against its parent in one
 * join: a row without one fails the seed here rather than being left behind unchecked.
 */
async function restoreForeignKeys(
  db: Database,
  foreignKeys: SchemaObject[],
  phase: (message: string) => void,
): Promise<void> {
  for (const key of foreignKeys) {
    const at = performance.now();
    await db.write(async (transaction) => {
      await tuneBulkTransaction(db, transaction);
      const present = await db.sequelize.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
          WHERE k.conname = :name AND c.relname = :table
            AND c.relnamespace = 'public'::regnamespace`,
        {
          replacements: { name: key.name, table: key.table },
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      if (Number(present[0]?.n) > 0) return;
      await db.sequelize.query(
        `ALTER TABLE "${key.table}" ADD CONSTRAINT "${key.name}" ${key.sql}`,
        { transaction },
      );
    });
    phase(`foreign key ${key.name} (${((performance.now() - at) / 1000).toFixed(1)} s)`);
  }
}

/** A Date as Sequelize writes a DATE column on SQLite ('YYYY-MM-DD HH:MM:SS.SSS +00:00'). */
const sqliteDate = (date: Date) => date.toISOString().replace('T', ' ').replace('Z', ' +00:00');

interface SqliteConnection {
  run(sql: string, params: unknown[], callback: (error: Error | null) => void): void;
}
interface PostgresConnection {
  query(sql: string, params: unknown[]): Promise<unknown>;
}

/** Each table's column types (without modifiers), per database, for the arrays' casts. */
const columnTypes = new WeakMap<Database, Map<string, Map<string, string>>>();

async function postgresColumnTypes(
  db: Database,
  transaction: Transaction,
  table: string,
): Promise<Map<string, string>> {
  let tables = columnTypes.get(db);
  if (!tables) columnTypes.set(db, (tables = new Map()));
  let types = tables.get(table);
  if (!types) {
    const rows = await db.sequelize.query<{ name: string; type: string }>(
      `SELECT attname AS name, format_type(atttypid, NULL) AS type FROM pg_attribute
        WHERE attrelid = :table::regclass AND attnum > 0 AND NOT attisdropped`,
      { replacements: { table: `"${table}"` }, type: QueryTypes.SELECT, transaction },
    );
    types = new Map(rows.map((row) => [row.name, row.type]));
    tables.set(table, types);
  }
  return types;
}

/**
 * One INSERT of `rows` (all with the keys of the first) on the transaction's own driver
 * connection, with bound parameters: Sequelize's bulkInsert escapes every value into the SQL
 * text and scans that text again, which cost more than the database's work. Values are
 * written as Sequelize writes them (dates as above on SQLite, booleans 1/0).
 *
 * SQLite: a multi-row VALUES, one parameter per value (at most 32,766). PostgreSQL: one array
 * per column, unnested (`INSERT ... SELECT * FROM unnest($1::uuid[], ...)`): 1,000 products
 * are 26 parameters instead of 26,000, each of which the server parsed, bound and planned as
 * a VALUES entry. The arrays are cast to the columns' types without modifiers, so a value too
 * long for its column still fails the INSERT (an explicit cast would cut it).
 */
export async function insertRows(
  db: Database,
  transaction: Transaction,
  table: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const names = columns.map((c) => `"${c}"`).join(',');
  const connection = (transaction as unknown as { connection: unknown }).connection;
  if (db.dialect === 'postgres') {
    const types = await postgresColumnTypes(db, transaction, table);
    const arrays = columns.map((column) =>
      rows.map((row) => {
        const value = row[column];
        return value instanceof Date ? value.toISOString() : (value ?? null);
      }),
    );
    const casts = columns.map((column, i) => {
      const type = types.get(column);
      if (!type) throw new Error(`No column ${table}.${column}`);
      return `$${i + 1}::${type}[]`;
    });
    await (connection as PostgresConnection).query(
      `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${casts.join(',')})`,
      arrays,
    );
    return;
  }
  const params: unknown[] = [];
  const tuples: string[] = [];
  for (const row of rows) {
    const marks: string[] = [];
    for (const column of columns) {
      const value = row[column];
      params.push(
        value instanceof Date
          ? sqliteDate(value)
          : typeof value === 'boolean'
            ? Number(value)
            : (value ?? null),
      );
      marks.push('?');
    }
    tuples.push(`(${marks.join(',')})`);
  }
  const sql = `INSERT INTO "${table}" (${names}) VALUES ${tuples.join(',')}`;
  await new Promise<void>((resolve, reject) =>
    (connection as SqliteConnection).run(sql, params, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
}

/**
 * Settings for one bulk transaction: a 256 MB page cache on SQLite (the connection closes
 * after its commit), more sort memory for index builds and joins on PostgreSQL, and commits
 * that do not wait for their WAL to reach the disk.
 */
export async function tuneBulkTransaction(db: Database, transaction: Transaction): Promise<void> {
  const statements =
    db.dialect === 'postgres'
      ? [
          // 1 GB was tried for the descriptions' trigram GIN (fewer flushes of its entries):
          // it built in 58.7 s instead of 28.8 s at 100,000 products (session 35), so 512 MB.
          `SET LOCAL maintenance_work_mem = '512MB'`,
          `SET LOCAL work_mem = '64MB'`,
          // A crash during the seed means seeding again anyway; no commit waits for its WAL.
          `SET LOCAL synchronous_commit = off`,
        ]
      : [
          'PRAGMA cache_size = -262144',
          // The table's pages read in place from the file's mapping rather than copied in by
          // a read() each: every index build and full-text fill scans the whole products
          // table (1 GB at 1,000,000 products). Set back to 0 (the default) by bulkLoad.
          `PRAGMA mmap_size = ${SQLITE_BULK_MMAP}`,
        ];
  for (const sql of statements) await db.sequelize.query(sql, { transaction });
}

/** The `DERIVED` entries left after those a loader writes itself; an unknown name throws. */
function derivedLeft(written: readonly string[] = []): Derived[] {
  for (const name of written) {
    if (!DERIVED.some((entry) => entry.name === name)) throw new Error(`No derived ${name}`);
  }
  return DERIVED.filter((entry) => !written.includes(entry.name));
}

export interface BulkLoadInTransactionOptions {
  /** Writes the rows inside the transaction (the triggers and secondary indexes are gone). */
  load: () => Promise<void>;
  /** As BulkLoadOptions.written. */
  written?: string[];
  /** FTS5's buffer of pending terms per full-text table (the seed's 256 MB when left out). */
  ftsHashBytes?: number;
  /** RebuildTuning.ftsMergeOnce: for a buffer much smaller than the tables' terms. */
  ftsMergeOnce?: boolean;
  /**
   * The full-text tables filled on a second connection in this scratch file, beside the index
   * builds (fts-aside.ts); the caller removes it after the transaction (endFtsAside).
   */
  ftsAsideFile?: string;
  /**
   * Page cache of the transaction in KiB (SQLite's default writer cache when left out): the
   * rebuilds and index builds read the whole loaded tables.
   */
  cacheKib?: number;
  onPhase?: (message: string) => void;
  /**
   * Called as each step ends: each statement it runs (its SQL, blanks folded) and `load` once
   * the rows are in. A profile times the steps between the calls (bench/import-bulk.profile.ts).
   */
  onStep?: (step: string) => void;
}

/**
 * SQLite only: the whole bulk load (set aside, load, rebuild, schema back) inside the one write
 * transaction `transaction`, for a load that must not let anyone see it half done (an import
 * while the site serves). SQLite's DDL is transactional: readers keep their snapshot with every
 * index and trigger, and a failure anywhere (the load's, a rebuild's, a crash) rolls back the
 * rows and the dropped schema together. Not for PostgreSQL, where DROP INDEX takes an ACCESS
 * EXCLUSIVE lock that every reader of the table would queue behind until the commit.
 */
export async function bulkLoadInTransaction(
  db: Database,
  transaction: Transaction,
  options: BulkLoadInTransactionOptions,
): Promise<void> {
  if (db.dialect !== 'sqlite') throw new Error('The one-transaction bulk load is SQLite only');
  const phase = options.onPhase ?? (() => undefined);
  const refusal = await bulkLoadRefusal(db, transaction);
  if (refusal) throw new Error(`The bulk load cannot run: ${refusal}`);
  const derived = derivedLeft(options.written);
  const asideFile = options.ftsAsideFile;
  const tuning: RebuildTuning = {
    ftsHashBytes: options.ftsHashBytes ?? FTS_BULK_HASH_BYTES,
    ftsMergeOnce: options.ftsMergeOnce === true,
    ftsAside: asideFile !== undefined,
  };
  const { triggers, indexes } = await readSchema(db, transaction);
  const step = options.onStep ?? (() => undefined);
  const run = async (sql: string) => {
    await db.sequelize.query(sql, { transaction });
    step(sql.replace(/\s+/g, ' ').trim());
  };
  if (options.cacheKib) await run(`PRAGMA cache_size = -${options.cacheKib}`);
  for (const trigger of triggers) await run(`DROP TRIGGER IF EXISTS "${trigger.name}"`);
  for (const index of indexes) await run(`DROP INDEX IF EXISTS "${index.name}"`);
  const started = performance.now();
  const seconds = (at: number) => ((performance.now() - at) / 1000).toFixed(1);
  await options.load();
  step('load');
  phase(`loaded in ${seconds(started)} s`);
  const rebuild = async (entries: Derived[]) => {
    for (const entry of entries) {
      const at = performance.now();
      for (const sql of await entry.rebuild(db, transaction, triggers, tuning)) await run(sql);
      // FTS5 keeps the terms it gathered in memory until the commit (up to its hashsize per
      // table), four tables here: opening a savepoint makes it write them out now.
      await run('SAVEPOINT bulk_load_flush');
      await run('RELEASE bulk_load_flush');
      phase(`rebuilt ${entry.name} (${seconds(at)} s)`);
    }
  };
  // With the full-text tables built aside (fts-aside.ts, a second connection on another
  // core): their docs first, straight after the load, so that the fill (the longest part of
  // the rebuild) runs beside everything else here, the links' indexes included. The docs and
  // the rows handed over read what no rebuild rewrites (ids, activity, creation times, titles,
  // descriptions, badges, categories), so they are the same before the other rebuilds as after.
  const asideFirst =
    asideFile === undefined ? [] : derived.filter((entry) => ASIDE_DOCS.has(entry.name));
  await rebuild(asideFirst);
  const aside =
    asideFile === undefined
      ? null
      : await startFtsAside(
          db,
          transaction,
          asideFile,
          (table, insert) =>
            ftsBulkInsert(table, insert, { ...tuning, ftsHashBytes: ASIDE_FTS_HASH_BYTES }),
          step,
        );
  try {
    const rest = derived.filter((entry) => !asideFirst.includes(entry));
    // The order of bulkLoad: what rewrites links before their indexes, which the figures use.
    const linkIndexes = indexes.filter((index) => index.table === 'platform_links');
    await rebuild(rest.filter((entry) => entry.beforeLinkIndexes));
    for (const index of linkIndexes) await run(index.sql);
    await rebuild(rest.filter((entry) => !entry.beforeLinkIndexes));
    for (const index of indexes) if (!linkIndexes.includes(index)) await run(index.sql);
    if (aside && asideFile !== undefined) {
      await aside.filled;
      await copyFtsAside(db, transaction, asideFile, run);
      phase(`full-text tables copied in at ${seconds(started)} s`);
    }
  } catch (error) {
    await aside?.abandon();
    throw error;
  }
  for (const trigger of triggers) await run(trigger.sql);
  phase(`schema restored at ${seconds(started)} s`);
}

export interface BulkLoadOptions {
  /** Writes the rows (in its own write transactions); called once. */
  load: () => Promise<void>;
  /**
   * The `DERIVED` entries (by name) whose columns `load` writes itself, as their triggers
   * would: their rebuild is skipped (their triggers are still set aside and restored).
   */
  written?: string[];
  onPhase?: (message: string) => void;
}

/**
 * Why the bulk path cannot be used here (null when it can). Given the write transaction the
 * load will run in, the answer holds for it: no other writer can add a product in between.
 */
export async function bulkLoadRefusal(
  db: Database,
  transaction?: Transaction,
): Promise<string | null> {
  const rows = await db.sequelize.query<{ n: number }>(
    'SELECT count(*) AS n FROM (SELECT 1 FROM products LIMIT 1) p',
    { type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
  );
  if (Number(rows[0]?.n) > 0) return 'the catalogue already has products';
  const { triggers } = await readSchema(db, transaction);
  const covered = new Set(DERIVED.flatMap((entry) => entry.triggers[db.dialect]));
  const unknown = triggers.filter((t) => t.onInsert && !covered.has(t.name)).map((t) => t.name);
  if (unknown.length > 0) return `no rebuild for the trigger(s) ${unknown.join(', ')}`;
  return null;
}

/**
 * Drops the loaded tables' triggers and secondary indexes, runs `load`, rebuilds the derived
 * tables and creates the indexes and triggers again (also when the load fails part-way, so the
 * schema is never left without them).
 */
export async function bulkLoad(db: Database, options: BulkLoadOptions): Promise<void> {
  const phase = options.onPhase ?? (() => undefined);
  const refusal = await bulkLoadRefusal(db);
  if (refusal) throw new Error(`The bulk load cannot run: ${refusal}`);
  const derived = derivedLeft(options.written);
  const { triggers, indexes, foreignKeys } = await readSchema(db);
  const run = (sql: string, transaction?: Transaction) =>
    db.sequelize.query(sql, transaction ? { transaction } : {});
  const postgres = db.dialect === 'postgres';
  // SQLite has one writer; PostgreSQL builds on two connections at once (the machine's cores).
  const lanes = postgres ? 2 : 1;
  await db.write(async (transaction) => {
    for (const trigger of triggers) {
      await run(
        postgres
          ? `DROP TRIGGER IF EXISTS "${trigger.name}" ON "${trigger.table}"`
          : `DROP TRIGGER IF EXISTS "${trigger.name}"`,
        transaction,
      );
    }
    for (const index of indexes) await run(`DROP INDEX IF EXISTS "${index.name}"`, transaction);
    for (const key of foreignKeys) {
      await run(`ALTER TABLE "${key.table}" DROP CONSTRAINT IF EXISTS "${key.name}"`, transaction);
    }
  });
  phase(
    `${triggers.length} triggers, ${indexes.length} indexes and ${foreignKeys.length} ` +
      'foreign keys set aside for the load',
  );
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const createIndexes = async (which: SchemaObject[], width = lanes) => {
    // The slowest first (GIN over text), so the last one to finish is a short one.
    const queue = [...which].sort((a, b) => Number(isGin(b)) - Number(isGin(a)));
    const worker = async () => {
      for (let index = queue.shift(); index; index = queue.shift()) {
        const at = performance.now();
        const { sql, name } = index;
        await db.write(async (transaction) => {
          await tuneBulkTransaction(db, transaction);
          await run(ifNotExists(sql), transaction);
        });
        phase(`index ${name} (${((performance.now() - at) / 1000).toFixed(1)} s)`);
      }
    };
    await allLanes(Array.from({ length: width }, worker));
  };
  let loadError: unknown = null;
  try {
    await options.load();
  } catch (error) {
    loadError = error;
  }
  // PostgreSQL, when nothing rewrites the loaded rows after the load (the load wrote the
  // figures and sku): the products' trigram GIN indexes start at once on a connection of their
  // own, beside every rebuild, instead of after them. The descriptions' GIN is the longest step
  // of the seed (185 s at 1,000,000) and was the last to end. Not beside an UPDATE of the
  // loaded rows: a build's snapshot keeps their old versions (see the search lane below).
  // ANALYZE products first: it waits for a CREATE INDEX on the table.
  const earlyIndexes =
    postgres && !loadError && !derived.some((entry) => entry.rewrites)
      ? indexes.filter((index) => index.table === 'products' && isGin(index))
      : [];
  let early: Promise<void> = Promise.resolve();
  try {
    if (earlyIndexes.length > 0) {
      await run('ANALYZE products');
      early = createIndexes(earlyIndexes, 1);
      // Awaited below, also when a rebuild fails first: no unhandled rejection meanwhile.
      early.catch(() => undefined);
    }
    const rebuild = async (entries: Derived[]) => {
      for (const entry of entries) {
        const at = performance.now();
        await db.write(async (transaction) => {
          await tuneBulkTransaction(db, transaction);
          for (const sql of await entry.rebuild(db, transaction, triggers, SEED_TUNING)) {
            await run(sql, transaction);
          }
        });
        phase(`rebuilt ${entry.name} (${((performance.now() - at) / 1000).toFixed(1)} s)`);
      }
    };
    // The figures look links up by product: the links' indexes first.
    const linkIndexes = indexes.filter((index) => index.table === 'platform_links');
    await rebuild(derived.filter((entry) => entry.beforeLinkIndexes));
    await createIndexes(linkIndexes);
    if (postgres) {
      await run(
        earlyIndexes.length > 0 ? 'ANALYZE platform_links' : 'ANALYZE products, platform_links',
      );
    }
    // The search lane not earlier (tried): started beside the links' figures, it held its
    // snapshot through their UPDATE, so (as read, not proven) the 2.2 million old link versions
    // stayed in the links' new indexes unpruned, and the product figures ran 12+ min, not 122 s.
    await allLanes(
      postgres
        ? (['search', 'rows'] as const).map((lane) =>
            rebuild(derived.filter((entry) => entry.lane === lane && !entry.beforeLinkIndexes)),
          )
        : [rebuild(derived.filter((entry) => !entry.beforeLinkIndexes))],
    );
    await createIndexes(
      indexes.filter((index) => !linkIndexes.includes(index) && !earlyIndexes.includes(index)),
    );
    await early;
  } finally {
    // Nothing still building when the schema is restored.
    await early.catch(() => undefined);
    // The schema comes back whatever happened above.
    for (const index of indexes) await run(ifNotExists(index.sql));
    await db.write(async (transaction) => {
      for (const trigger of triggers) await run(trigger.sql, transaction);
      // The writer's connection stays open for the next writes: no mapping left to them.
      if (!postgres) await run('PRAGMA mmap_size = 0', transaction);
    });
    // Last: a key that finds a row without its parent throws, after the rest is back.
    await restoreForeignKeys(db, foreignKeys, phase);
    phase(`schema restored; rebuild done at ${seconds()} s after the load started`);
  }
  if (loadError) throw loadError;
}
