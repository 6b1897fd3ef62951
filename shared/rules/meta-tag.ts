export interface ParsedMetaTag {
  name: string | null;
  property: string | null;
  content: string | null;
}

const ATTRIBUTE = String.raw`[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>\x60]+))?`;
// Exactly one <meta ...> or <meta .../> tag and nothing else. Quoted values may hold '>'.
const SINGLE_META_TAG = new RegExp(String.raw`^<meta(?:\s+${ATTRIBUTE})*\s*/?>$`, 'i');
const ATTRIBUTE_PARTS = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** True when the text is a single well-formed HTML meta tag. */
export function isMetaTagLike(html: string | null | undefined): boolean {
  return typeof html === 'string' && SINGLE_META_TAG.test(html.trim());
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const hex = body[1] === 'x' || body[1] === 'X';
      const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
      return Number.isInteger(code) &&
        code > 0 &&
        code <= 0x10ffff &&
        !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/**
 * The name, property and content of an admin-entered meta tag, so pages can re-render it
 * escaped instead of writing the raw string. Null when the text is not a single meta tag.
 */
export function parseMetaTag(html: string | null | undefined): ParsedMetaTag | null {
  if (typeof html !== 'string' || !isMetaTagLike(html)) return null;
  const inner = html
    .trim()
    .replace(/^<meta/i, '')
    .replace(/\/?>$/, '');
  const result: ParsedMetaTag = { name: null, property: null, content: null };
  for (const match of inner.matchAll(ATTRIBUTE_PARTS)) {
    const key = match[1]?.toLowerCase();
    if (key !== 'name' && key !== 'property' && key !== 'content') continue;
    // The first occurrence wins, as in browsers.
    if (result[key] !== null) continue;
    const raw = match[2] ?? match[3] ?? match[4] ?? '';
    result[key] = decodeHtmlEntities(raw);
  }
  return result;
}
