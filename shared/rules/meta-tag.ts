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

/**
 * Names that change how the browser treats the page rather than describe it
 * (docs/contracts.md#meta-tags): refused, like the http-equiv and charset attributes. Every
 * other name or property is the site owner's business (verification tokens, app banners,
 * custom names).
 */
export const REFUSED_META_NAMES: ReadonlySet<string> = new Set([
  'referrer',
  'viewport',
  'color-scheme',
]);
/** Attributes that act on the page itself (a refresh, a cookie, the encoding). */
const REFUSED_ATTRIBUTES: ReadonlySet<string> = new Set(['http-equiv', 'charset']);
/** og:* and twitter:* tags whose content is an address: it must be http(s). */
const URL_VALUED =
  /^(?:og:(?:url|image|image:url|image:secure_url|video|video:url|video:secure_url|audio|audio:url|audio:secure_url)|twitter:(?:url|image|image:src|player|player:stream))$/;
/** Any other og:* or twitter:* content may be text, but never a script or data address. */
const SCRIPT_SCHEME = /^\s*(?:javascript|vbscript|data|file)\s*:/i;
const HTTP_URL = /^https?:\/\/[^\s"'<>]+$/i;

export type MetaTagProblem = 'notAllowed' | 'url';

function attributeNames(html: string): string[] {
  const inner = html
    .trim()
    .replace(/^<meta/i, '')
    .replace(/\/?>$/, '');
  return [...inner.matchAll(ATTRIBUTE_PARTS)].map((match) => (match[1] ?? '').toLowerCase());
}

/**
 * Why a well-formed meta tag may not be stored, or null when it may: it needs a name or a
 * property; http-equiv, charset and the names of REFUSED_META_NAMES are refused; og:* and
 * twitter:* addresses must be http(s), and their other contents never a script address.
 */
export function metaTagProblem(html: string): MetaTagProblem | null {
  const parsed = parseMetaTag(html);
  if (!parsed) return null;
  if (attributeNames(html).some((attribute) => REFUSED_ATTRIBUTES.has(attribute))) {
    return 'notAllowed';
  }
  const name = parsed.name?.trim().toLowerCase() || null;
  const property = parsed.property?.trim().toLowerCase() || null;
  if (name === null && property === null) return 'notAllowed';
  if (name !== null && REFUSED_META_NAMES.has(name)) return 'notAllowed';
  const content = parsed.content ?? '';
  for (const key of [name, property]) {
    if (key === null || !/^(?:og|twitter):/.test(key)) continue;
    if (URL_VALUED.test(key) ? !HTTP_URL.test(content.trim()) : SCRIPT_SCHEME.test(content)) {
      return 'url';
    }
  }
  return null;
}
