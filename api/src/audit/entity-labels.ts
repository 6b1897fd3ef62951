import { QueryTypes } from 'sequelize';
import type { Database } from '../db/database';
import { isUuid } from '../lib/params';
import { recordName } from './record-names';

/**
 * The names of the records one page of the log names, never one query per row: per kind of
 * record on the page, one primary-key lookup of its ids in the live table (today's name), and
 * for the ids not found there (deleted records) one lookup of the newest name the log stored
 * for each (audit_log.entityLabel, written with every entry): the name it had when deleted.
 */

interface NameSource {
  /** Which entity ids can be a key of the table: others are skipped, not sent. */
  accepts(id: string): boolean;
  /** Selects `key` and the columns `recordName` reads, for the ids in `(?)`. */
  sql: string;
}

const SERIAL = /^[1-9]\d{0,9}$/;
const serial = (id: string) => SERIAL.test(id) && Number(id) <= 2_147_483_647;
const byId = (columns: string, table: string): NameSource => ({
  accepts: serial,
  sql: `SELECT id AS "key", ${columns} FROM ${table} WHERE id IN (?)`,
});
const productPart = (columns: string, table: string): NameSource => ({
  accepts: serial,
  sql: `SELECT t.id AS "key", ${columns}, p.title AS "productTitle"
        FROM ${table} t LEFT JOIN products p ON p.id = t."productId"
        WHERE t.id IN (?)`,
});

const SOURCES: Record<string, NameSource> = {
  user: byId('username', 'users'),
  category: byId('name', 'categories'),
  product: {
    accepts: isUuid,
    sql: 'SELECT id AS "key", title FROM products WHERE id IN (?)',
  },
  platform_link: productPart('t.platform', 'platform_links'),
  product_image: productPart('t."altText"', 'product_images'),
  content: {
    accepts: (id) => id.length <= 64,
    sql: 'SELECT "key", title FROM content_blocks WHERE "key" IN (?)',
  },
  faq: byId('question', 'faqs'),
  meta_tag: byId('"htmlTag", "pageUrl", "parsedName", "parsedProperty"', 'meta_tags'),
  popup: byId('title', 'popups'),
};

const keyOf = (entity: string, id: string) => `${entity}\u0000${id}`;
/** Product ids are compared in lower case (the API accepts them in any case). */
const idKey = (entity: string, id: string) => (entity === 'product' ? id.toLowerCase() : id);

export interface NamedRecord {
  entity: string;
  entityId: string | null;
}

/** Per id, the entityLabel of the newest entry about it that stored one. */
const LAST_STORED_NAMES = `SELECT a."entityId" AS "key", a."entityLabel" AS name
  FROM audit_log a
  JOIN (SELECT MAX(id) AS id FROM audit_log
        WHERE entity = ? AND "entityId" IN (?) AND "entityLabel" IS NOT NULL
        GROUP BY "entityId") newest ON newest.id = a.id`;

/** `(entity, entityId)` -> the record's name: today's, or the last the log knew. */
export async function recordNames(
  db: Database,
  records: NamedRecord[],
): Promise<(entity: string, entityId: string | null) => string | null> {
  const idsByEntity = new Map<string, Set<string>>();
  for (const { entity, entityId } of records) {
    const source = Object.hasOwn(SOURCES, entity) ? SOURCES[entity] : undefined;
    if (!source || !entityId || !source.accepts(entityId)) continue;
    const ids = idsByEntity.get(entity) ?? new Set<string>();
    ids.add(idKey(entity, entityId));
    idsByEntity.set(entity, ids);
  }
  const names = new Map<string, string>();
  for (const [entity, ids] of idsByEntity) {
    const rows = await db.sequelize.query<Record<string, unknown>>(SOURCES[entity]!.sql, {
      replacements: [[...ids]],
      type: QueryTypes.SELECT,
    });
    for (const row of rows) {
      const name = recordName(entity, row);
      if (name) names.set(keyOf(entity, String(row.key)), name);
    }
  }
  for (const [entity, ids] of idsByEntity) {
    const gone = [...ids].filter((id) => !names.has(keyOf(entity, id)));
    if (gone.length === 0) continue;
    const rows = await db.sequelize.query<{ key: string; name: string }>(LAST_STORED_NAMES, {
      replacements: [entity, gone],
      type: QueryTypes.SELECT,
    });
    for (const row of rows) names.set(keyOf(entity, row.key), row.name);
  }
  return (entity, entityId) =>
    entityId ? (names.get(keyOf(entity, idKey(entity, entityId))) ?? null) : null;
}
