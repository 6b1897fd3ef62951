import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { CsvError, parse, type Parser } from 'csv-parse';

export type Delimiter = ',' | ';';

/** A record (all its fields) may not exceed this: one unclosed quote must not eat the file. */
const MAX_RECORD_BYTES = 1024 * 1024;
/** The header line is looked for in the file's first bytes. */
const HEADER_PROBE_BYTES = 64 * 1024;

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

/** The first line of the file (without a BOM), read from its first 64 KB. */
async function firstLine(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEADER_PROBE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_PROBE_BYTES, 0);
    const text = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return text.split(/\r?\n/, 1)[0] ?? '';
  } finally {
    await handle.close();
  }
}

/**
 * A streaming parser over the file: one array of fields per record, read as the consumer
 * asks (for await), so neither the file nor its rows are ever held whole. UTF-8 with or
 * without BOM, RFC 4180 quotes; blank lines and lines of empty fields are skipped.
 */
export function csvRecords(file: string, delimiter: Delimiter): Parser {
  return createReadStream(file).pipe(
    parse({
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      max_record_size: MAX_RECORD_BYTES,
    }),
  );
}

export interface CsvHeader {
  delimiter: Delimiter;
  /** The header row's cells, trimmed; empty when the file has no record. */
  names: string[];
}

export async function readHeader(file: string): Promise<CsvHeader> {
  const delimiter = detectDelimiter(await firstLine(file));
  const parser = csvRecords(file, delimiter);
  try {
    for await (const record of parser) {
      return { delimiter, names: (record as string[]).map((name) => name.trim()) };
    }
    return { delimiter, names: [] };
  } finally {
    parser.destroy();
  }
}

/** The data records in the file (the header excluded), counted by a first streaming pass. */
export async function countDataRecords(file: string, delimiter: Delimiter): Promise<number> {
  let records = 0;
  for await (const record of csvRecords(file, delimiter)) {
    void record;
    records++;
  }
  return Math.max(0, records - 1);
}

const CSV_PROBLEMS: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'tanda kutip tidak ditutup',
  CSV_INVALID_CLOSING_QUOTE: 'ada karakter setelah tanda kutip penutup',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'ada karakter setelah tanda kutip penutup',
  CSV_MAX_RECORD_SIZE: 'satu baris lebih dari 1 MB',
};

/** A parse failure in the admin's words, with the line where it happened; null if not one. */
export function describeCsvError(error: unknown): string | null {
  if (!(error instanceof CsvError)) return null;
  const problem = CSV_PROBLEMS[error.code] ?? 'format CSV tidak valid';
  const line = typeof error.lines === 'number' ? ` (sekitar baris ${error.lines})` : '';
  return `Berkas CSV tidak dapat dibaca${line}: ${problem}`;
}
