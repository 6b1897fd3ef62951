import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsv } from './csv';
import { MAX_FIELDS_PER_ROW } from './limits';

async function read(text: string, chunkBytes = 7) {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunkBytes) {
    chunks.push(bytes.subarray(at, at + chunkBytes));
  }
  const rows = [];
  for await (const item of readCsv(Readable.from(chunks))) rows.push(item);
  return rows;
}

describe('the feed CSV reader', () => {
  it('names each record by the line it ends on: blank lines and quoted line breaks count', async () => {
    // The lines csv-parse's `info` reported (the reader before it stopped asking for it).
    const rows = await read(
      'id,title\nA,one\n\nB,"two\nlines"\nC,"three\nlines\nmore"\n,\nD,four\n',
    );
    expect(rows).toEqual([
      { row: 2, fields: { id: 'A', title: 'one' } },
      { row: 5, fields: { id: 'B', title: 'two\nlines' } },
      { row: 8, fields: { id: 'C', title: 'three\nlines\nmore' } },
      { row: 10, fields: { id: 'D', title: 'four' } },
    ]);
    expect(await read('id,title\r\nA,one\r\n\r\nB,"two\r\nlines"\r\n,\r\nD,four')).toEqual([
      { row: 2, fields: { id: 'A', title: 'one' } },
      { row: 6, fields: { id: 'B', title: 'two\r\nlines' } },
      { row: 8, fields: { id: 'D', title: 'four' } },
    ]);
  });

  it('reads the same whatever the size of the stream chunks, and ends at a broken quote', async () => {
    const text = 'id;title\nA;"x"\nB;"unclosed\nC;z\n';
    const one = await read(text, 1);
    expect(await read(text, 1_000)).toEqual(one);
    expect(one[0]).toEqual({ row: 2, fields: { id: 'A', title: 'x' } });
    expect(one).toHaveLength(2);
    expect(one[1]).toEqual({ row: 4, error: expect.any(String) });
  });

  it('keeps the first of a repeated field name', async () => {
    const names = Array.from({ length: MAX_FIELDS_PER_ROW - 2 }, (_, at) => `f${at}`);
    const rows = await read(
      `id,id,${names.join(',')}\nA,B,${names.map((_, at) => at).join(',')}\n`,
      4_096,
    );
    const fields = (rows[0] as { fields: Record<string, string> }).fields;
    expect(fields.id).toBe('A');
    expect(Object.keys(fields)).toHaveLength(MAX_FIELDS_PER_ROW - 1);
    expect(fields[`f${MAX_FIELDS_PER_ROW - 3}`]).toBe(String(MAX_FIELDS_PER_ROW - 3));
  });
});
