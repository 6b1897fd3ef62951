import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { countData, CSV_READING_RULES, csvRecords, type Delimiter } from './csv-source';
import { decidedRecords, RecordReader } from './record-read';
import { RecordScanner, UNDECIDED } from './record-scan';
import { fuzzRandom } from '../../../test/support/fuzz-random';

/**
 * The reading pass without csv-parse (record-read.ts) against csv-parse itself: on every file
 * the counting pass's scan decides, the records must be csv-parse's, cell by cell.
 */

const MAX = 64;

/** csv-parse's records for `bytes` under the import's rules, or null when it refuses them. */
function csvParseRecords(bytes: Buffer, delimiter: Delimiter, max = MAX): string[][] | null {
  try {
    return parse(bytes, { ...CSV_READING_RULES, delimiter, max_record_size: max }) as string[][];
  } catch {
    return null;
  }
}

/** `bytes` cut at `cuts`, in order. */
function pieces(bytes: Buffer, cuts: number[]): Buffer[] {
  const parts: Buffer[] = [];
  let at = 0;
  for (const cut of cuts.filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b)) {
    parts.push(bytes.subarray(at, cut));
    at = cut;
  }
  parts.push(bytes.subarray(at));
  return parts;
}

function decides(bytes: Buffer, delimiter: Delimiter, cuts: number[], max = MAX): boolean {
  const scanner = new RecordScanner(delimiter, max);
  for (const part of pieces(bytes, cuts)) scanner.push(part);
  return scanner.end() !== UNDECIDED;
}

/** The reader's records, the bytes pushed in the pieces `cuts` makes (each a fresh copy). */
function read(bytes: Buffer, delimiter: Delimiter, cuts: number[]): string[][] {
  const reader = new RecordReader(delimiter);
  const records: string[][] = [];
  for (const part of pieces(bytes, cuts)) {
    // The reader must not keep a view of a buffer its caller reuses.
    const copy = Buffer.from(part);
    records.push(...reader.push(copy));
    copy.fill(0x78);
  }
  records.push(...reader.end());
  return records;
}

/** Text and raw bytes, split UTF-8 sequences and invalid bytes among them. */
const PIECES: (string | number[])[] = [
  'a',
  'b',
  'Sepatu',
  ' ',
  '\t',
  ',',
  ';',
  '"',
  '""',
  '\r\n',
  '\n',
  '\r',
  'é',
  '\u00a0',
  '\u3000',
  '🚀',
  '\x00',
  '\x01',
  '\x0b',
  '12',
  '=1+1',
  [0xe2, 0x82],
  [0xff],
  [0xc3],
  [0x80, 0x80],
];

const toBytes = (piece: string | number[]) =>
  typeof piece === 'string' ? Buffer.from(piece) : Buffer.from(piece);

