import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import {
  CSV_READING_RULES,
  describeCsvError,
  detectDelimiter,
  MAX_HEADER_BYTES,
  MAX_HEADER_COLUMNS,
  readCell,
} from '../../catalogue/imports/csv-source';
import type { FeedRecord, FeedRecordError } from './index';
import { addField, bufferChunks } from './limits';

/**
 * The head of the stream up to its first line break (at most MAX_HEADER_BYTES), and an
 * iterator over the same stream that yields the head again and then the rest: the delimiter
 * is chosen from the header line as the import does, without reading the feed twice.
 */
async function peekHeader(input: NodeJS.ReadableStream) {
  const chunks = bufferChunks(input);
  const head: Buffer[] = [];
  let size = 0;
  let ended = false;
  for (;;) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
    if (next.value.includes(0x0a) || size >= MAX_HEADER_BYTES) break;
  }
  const text = Buffer.concat(head)
    .subarray(0, MAX_HEADER_BYTES)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const end = text.search(/\r?\n/);
  const line = end === -1 ? (size < MAX_HEADER_BYTES ? text : null) : text.slice(0, end);
  async function* all(): AsyncGenerator<Buffer> {
    yield* head;
    if (!ended) yield* chunks;
  }
  return { line, body: all };
}

/**
 * CSV with the import's reading rules (api/src/catalogue/imports/csv-source.ts): a header row
 * names the fields, comma or semicolon, BOM, RFC 4180 quotes. `row` is the record's line in
 * the file (the header is line 1). A record csv-parse cannot read ends the reading with one
 * error: after an unclosed quote nothing further can be trusted.
 */
export async function* readCsv(
  input: NodeJS.ReadableStream,
): AsyncGenerator<FeedRecord | FeedRecordError> {
  const { line, body } = await peekHeader(input);
  if (line === null) {
    yield { row: 1, error: `Baris judul lebih dari ${MAX_HEADER_BYTES / 1024} KB` };
    return;
  }
  const source = Readable.from(body());
  const parser = parse({ ...CSV_READING_RULES, delimiter: detectDelimiter(line) });
  // Each record goes out with the line it ended on, read from the parser as it pushes the
  // record (what `info: true` reports): that option builds two objects of a dozen fields per
  // record, a good part of a feed run's garbage, whose collection the site's requests wait on.
  const push = parser.push.bind(parser);
  parser.push = (record: unknown) =>
    push(record === null ? null : { record, lines: parser.info.lines });
  source.pipe(parser);
  let names: string[] | null = null;
  let lastLine = 1;
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; lines: number }>) {
      const cells = item.record.map(readCell);
      lastLine = item.lines;
      if (names === null) {
        if (cells.length > MAX_HEADER_COLUMNS) {
          yield {
            row: lastLine,
            error: `Baris judul berisi ${cells.length} kolom; maksimal ${MAX_HEADER_COLUMNS} kolom`,
          };
          return;
        }
        names = cells.map((name) => name.trim());
        continue;
      }
      const fields: Record<string, string> = {};
      names.forEach((name, index) => addField(fields, name, cells[index] ?? ''));
      yield { row: lastLine, fields };
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const reason = describeCsvError(error) ?? 'berkas CSV tidak dapat dibaca';
    const row = typeof error.lines === 'number' ? error.lines : lastLine + 1;
    yield { row, error: reason.replace(/^Baris \d+: /, '') };
  } finally {
    parser.destroy();
    source.destroy();
  }
}
