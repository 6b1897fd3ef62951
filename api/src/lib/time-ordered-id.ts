import { randomFillSync } from 'node:crypto';

/** Random bytes are drawn for this many ids at a time: one system call instead of 256. */
const POOL_IDS = 256;
let pool = Buffer.alloc(0);
let offset = 0;

function sixteenRandomBytes(): Buffer {
  if (offset >= pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(16 * POOL_IDS));
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + 16);
  offset += 16;
  return bytes;
}

/**
 * A UUID version 7 (RFC 9562): the first 48 bits are the Unix time in milliseconds, the rest
 * random. Ids made one after another sort one after another, so a bulk insert appends to the
 * end of every index keyed by product id (products, links, price points, both search docs
 * tables on SQLite; the primary keys and foreign-key indexes on PostgreSQL) instead of
 * touching a random page of each per row, which is what made a large import slow. Every
 * reader that accepts a product id accepts any UUID version (`isUuid`).
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  const bytes = sixteenRandomBytes();
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70; // version 7
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
