import { hash } from 'node:crypto';
import Bowser from 'bowser';
import { isbot } from 'isbot';
import { DAY_MS, jakartaDate, jakartaDayStart } from '@shared/rules/jakarta-days';
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
  return anonymousVisitorKey(secret, anonymizeIp(ip), userAgent, at);
}

/** visitorKey() of an address already anonymised (anonymizeIp): the /go redirect has it. */
export function anonymousVisitorKey(
  secret: string,
  anonymizedIp: string | null,
  userAgent: string | null | undefined,
  at: number,
): string {
  // One string hashed in one call: a crowd's every click makes a key.
  return hash(
    'sha256',
    `${secret}\u0000visit\u0000${dayOf(at)}\u0000${anonymizedIp ?? ''}\u0000${userAgent ?? ''}`,
    'hex',
  ).slice(0, 32);
}

/** The Asia/Jakarta day last asked for, and the epoch ms it spans: most keys fall in it. */
let lastDay = { from: 0, to: 0, date: '' };

/** jakartaDate(at), without building a date for every key made within the same day. */
function dayOf(at: number): string {
  if (at >= lastDay.from && at < lastDay.to) return lastDay.date;
  const date = jakartaDate(at);
  const from = jakartaDayStart(at);
  lastDay = { from, to: from + DAY_MS, date };
  return date;
}

export type VisitDevice = 'phone' | 'tablet' | 'desktop';

export interface UserAgentInfo {
  device: VisitDevice;
  /** Browser family as bowser names it ("Chrome", "Safari", ...), or "Lainnya". */
  browser: string;
}

export const OTHER_BROWSER = 'Lainnya';

/**
 * What is read from a user agent, remembered for the last few hundred seen. A crowd sends a
 * few dozen distinct agents (phone models and browser versions), each thousands of times, and
 * parsing one (bowser, isbot's long expression) costs more than the rest of a /go redirect.
 * Only ordinary lengths are kept, so the memory stays under 1 MB whatever is sent.
 */
class AgentMemo<T> {
  private readonly entries = new Map<string, T>();

  constructor(
    private readonly read: (userAgent: string) => T,
    private readonly maxEntries = 500,
    private readonly maxLength = 512,
  ) {}

  get(userAgent: string): T {
    const known = this.entries.get(userAgent);
    if (known !== undefined) return known;
    const value = this.read(userAgent);
    if (userAgent.length <= this.maxLength) {
      // The oldest first out: a Map iterates in insertion order.
      if (this.entries.size >= this.maxEntries) {
        this.entries.delete(this.entries.keys().next().value!);
      }
      this.entries.set(userAgent, value);
    }
    return value;
  }
}

const agentInfos = new AgentMemo<Readonly<UserAgentInfo>>((ua) => {
  // Unparsed: the getters below parse only the browser and the platform they need, not the
  // OS and the engine too (a third of the parse, per agent the memo has not seen).
  const parser = Bowser.getParser(ua, true);
  const platform = parser.getPlatformType(true);
  const device: VisitDevice =
    platform === 'mobile' ? 'phone' : platform === 'tablet' ? 'tablet' : 'desktop';
  const browser = parser.getBrowserName().slice(0, 40) || OTHER_BROWSER;
  return Object.freeze({ device, browser });
});

const botAgents = new AgentMemo<boolean>(
  (ua) => isbot(ua) || /HeadlessChrome|PhantomJS|Puppeteer|Playwright/i.test(ua),
);

/** Device and browser of a user agent (bowser); an unknown platform counts as desktop. */
export function userAgentInfo(userAgent: string | null | undefined): UserAgentInfo {
  const ua = (userAgent ?? '').trim();
  if (!ua) return { device: 'desktop', browser: OTHER_BROWSER };
  return { ...agentInfos.get(ua) };
}

/** A crawler (isbot) or an automated browser that says so in its user agent. */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return botAgents.get(userAgent);
}
