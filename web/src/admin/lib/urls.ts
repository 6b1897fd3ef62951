import { isHttpUrl } from '@shared/rules/url';

/**
 * An image or media address safe to put in src: http(s), or a site path (seed media such as
 * /media/products/x.webp) resolved against the API server, which also serves the media.
 */
export function mediaSrc(url: string | null | undefined, apiBaseUrl: string): string | undefined {
  if (!url) return undefined;
  const value = url.trim();
  const absolute: boolean = isHttpUrl(value);
  if (absolute) return value;
  if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) {
    return `${apiBaseUrl.replace(/\/+$/, '')}${value}`;
  }
  return undefined;
}

/** Only http(s) addresses become links. */
export function safeHref(url: string | null | undefined): string | undefined {
  return url && isHttpUrl(url.trim()) ? url.trim() : undefined;
}
