/**
 * The import's reading pass without csv-parse (session 45), on the files the counting pass's
 * byte scan (RecordScanner, record-scan.ts) decided: plain RFC 4180 CSV with one record
 * delimiter, no broken quoting, no record over the size limit, no record whose blankness
 * csv-parse would have to judge. On those files csv-parse's records (CSV_READING_RULES) are
 * simple to give: a cell is the bytes between delimiters, or between a record's first quote
 * and its closing one with doubled quotes made single, decoded as UTF-8 one cell at a time as
 * csv-parse decodes them; a CR or LF outside quotes ends the record (the scan left no other
 * kind there, and a CR followed by LF is one CRLF); a record whose cells all trim to nothing
 * is skipped (skip_empty_lines, skip_records_with_empty_values). csv-parse spent about a third
 * of the bulk import's main thread building the same records (session 44's profile).
 *
 * Any other file is read by csv-parse as before: its errors and lines are the job's message.
 * Meeting something the scan would not have decided (the file changed between the passes)
 * throws, and the job fails rather than reading records csv-parse would not give.
 */

import { open } from 'node:fs/promises';

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** Bytes read at a time; a record that crosses the end is carried into the next read. */
const READ_BYTES = 1024 * 1024;

export class UndecidedRecord extends Error {
  constructor() {
    super('The CSV file no longer reads as the counting pass read it');
  }
}

/**
 * The records that start at `start` and end within `bytes` (all of them when `final`), pushed
 * onto `out`; returns where the first record not read starts (bytes.length when none).
 */
export function readRecords(
  bytes: Buffer,
  start: number,
  final: boolean,
  delimiter: number,
  out: string[][],
): number {
  const length = bytes.length;
  let at = start;
  while (at < length) {
    const recordStart = at;
    const cells: string[] = [];
    // One cell per turn; `at` ends on the byte after the cell (delimiter, CR, LF or the end).
    for (;;) {
      if (at < length && bytes[at] === QUOTE) {
        let search = at + 1;
        let doubled = false;
        let close: number;
        for (;;) {
          close = bytes.indexOf(QUOTE, search);
          if (close === -1) {
            if (final) throw new UndecidedRecord();
            return recordStart;
          }
          // Whether the quote is doubled shows only in the next byte.
          if (close + 1 >= length && !final) return recordStart;
          if (close + 1 < length && bytes[close + 1] === QUOTE) {
            doubled = true;
            search = close + 2;
            continue;
          }
          break;
        }
        const text = bytes.toString('utf8', at + 1, close);
        cells.push(doubled ? text.replaceAll('""', '"') : text);
        at = close + 1;
        if (at < length) {
          const next = bytes[at];
          if (next !== delimiter && next !== CR && next !== LF) throw new UndecidedRecord();
        }
      } else {
        let end = at;
        while (end < length) {
          const byte = bytes[end];
          if (byte === delimiter || byte === CR || byte === LF) break;
          if (byte === QUOTE) throw new UndecidedRecord();
          end++;
        }
        if (end >= length && !final) return recordStart;
        cells.push(bytes.toString('utf8', at, end));
        at = end;
      }
      if (at >= length) break;
      if (bytes[at] === delimiter) {
        at++;
        continue;
      }
      // A CR or LF: the record ends. A CR's LF may be in the next read.
      if (bytes[at] === CR) {
        if (at + 1 >= length && !final) return recordStart;
        at += at + 1 < length && bytes[at + 1] === LF ? 2 : 1;
      } else {
        at++;
      }
      break;
    }
    if (!cells.every((cell) => cell.trim() === '')) out.push(cells);
  }
  return length;
}

/**
 * csv-parse's records (CSV_READING_RULES, `delimiter`) of a file RecordScanner decided, fed its
 * bytes in order (`push`, then `end`); each call gives the records that ended in what it got.
 */
export class RecordReader {
  private readonly delimiter: number;
  private carried: Buffer | null = null;
  private first = true;

  constructor(delimiter: ',' | ';') {
    this.delimiter = delimiter.charCodeAt(0);
  }

  push(chunk: Buffer): string[][] {
    return this.read(chunk, false);
  }

  end(): string[][] {
    return this.read(Buffer.alloc(0), true);
  }

  private read(chunk: Buffer, final: boolean): string[][] {
    const bytes = this.carried ? Buffer.concat([this.carried, chunk]) : chunk;
    this.carried = null;
    let start = 0;
    if (this.first) {
      // A UTF-8 BOM is skipped (a UTF-16 one is never decided); three bytes tell it.
      if (bytes.length < 3 && !final) {
        this.carried = Buffer.from(bytes);
        return [];
      }
      this.first = false;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
    }
    const records: string[][] = [];
    const rest = readRecords(bytes, start, final, this.delimiter, records);
    // A copy: the caller reuses its buffer for the next read.
    if (rest < bytes.length) this.carried = Buffer.from(bytes.subarray(rest));
    return records;
  }
}

/**
 * The file's records as csv-parse gives them under CSV_READING_RULES, for a file RecordScanner
 * decided with `delimiter`, in batches (one per read), the header included.
 */
export async function* decidedRecords(
  file: string,
  delimiter: ',' | ';',
): AsyncGenerator<string[][], void, undefined> {
  const handle = await open(file, 'r');
  try {
    const reader = new RecordReader(delimiter);
    const buffer = Buffer.allocUnsafe(READ_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, READ_BYTES, null);
      const records = bytesRead === 0 ? reader.end() : reader.push(buffer.subarray(0, bytesRead));
      if (records.length > 0) yield records;
      if (bytesRead === 0) return;
    }
  } finally {
    await handle.close();
  }
}
