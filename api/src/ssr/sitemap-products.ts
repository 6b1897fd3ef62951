// The product part of the sitemap: every active product, newest first, read by keyset.
import { QueryTypes } from 'sequelize';
import type { Database } from '../db/database';

/** One active product as the sitemap lists it. */
export interface SitemapProduct {
  id: string;
  /** updatedAt, or createdAt when never updated. */
  lastmod: Date;
}

/** The sitemap's order: createdAt as stored (exact, so a keyset step never skips or repeats). */
interface KeyedRow {
  id: string;
  createdKey: string;
  createdAt: Date | string;
  updatedAt: Date | string | null;
}

type Key = Pick<KeyedRow, 'id' | 'createdKey'>;

/**
 * The key column, and how a bound key compares with it. PostgreSQL hands timestamps to
 * JavaScript as Dates (milliseconds), so the key travels as its exact text and is cast back;
 * SQLite stores the text itself.
 */
function dialectSql(db: Database) {
  return db.dialect === 'postgres'
    ? {
        active: '"isActive" = TRUE',
        key: '"createdAt"::text',
        bound: (n: number) => `$${n}::timestamptz`,
      }
    : { active: '"isActive" = 1', key: '"createdAt"', bound: (n: number) => `$${n}` };
}

const select = <T extends object>(db: Database, sql: string, bind: unknown[]) =>
  db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT });

/**
 * The key of the `offset`-th active product (0-based), or null past the end. Only the
 * listing index of migration 0003 ("isActive", "createdAt" DESC, id) is read: no product row.
 */
async function keyAt(db: Database, offset: number): Promise<Key | null> {
  const sql = dialectSql(db);
  const rows = await select<Key>(
    db,
    `SELECT id, ${sql.key} AS "createdKey" FROM products WHERE ${sql.active}
      ORDER BY "createdAt" DESC, id LIMIT 1 OFFSET $1`,
    [offset],
  );
  return rows[0] ?? null;
}

/**
 * Up to `limit` active products from `from` on (inclusive or not), in sitemap order. The order
 * mixes directions (createdAt down, id up), which no single range condition expresses: an OR
 * of the two cases makes the database read every earlier entry and throw it away. So two
 * seeks on the listing index: the rest of `from`'s own createdAt by id, then the older ones.
 */
async function productsFrom(
  db: Database,
  from: Key,
  inclusive: boolean,
  limit: number,
): Promise<KeyedRow[]> {
  const sql = dialectSql(db);
  const columns = `id, ${sql.key} AS "createdKey", "createdAt", "updatedAt"`;
  const sameMoment = await select<KeyedRow>(
    db,
    `SELECT ${columns} FROM products
      WHERE ${sql.active} AND "createdAt" = ${sql.bound(1)} AND id ${inclusive ? '>=' : '>'} $2
      ORDER BY id LIMIT $3`,
    [from.createdKey, from.id, limit],
  );
  if (sameMoment.length >= limit) return sameMoment;
  const older = await select<KeyedRow>(
    db,
    `SELECT ${columns} FROM products
      WHERE ${sql.active} AND "createdAt" < ${sql.bound(1)}
      ORDER BY "createdAt" DESC, id LIMIT $2`,
    [from.createdKey, limit - sameMoment.length],
  );
  return [...sameMoment, ...older];
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * Active products `skip` to `skip + count - 1` (0-based, newest first), `chunk` at a time:
 * the first is found once by its position, then each chunk seeks on from the last one read.
 */
export async function* walkSitemapProducts(
  db: Database,
  skip: number,
  count: number,
  chunk: number,
): AsyncGenerator<SitemapProduct[]> {
  let from = count > 0 ? await keyAt(db, skip) : null;
  let inclusive = true;
  let room = count;
  while (from && room > 0) {
    const rows = await productsFrom(db, from, inclusive, Math.min(chunk, room));
    if (rows.length === 0) return;
    room -= rows.length;
    const last = rows[rows.length - 1]!;
    from = { id: last.id, createdKey: last.createdKey };
    inclusive = false;
    yield rows.map((row) => ({ id: row.id, lastmod: asDate(row.updatedAt ?? row.createdAt) }));
  }
}

/** How many active products there are: the per-category counts migration 0003's triggers keep. */
export async function countActiveProducts(db: Database): Promise<number> {
  const rows = await select<{ total: number | string | null }>(
    db,
    'SELECT sum(active) AS total FROM product_active_counts',
    [],
  );
  return Number(rows[0]?.total ?? 0);
}
