import { isHttpUrl } from '@shared/rules/url';

/** Site-relative paths ('/media/x.webp') but never protocol-relative ('//evil.example'). */
export function isSiteRelative(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?!\/)[^\s\\]*$/.test(value);
}

/** A value fit for href/src: http(s) or site-relative, else null. */
export function safeUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  return isHttpUrl(trimmed) || isSiteRelative(trimmed) ? trimmed : null;
}

/** Absolute form for Open Graph and JSON-LD, which need full addresses. */
export function absoluteUrl(origin: string, value: string): string {
  return isSiteRelative(value) ? `${origin}${value}` : value;
}
