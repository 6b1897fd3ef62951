/**
 * Text from outside (request bodies, tracking messages) is cleaned before it reaches the
 * database: PostgreSQL refuses a NUL character in text ("invalid byte sequence for encoding
 * UTF8: 0x00"), and a lone UTF-16 surrogate cannot be encoded as UTF-8 at all. NUL characters
 * are removed and lone surrogates become U+FFFD, the replacement character, as any UTF-8
 * encoder would write them; well-formed text, emoji included, is returned unchanged.
 */

// Without the `u` flag a regular expression matches UTF-16 code units, so a surrogate pair
// is two units and a lone half can be told from a paired one.
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for.
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex -- as above.
const QUICK_CHECK = /[\u0000\uD800-\uDFFF]/;

export const REPLACEMENT_CHARACTER = '\uFFFD';

export function cleanText(value: string): string {
  if (!QUICK_CHECK.test(value)) return value;
  return value.replace(UNSAFE, (match) => (match === '\u0000' ? '' : REPLACEMENT_CHARACTER));
}

/** Cleans every string in a JSON-like value (keys included), returning a new value. */
export function cleanStrings<T>(value: T): T {
  return cleanValue(value, 0) as T;
}

/** Deeper values than this are left as they are (the JSON parsers' own limits are lower). */
const MAX_DEPTH = 64;

function cleanValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const cleaned = value.map((item) => {
      const next = cleanValue(item, depth + 1);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? cleaned : value;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  // Only plain objects (what JSON.parse and the body parsers make); Dates, Buffers and class
  // instances are not text.
  if (prototype !== Object.prototype && prototype !== null) return value;
  let changed = false;
  const cleaned: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const cleanKey = cleanText(key);
    const next = cleanValue(item, depth + 1);
    if (cleanKey !== key || next !== item) changed = true;
    cleaned[cleanKey] = next;
  }
  return changed ? cleaned : value;
}
