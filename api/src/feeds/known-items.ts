import { QueryTypes } from 'sequelize';
import type { Database } from '../db/database';

/** Items read per statement while the run loads what its feed already holds. */
const PAGE = 10_000;

/**
 * Above this many items a run does not keep them (a sku string and a map entry each, some
 * 80 bytes on the feed process's 64 MB heap): its chunks match every row in the database,
 * as before. 100,000 items took some 8 MB.
 */
export const KNOWN_ITEMS_MAX = 250_000;

/** Bytes of a SHA-1 content hash (feed_items.contentHash: 40 hex digits). */
const HASH_BYTES = 20;

/** A content hash's bytes, or null unless it is HASH_BYTES of lower-case hex (as stored). */
function hashBytes(hash: string): Buffer | null {
  const bytes = Buffer.from(hash, 'hex');
  return bytes.length === HASH_BYTES && hash === bytes.toString('hex') ? bytes : null;
}

/**
 * A feed's items as its run found them at the start (docs/decisions.md, "Feed runs", session
 * 41): sku to item id and content hash, read once in pages by id, so a chunk's unchanged rows
 * (most of a feed) are known unchanged without a look-up each in `feed_items` (on PostgreSQL an
 * index probe and a heap page per row). Only the lease holder's run writes a feed's items'
 * hashes; a row the run writes is forgotten here (`forget`), so a sku seen again later in the
 * feed is matched in the database. Deactivated items and items without a hash (a field staff
 * unlocked, locks.ts) are not kept: those rows are always matched in the database. What staff
 * change while the run is under way (a field unlocked, a product deleted) is applied by the next
 * run, as for the chunks a run had already written when the change came.
 */
export class KnownItems {
  private constructor(
    private readonly slots: Map<string, number>,
    private readonly ids: Float64Array,
    private readonly hashes: Uint8Array,
  ) {}

  /** The feed's items, or null when it has more than `max` (its chunks match in the database). */
  static async load(
    db: Database,
    feedId: string,
    max = KNOWN_ITEMS_MAX,
  ): Promise<KnownItems | null> {
    const slots = new Map<string, number>();
    let ids = new Float64Array(1024);
    let hashes = new Uint8Array(1024 * HASH_BYTES);
    let after = 0;
    for (;;) {
      const page = await db.sequelize.query<{
        id: number | string;
        sku: string;
        contentHash: string | null;
      }>(
        `SELECT id, sku, "contentHash" FROM feed_items
         WHERE "feedId" = :feedId AND id > :after AND NOT deactivated ORDER BY id LIMIT ${PAGE}`,
        { replacements: { feedId, after }, type: QueryTypes.SELECT },
      );
      for (const row of page) {
        const hash = hashBytes(row.contentHash ?? '');
        if (hash === null) continue;
        const slot = slots.size;
        if (slot >= max) return null;
        if (slot === ids.length) {
          const grownIds = new Float64Array(ids.length * 2);
          grownIds.set(ids);
          ids = grownIds;
          const grownHashes = new Uint8Array(hashes.length * 2);
          grownHashes.set(hashes);
          hashes = grownHashes;
        }
        hashes.set(hash, slot * HASH_BYTES);
        ids[slot] = Number(row.id);
        slots.set(row.sku, slot);
      }
      if (page.length < PAGE) break;
      after = Number(page[page.length - 1]!.id);
    }
    return new KnownItems(slots, ids, hashes);
  }

  get size(): number {
    return this.slots.size;
  }

  /** The item's id when the run found `sku` active with content hash `hash`; else null. */
  unchangedId(sku: string, hash: string): number | null {
    const slot = this.slots.get(sku);
    const bytes = slot === undefined ? null : hashBytes(hash);
    if (slot === undefined || bytes === null) return null;
    const base = slot * HASH_BYTES;
    return bytes.equals(this.hashes.subarray(base, base + HASH_BYTES)) ? this.ids[slot]! : null;
  }

  /** The run writes `sku`'s item: later rows of that sku are matched in the database. */
  forget(sku: string): void {
    this.slots.delete(sku);
  }
}
