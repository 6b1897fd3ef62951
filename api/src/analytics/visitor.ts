import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import { isbot } from 'isbot';
import { jakartaDate } from '@shared/rules/jakarta-days';
import { anonymizeIp } from '../lib/ip';

/**
 * Who a visitor is, as the server sees it from the request itself (never from what the
 * tracking script claims), so the tracking socket and the /go redirect name the same visitor
 * the same way, with or without JavaScript (docs/contracts.md#analytics-reports).
 */

/**
 * The visitor key: sha256 of the server secret, the Asia/Jakarta date (the daily salt), the
 * anonymised address and the user agent; 32 hex characters. It changes every day, so it
 * cannot follow anyone across days, and it never reveals the address.
 */
export function visitorKey(
  secret: string,
  ip: string | null | undefined,
  userAgent: string | null | undefined,
  at: number,
): string {
  return createHash('sha256')
    .update(secret)
    .update('\u0000visit\u0000')
    .update(jakartaDate(at))
    .update('\u0000')
    .update(anonymizeIp(ip) ?? '')
    .update('\u0000')
    .update(userAgent ?? '')
    .digest('hex')
    .slice(0, 32);
}

export type VisitDevice = 'phone' | 'tablet' | 'desktop';

export interface UserAgentInfo {
  device: VisitDevice;
  /** Browser family as bowser names it ("Chrome", "Safari", ...), or "Lainnya". */
  browser: string;
}

export const OTHER_BROWSER = 'Lainnya';

/** Device and browser of a user agent (bowser); an unknown platform counts as desktop. */
export function userAgentInfo(userAgent: string | null | undefined): UserAgentInfo {
  const ua = (userAgent ?? '').trim();
  if (!ua) return { device: 'desktop', browser: OTHER_BROWSER };
  const parser = Bowser.getParser(ua);
  const platform = parser.getPlatformType(true);
  const device: VisitDevice =
    platform === 'mobile' ? 'phone' : platform === 'tablet' ? 'tablet' : 'desktop';
  const browser = parser.getBrowserName().slice(0, 40) || OTHER_BROWSER;
  return { device, browser };
}

/** A crawler (isbot) or an automated browser that says so in its user agent. */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return isbot(userAgent) || /HeadlessChrome|PhantomJS|Puppeteer|Playwright/i.test(userAgent);
}
