import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { countDataRecords, CSV_READING_RULES, type Delimiter } from './csv-source';
import { RecordScanner, UNDECIDED } from './record-scan';
import { fuzzRandom } from '../../../test/support/fuzz-random';

/**
 * The counting pass's byte scan (record-scan.ts) against csv-parse itself: on every file it
 * decides it must count what csv-parse counts, and it may decide only files csv-parse reads
 * without an error. Files it leaves undecided are counted by csv-parse (countDataRecords).
 */

const MAX = 64;

/** csv-parse's records for `bytes` under the import's rules, or its error's code. */
function csvParseCount(bytes: Buffer, delimiter: Delimiter, max = MAX): number | string {
  try {
    return (parse(bytes, { ...CSV_READING_RULES, delimiter, max_record_size: max }) as unknown[])
      .length;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

/** The scan's answer, the bytes pushed in the pieces `cuts` makes. */
function scan(bytes: Buffer, delimiter: Delimiter, cuts: number[] = [], max = MAX) {
  const scanner = new RecordScanner(delimiter, max);
  let at = 0;
  for (const cut of [...cuts.filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b)]) {
    scanner.push(bytes.subarray(at, cut));
    at = cut;
  }
  scanner.push(bytes.subarray(at));
  return scanner.end();
}

const PIECES = [
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
  '\x01',
  '\x0b',
  '12',
];

describe('the counting pass without csv-parse (RecordScanner)', () => {
  it('counts what csv-parse counts on every file it decides, and decides no file csv-parse refuses', () => {
    const next = fuzzRandom(41);
    let decided = 0;
    const runs = 20_000;
    for (let run = 0; run < runs; run++) {
      const delimiter: Delimiter = next() < 0.5 ? ',' : ';';
      const pick = () => PIECES[Math.floor(next() * PIECES.length)]!;
      let text = next() < 0.1 ? '\uFEFF' : '';
      if (run % 2 === 0) {
        // Any bytes: mostly broken CSV.
        const length = Math.floor(next() * 40);
        for (let n = 0; n < length; n++) text += pick();
      } else {
        // Records of cells, quoted (any text, quotes doubled) or not, with blank ones.
        const ending = ['\r\n', '\n', '\r'][Math.floor(next() * 3)]!;
        const records = Math.floor(next() * 6);
        for (let r = 0; r < records; r++) {
          const cells: string[] = [];
          const width = Math.floor(next() * 4);
          for (let c = 0; c < width; c++) {
            let cell = '';
            const length = Math.floor(next() * 4);
            for (let n = 0; n < length; n++) cell += pick();
            if (next() < 0.4) cells.push(`"${cell.replaceAll('"', '""')}"`);
            else cells.push(cell.replace(/["\r\n,;]/g, next() < 0.9 ? 'x' : ' '));
          }
          text += cells.join(delimiter) + (r < records - 1 || next() < 0.7 ? ending : '');
        }
      }
      const bytes = Buffer.from(text);
      const cuts = [Math.floor(next() * bytes.length), Math.floor(next() * bytes.length)];
      const expected = csvParseCount(bytes, delimiter);
      const scanned = scan(bytes, delimiter, cuts);
      if (scanned === UNDECIDED) continue;
      decided++;
      if (scanned !== expected) {
        throw new Error(
          `${JSON.stringify(text)} (${delimiter}): scanned ${scanned}, csv-parse ${expected}`,
        );
      }
    }
    // Random bytes are mostly broken CSV; the records of cells mostly decided.
    expect(decided).toBeGreaterThan(runs / 4);
  });

  it('decides the files a shop writes: quoted line breaks, CRLF, BOM, blank lines and rows', () => {
    const files: [string, Delimiter, number][] = [
      ['sku,title\r\nA-1,"Baris satu\r\nbaris ""dua"", koma"\r\nA-2,x\r\n', ',', 3],
      ['\uFEFFsku;title\n\nA-1;"a;b"\n;;\n  ; \t\nA-2;b', ';', 3],
      ['sku,title\rA-1,b\r\rA-2,"c\rd"\r', ',', 3],
      ['sku,title\nA-1,"""=1+1"""\n,\n"x",""\n', ',', 3],
      ['sku', ',', 1],
      ['', ',', 0],
      ['\r\n\r\n', ',', 0],
      ['sku,title\nA-1,Kaos é\u00a0\n', ',', 2],
    ];
    for (const [text, delimiter, records] of files) {
      const bytes = Buffer.from(text);
      expect(csvParseCount(bytes, delimiter, 1_024), text).toBe(records);
      for (let cut = 0; cut <= bytes.length; cut++) {
        expect(scan(bytes, delimiter, [cut], 1_024), `${JSON.stringify(text)} cut ${cut}`).toBe(
          records,
        );
      }
    }
  });

  it('leaves csv-parse to judge broken quoting, odd line ends, blank-looking rows and long rows', () => {
    const files: [string, string | number][] = [
      ['sku,title\nA-1,"tidak ditutup\n', 'CSV_QUOTE_NOT_CLOSED'],
      ['sku,title\nA-1,di"tengah\n', 'INVALID_OPENING_QUOTE'],
      ['sku,title\nA-1,"a"b\n', 'CSV_INVALID_CLOSING_QUOTE'],
      ['sku,title\r\nA-1,a\nb\r\n', 2],
      ['sku,title\nA-1,a\rb\n', 2],
      ['sku,title\n"",""\n', 1],
      ['sku,title\n\u00a0,\u3000\n', 1],
      ['sku,title\n\uFEFF,\n', 1],
      [`sku,title\nA-1,${'x'.repeat(80)}\n`, 'CSV_MAX_RECORD_SIZE'],
    ];
    for (const [text, expected] of files) {
      const bytes = Buffer.from(text);
      expect(csvParseCount(bytes, ','), text).toBe(expected);
      expect(scan(bytes, ','), text).toBe(UNDECIDED);
    }
    expect(scan(Buffer.from('\uFEFFsku', 'utf16le'), ',')).toBe(UNDECIDED);
  });

  it('counts a record’s bytes as written, quotes included, against the limit', () => {
    // 15 bytes: decided at a limit of 15, not at 14, at every split.
    const bytes = Buffer.from('a,"b""cdefghij"\nx,y\n');
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(scan(bytes, ',', [cut], 15), `cut ${cut}`).toBe(2);
      expect(scan(bytes, ',', [cut], 14), `cut ${cut}`).toBe(UNDECIDED);
    }
  });

  it('counts a file through the scan, and through csv-parse where the scan cannot decide', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-scan-'));
    try {
      const file = path.join(dir, 'produk.csv');
      writeFileSync(file, 'sku;title\r\nA-1;"x\r\ny"\r\n;;\r\nA-2;b\r\n');
      expect(await countDataRecords(file, ';')).toBe(2);
      writeFileSync(file, 'sku;title\r\nA-1;"x\r\ny"\r\n"";""\r\nA-2;b\r\n');
      expect(await countDataRecords(file, ';')).toBe(2);
      writeFileSync(file, 'sku;title\r\nA-1;x"y\r\n');
      await expect(countDataRecords(file, ';')).rejects.toMatchObject({
        code: 'INVALID_OPENING_QUOTE',
        lines: 2,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
