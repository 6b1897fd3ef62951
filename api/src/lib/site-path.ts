/**
 * Slashes, backslashes (browsers read '\' as '/') and the characters browsers drop from an
 * address (tab, CR, LF), raw or percent-encoded: a run of them at the start of a redirect's
 * path would make it '//host' or '/\host', an address on another site.
 */
const LEADING_SLASH_LIKE = /^(?:[/\\\t\n\r]|%2f|%5c|%09|%0a|%0d)+/i;

/**
 * A path of this site built from a request's path, for a Location header: exactly one '/'
 * at the start, whatever the request began with, so a browser never resolves it to another
 * host. The rest is kept as it came (still percent-encoded).
 */
export function sitePath(pathname: string): string {
  return `/${pathname.replace(LEADING_SLASH_LIKE, '')}`;
}
