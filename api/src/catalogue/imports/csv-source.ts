import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { CsvError, parse, type Parser } from 'csv-parse';
import { cleanText } from '../../lib/clean-text';
import { restoreFormulaCell } from '../../lib/csv-format';
import { RecordScanner, UNDECIDED } from './record-scan';

export type Delimiter = ',' | ';';

/** A record (all its fields) may not exceed this: one unclosed quote must not eat the file. */
const MAX_RECORD_BYTES = 1024 * 1024;
/** The header line is looked for in the file's first bytes, and may not be longer. */
export const MAX_HEADER_BYTES = 64 * 1024;
/** More columns than this is not a product file (there are 27 known ones). */
export const MAX_HEADER_COLUMNS = 200;

/**
 * Comma or semicolon (Excel in Indonesia writes semicolons): whichever occurs more often in
 * the header line outside quotes; a comma when there is neither.
 */
export function detectDelimiter(headerLine: string): Delimiter {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * The first line of the file (without a BOM), read from its first 64 KB; null when no line
 * ends there, a header too long to be a product file's.
 */
async function firstLine(file: string): Promise<string | null> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(MAX_HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, MAX_HEADER_BYTES, 0);
    const text = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const end = text.search(/\r?\n/);
    if (end === -1) return bytesRead < MAX_HEADER_BYTES ? text : null;
    return text.slice(0, end);
  } finally {
    await handle.close();
  }
}

/**
 * A cell as the import reads it: cleaned like a JSON body's text (no NUL, no lone surrogate,
 * which PostgreSQL refuses and SQLite's indexes choke on), and without the quote our own
 * export put before a formula-like text.
 */
export const readCell = (cell: string) => restoreFormulaCell(cleanText(cell));

/**
 * A streaming parser over the file: one array of fields per record, read as the consumer
 * asks (for await), so neither the file nor its rows are ever held whole. UTF-8 with or
 * without BOM, RFC 4180 quotes; blank lines and lines of empty fields are skipped.
 */
export function csvRecords(
  file: string,
  delimiter: Delimiter,
  /** Stop after this many records (the rest of the file is not read, nor its errors). */
  maxRecords?: number,
  /** False: the cells as parsed, not cleaned (readCell), for a pass that only counts. */
  clean = true,
): Parser {
  return createReadStream(file).pipe(
    parse({
      ...CSV_READING_RULES,
      delimiter,
      ...(maxRecords === undefined ? {} : { to: maxRecords }),
      ...(clean ? { on_record: (record: string[]) => record.map(readCell) } : {}),
    }),
  );
}

/**
 * The import's reading rules (also the product feeds' CSV reader, api/src/feeds/readers):
 * BOM or not, RFC 4180 quotes, ragged rows, blank lines skipped, a record of at most 1 MB.
 */
export const CSV_READING_RULES = {
  bom: true,
  relax_column_count: true,
  skip_empty_lines: true,
  skip_records_with_empty_values: true,
  max_record_size: MAX_RECORD_BYTES,
} as const;

export interface CsvHeader {
  delimiter: Delimiter;
  /** The header row's cells, trimmed; empty when the file has no record. */
  names: string[];
}

/** A file the import refuses before it starts (answered 400 with this message). */
export class UnreadableCsv extends Error {}

export const headerTooLong = () =>
  new UnreadableCsv(`Baris 1: baris judul lebih dari ${MAX_HEADER_BYTES / 1024} KB`);
export const tooManyColumns = (count: number) =>
  new UnreadableCsv(
    `Baris 1: baris judul berisi ${count} kolom; maksimal ${MAX_HEADER_COLUMNS} kolom`,
  );

/**
 * The header and the first `dataRecords` records, so that a broken file is refused at
 * upload (with the line) rather than as a failed job. Throws UnreadableCsv.
 */
