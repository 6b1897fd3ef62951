/**
 * True only for absolute http: or https: URLs with a host. Admin-entered URLs end up in
 * href/src attributes, so `javascript:`, `data:` and relative values must never pass.
 */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value === '' || value !== value.trim()) return false;
  // The URL parser silently drops tabs and newlines; a value that contains them is not a URL
  // anyone typed on purpose.
  if (/\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/**
 * A page of this site ('/promo-hari-ini', '/?category=fashion'): one leading slash, never two
 * (protocol-relative), no backslash or whitespace. Safe in an href as it stays on the site.
 */
export function isSitePath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s\\]*$/.test(value);
}

/** Media the app itself ships and serves (the demo catalogue), e.g. /media/products/tas.webp. */
const SITE_MEDIA_PATH =
  /^\/media\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Image fields take an http(s) URL or a path to the site's own media. Nothing else, so a
 * stored value can always go into an img src unchanged.
 */
export function isImageUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (SITE_MEDIA_PATH.test(value)) return !value.includes('..');
  return isHttpUrl(value);
}