describe('the reading pass without csv-parse (RecordReader)', () => {
  it('gives csv-parse’s records, cell by cell, on every file the scan decides', () => {
    const next = fuzzRandom(45);
    let decided = 0;
    let cells = 0;
    const runs = 20_000;
    for (let run = 0; run < runs; run++) {
      const delimiter: Delimiter = next() < 0.5 ? ',' : ';';
      const pick = () => PIECES[Math.floor(next() * PIECES.length)]!;
      const parts: Buffer[] = next() < 0.1 ? [Buffer.from('\uFEFF')] : [];
      if (run % 4 === 0) {
        // Any bytes: mostly broken CSV.
        const length = Math.floor(next() * 40);
        for (let n = 0; n < length; n++) parts.push(toBytes(pick()));
      } else {
        // Records of cells, quoted (any bytes, quotes doubled) or not, with blank ones.
        const ending = ['\r\n', '\n', '\r'][Math.floor(next() * 3)]!;
        const records = Math.floor(next() * 6);
        for (let r = 0; r < records; r++) {
          const width = Math.floor(next() * 4);
          for (let c = 0; c < width; c++) {
            if (c > 0) parts.push(Buffer.from(delimiter));
            const cell: Buffer[] = [];
            const length = Math.floor(next() * 5);
            for (let n = 0; n < length; n++) cell.push(toBytes(pick()));
            const text = Buffer.concat(cell);
            if (next() < 0.4) {
              const doubled = Buffer.from(text.toString('latin1').replaceAll('"', '""'), 'latin1');
              parts.push(Buffer.from('"'), doubled, Buffer.from('"'));
            } else {
              const plain = text.toString('latin1').replace(/["\r\n,;]/g, next() < 0.9 ? 'x' : ' ');
              parts.push(Buffer.from(plain, 'latin1'));
            }
          }
          if (r < records - 1 || next() < 0.7) parts.push(Buffer.from(ending));
        }
      }
      const bytes = Buffer.concat(parts);
      const cuts = [
        Math.floor(next() * bytes.length),
        Math.floor(next() * bytes.length),
        Math.floor(next() * bytes.length),
      ];
      if (!decides(bytes, delimiter, cuts)) continue;
      decided++;
      const expected = csvParseRecords(bytes, delimiter);
      const records = read(bytes, delimiter, cuts);
      cells += records.reduce((sum, record) => sum + record.length, 0);
      if (JSON.stringify(records) !== JSON.stringify(expected)) {
        throw new Error(
          `${JSON.stringify(bytes.toString('latin1'))} (${delimiter}, cuts ${cuts.join(' ')}): ` +
            `read ${JSON.stringify(records)}, csv-parse ${JSON.stringify(expected)}`,
        );
      }
    }
    expect(decided).toBeGreaterThan(runs / 4);
    expect(cells).toBeGreaterThan(runs);
  });

  it('reads the files a shop writes at every split', () => {
    const files: [string, Delimiter][] = [
      ['sku,title\r\nA-1,"Baris satu\r\nbaris ""dua"", koma"\r\nA-2,x\r\n', ','],
      ['\uFEFFsku;title\n\nA-1;"a;b"\n;;\n  ; \t\nA-2;b', ';'],
      ['sku,title\rA-1,b\r\rA-2,"c\rd"\r', ','],
      ['sku,title\nA-1,"""=1+1"""\n,\n"x",""\n', ','],
      ['sku,title\nA-1,"é🚀""""x"\nA-2,\u00a0ü,,\n', ','],
      ['sku', ','],
      ['', ','],
      ['\r\n\r\n', ','],
    ];
    for (const [text, delimiter] of files) {
      const bytes = Buffer.from(text);
      const expected = csvParseRecords(bytes, delimiter, 1_024);
      expect(expected, text).not.toBeNull();
      for (let cut = 0; cut <= bytes.length; cut++) {
        expect(decides(bytes, delimiter, [cut], 1_024), text).toBe(true);
        expect(read(bytes, delimiter, [cut]), `${JSON.stringify(text)} cut ${cut}`).toEqual(
          expected,
        );
      }
    }
  });

  it('reads a file as csv-parse streams it, across reads of a megabyte', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-read-'));
    try {
      const file = path.join(dir, 'produk.csv');
      const lines = ['sku;title;description'];
      for (let n = 0; n < 6_000; n++) {
        const long = 'Deskripsi panjang é '.repeat(n % 50);
        lines.push(
          `S-${n};"Judul ""${n}""; kedua";"${long}\r\nbaris ${n}"`,
          n % 97 === 0 ? ';;' : '',
        );
      }
      writeFileSync(file, `\uFEFF${lines.join('\r\n')}\r\n`);
      const counted = await countData(file, ';');
      expect(counted).toEqual({ records: 6_000, decided: true });
      const expected: string[][] = [];
      for await (const record of csvRecords(file, ';', undefined, false)) {
        expected.push(record as string[]);
      }
      const records: string[][] = [];
      for await (const batch of decidedRecords(file, ';')) records.push(...batch);
      expect(records.length).toBe(6_001);
      expect(records).toEqual(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