export async function readHeader(file: string, dataRecords = 0): Promise<CsvHeader> {
  const line = await firstLine(file);
  if (line === null) throw headerTooLong();
  const delimiter = detectDelimiter(line);
  const parser = csvRecords(file, delimiter, dataRecords + 1);
  const header: CsvHeader = { delimiter, names: [] };
  let seen = 0;
  try {
    for await (const record of parser) {
      const cells = record as string[];
      if (seen++ > 0) continue;
      if (cells.length > MAX_HEADER_COLUMNS) throw tooManyColumns(cells.length);
      if (Buffer.byteLength(cells.join(delimiter)) > MAX_HEADER_BYTES) throw headerTooLong();
      header.names = cells.map((name) => name.trim());
    }
    return header;
  } catch (error) {
    if (seen === 0 && error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') {
      throw headerTooLong();
    }
    const readable = describeCsvError(error);
    throw readable ? new UnreadableCsv(readable) : error;
  } finally {
    parser.destroy();
  }
}

/** Bytes read at a time by the counting pass's scan. */
const SCAN_READ_BYTES = 1024 * 1024;

/**
 * The file's records (the header included) counted from its bytes by RecordScanner, as
 * csv-parse would count them; UNDECIDED when the scan leaves the file to csv-parse (broken
 * quoting among others), null when `stop` says so (asked every megabyte).
 */
async function scanRecords(
  file: string,
  delimiter: Delimiter,
  stop: () => boolean,
): Promise<number | null | typeof UNDECIDED> {
  const scanner = new RecordScanner(delimiter, MAX_RECORD_BYTES);
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(SCAN_READ_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, SCAN_READ_BYTES, null);
      if (bytesRead === 0) return scanner.end();
      if (!scanner.push(buffer.subarray(0, bytesRead))) return UNDECIDED;
      if (stop()) return null;
    }
  } finally {
    await handle.close();
  }
}

/**
 * The data records in the file (the header excluded), counted by a first streaming pass: a
 * byte scan (record-scan.ts), or csv-parse where the scan cannot decide, which then throws its
 * error for broken quoting; null when `stop` says so (asked every megabyte or every 10,000
 * records: the server is stopping).
 */
export async function countDataRecords(
  file: string,
  delimiter: Delimiter,
  stop: () => boolean = () => false,
): Promise<number | null> {
  const counted = await countData(file, delimiter, stop);
  return counted === null ? null : counted.records;
}

export interface DataCount {
  /** The data records (the header excluded). */
  records: number;
  /** The byte scan decided the file: its records can be read without csv-parse (record-read.ts). */
  decided: boolean;
}

/** countDataRecords, saying whether the scan decided the file. */
export async function countData(
  file: string,
  delimiter: Delimiter,
  stop: () => boolean = () => false,
): Promise<DataCount | null> {
  const scanned = await scanRecords(file, delimiter, stop);
  if (scanned !== UNDECIDED) {
    return scanned === null ? null : { records: Math.max(0, scanned - 1), decided: true };
  }
  let records = 0;
  // Uncleaned: csv-parse skips a record of empty values before on_record would clean it, so
  // cleaning changes no count; it only cost each cell a copy.
  const parser = csvRecords(file, delimiter, undefined, false);
  try {
    for await (const record of parser) {
      void record;
      records++;
      if (records % 10_000 === 0 && stop()) return null;
    }
  } finally {
    parser.destroy();
  }
  return { records: Math.max(0, records - 1), decided: false };
}

const CSV_PROBLEMS: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'tanda kutip tidak ditutup',
  INVALID_OPENING_QUOTE: 'tanda kutip di tengah kolom (kolom berkutip diawali tanda kutip)',
  CSV_INVALID_CLOSING_QUOTE: 'ada karakter setelah tanda kutip penutup',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'ada karakter setelah tanda kutip penutup',
  CSV_MAX_RECORD_SIZE: 'satu baris lebih dari 1 MB',
};

/** A parse failure in the admin's words, with the line where it happened; null if not one. */
export function describeCsvError(error: unknown): string | null {
  if (!(error instanceof CsvError)) return null;
  const problem = CSV_PROBLEMS[error.code] ?? 'format CSV tidak valid';
  const line = typeof error.lines === 'number' ? `Baris ${error.lines}: ` : '';
  return `${line}berkas CSV tidak dapat dibaca, ${problem}`;
}
