import { describe, expect, it } from 'vitest';
import type { MappedRow } from './chunk';
import { FEED_CHUNK_READ_ROWS, FEED_CHUNK_ROWS, RunChunk } from './run-chunk';

const row = (sku: string, hash: string): MappedRow => ({
  row: 2,
  sku,
  title: sku,
  description: '',
  link: `https://shopee.co.id/${sku}`,
  imageUrl: '',
  price: 10_000,
  originalPrice: null,
  availability: 'in_stock',
  category: '',
  hash,
});

/** A feed's items as a run found them: sku -> [item id, content hash]. */
function knownItems(items: Record<string, [number, string]>) {
  const slots = new Map(Object.entries(items));
  return {
    unchangedId: (sku: string, hash: string) => {
      const item = slots.get(sku);
      return item && item[1] === hash ? item[0] : null;
    },
    forget: (sku: string) => void slots.delete(sku),
  };
}

/** Adds rows to chunks as the run does, answering each chunk's rows to write and unchanged ids. */
function chunked(known: ReturnType<typeof knownItems> | null, rows: MappedRow[]) {
  const chunks: RunChunk[] = [new RunChunk(known)];
  for (const next of rows) {
    if (chunks.at(-1)!.refuses(next)) chunks.push(new RunChunk(known));
    chunks.at(-1)!.add(next);
  }
  return chunks.map((chunk) => ({
    write: chunk.rows.map((written) => written.sku),
    unchanged: chunk.unchangedIds,
    size: chunk.size,
    pauses: chunk.pauses,
  }));
}

describe('a feed run’s chunk', () => {
  it('writes the rows not known unchanged and keeps only the ids of the others', () => {
    const known = knownItems({ a: [1, 'h1'], b: [2, 'h2'], c: [3, 'h3'] });
    expect(
      chunked(known, [row('a', 'h1'), row('b', 'changed'), row('c', 'h3'), row('d', 'h4')]),
    ).toEqual([{ write: ['b', 'd'], unchanged: [1, 3], size: 4, pauses: 1 }]);
  });

  it('counts only its rows to write towards a full chunk, and ends at the rows read bound', () => {
    const skus = Array.from({ length: FEED_CHUNK_READ_ROWS + 5 }, (_, at) => `s${at}`);
    // Every twentieth row changed: a chunk reads its bound of rows and writes a twentieth.
    const known = knownItems(Object.fromEntries(skus.map((sku, at) => [sku, [at, 'same']])));
    const twentieth = chunked(
      known,
      skus.map((sku, at) => row(sku, at % 20 === 0 ? 'changed' : 'same')),
    );
    // The run rests after each as long as after ten chunks of a thousand rows read.
    expect(twentieth.map((chunk) => [chunk.size, chunk.write.length, chunk.pauses])).toEqual([
      [FEED_CHUNK_READ_ROWS, FEED_CHUNK_READ_ROWS / 20, FEED_CHUNK_READ_ROWS / FEED_CHUNK_ROWS],
      [5, 1, 1],
    ]);
    // Nothing known (a feed's first run): a thousand rows a chunk.
    const first = chunked(
      null,
      skus.slice(0, FEED_CHUNK_ROWS + 1).map((sku) => row(sku, 'new')),
    );
    expect(first.map((chunk) => chunk.write.length)).toEqual([FEED_CHUNK_ROWS, 1]);
  });

  it('starts a new chunk for a sku it writes already; that sku is no longer known unchanged', () => {
    const known = knownItems({ a: [1, 'h1'], b: [2, 'h2'] });
    // a changed, then as the run found it: the second row must see what the first wrote.
    expect(chunked(known, [row('a', 'changed'), row('b', 'h2'), row('a', 'h1')])).toEqual([
      { write: ['a'], unchanged: [2], size: 2, pauses: 1 },
      { write: ['a'], unchanged: [], size: 1, pauses: 1 },
    ]);
  });
});
