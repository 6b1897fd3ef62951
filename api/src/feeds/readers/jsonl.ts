import { StringDecoder } from 'node:string_decoder';
import type { FeedRecord, FeedRecordError } from './index';
import { addField, bufferChunks, MAX_FIELD_CHARS } from './limits';

/** A line longer than this is refused (its object would not be a product's). */
export const MAX_JSONL_LINE_CHARS = 1024 * 1024;

function valueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Nested objects and arrays are kept as their JSON text, cut like any field.
  return JSON.stringify(value).slice(0, MAX_FIELD_CHARS);
}

function readLine(line: string, row: number): FeedRecord | FeedRecordError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { row, error: 'Baris bukan JSON yang valid' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { row, error: 'Baris harus berisi satu objek JSON' };
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    const text = valueText(value);
    if (text !== null) addField(fields, name.trim(), text);
  }
  return { row, fields };
}

/**
 * JSON Lines: one object per line, `row` its line number (1 for the first). Blank lines are
 * skipped; a line that is not a JSON object is an error of its own and the reading goes on.
 * Values: text as is, numbers and booleans as text, null left out, nested values as JSON.
 */
export async function* readJsonLines(
  input: NodeJS.ReadableStream,
): AsyncGenerator<FeedRecord | FeedRecordError> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  /** The current line is past the limit: its text is dropped up to the next line break. */
  let overlong = false;
  let row = 0;

  function* lines(text: string, final: boolean): Generator<FeedRecord | FeedRecordError> {
    let start = 0;
    for (;;) {
      const end = text.indexOf('\n', start);
      if (end === -1) break;
      const piece = text.slice(start, end);
      start = end + 1;
      row += 1;
      if (overlong) {
        overlong = false;
        yield { row, error: `Baris lebih dari ${MAX_JSONL_LINE_CHARS / 1024} KB` };
        continue;
      }
      const line = (pending + piece).replace(/^\uFEFF/, '').trim();
      pending = '';
      if (line) yield readLine(line, row);
    }
    const rest = text.slice(start);
    if (!overlong) pending += rest;
    if (pending.length > MAX_JSONL_LINE_CHARS) {
      overlong = true;
      pending = '';
    }
    if (final) {
      if (overlong) {
        row += 1;
        yield { row, error: `Baris lebih dari ${MAX_JSONL_LINE_CHARS / 1024} KB` };
      } else if (pending.trim()) {
        row += 1;
        yield readLine(pending.replace(/^\uFEFF/, '').trim(), row);
      }
      pending = '';
    }
  }

  for await (const chunk of bufferChunks(input)) {
    yield* lines(decoder.write(chunk), false);
  }
  yield* lines(decoder.end(), true);
}
