import { cleanText } from '../../lib/clean-text';

/** A field's text is cut here: a description longer than this is not a product's. */
export const MAX_FIELD_CHARS = 10_000;
/** Fields past this many in one row are ignored (the Merchant spec has about 60). */
export const MAX_FIELDS_PER_ROW = 200;
/** A field name longer than this is not one (the mapping refuses longer names too). */
export const MAX_FIELD_NAME_CHARS = 200;

/** A value as the readers hand it on: cleaned (no NUL, no lone surrogate) and cut. */
export function fieldText(value: string): string {
  const cut = value.length > MAX_FIELD_CHARS ? value.slice(0, MAX_FIELD_CHARS) : value;
  return cleanText(cut);
}

/**
 * A row's fields, counted up to the limit without listing them: an array of the keys for
 * every field of every row was a feed run's garbage too (collections the site waits on).
 */
function fieldCount(fields: Record<string, string>): number {
  let count = 0;
  for (const _name in fields) {
    if (++count >= MAX_FIELDS_PER_ROW) break;
  }
  return count;
}

/** Adds a field to a row unless the row is full or the name is unusable; first one wins. */
export function addField(fields: Record<string, string>, name: string, value: string): void {
  if (!name || name.length > MAX_FIELD_NAME_CHARS || Object.hasOwn(fields, name)) return;
  if (fieldCount(fields) >= MAX_FIELDS_PER_ROW) return;
  fields[name] = fieldText(value);
}

/** Chunks of a stream as Buffers (a stream in object or string mode gives strings). */
export async function* bufferChunks(input: NodeJS.ReadableStream): AsyncGenerator<Buffer> {
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
  }
}
