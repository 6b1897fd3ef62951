import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url (43 characters): the only key to a watch, kept by the browser. */
export function newWatchToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token (or a push endpoint): its SHA-256, hex. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The keys of the links in watch mails, derived from the server's secret rather than stored:
 * `confirm` is bound to the link's expiry, `unsubscribe` to the watch alone.
 */
export function mailKey(
  secret: string,
  purpose: 'confirm' | 'unsubscribe',
  watchId: string,
  expires = 0,
) {
  return createHmac('sha256', secret)
    .update(`watch:${purpose}:${watchId}:${expires}`)
    .digest('base64url');
}

export function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
