// Where a visit came from (DESIGN.md "Analytics staff act on"): the host of its first page
// view's referrer, grouped. Used by the server when it stores a visit; the groups are the
// keys of GET /api/admin/analytics/sources?by=group.
import type { SourceGroup } from '../schemas/analytics-reports';

export interface ReferrerSource {
  group: SourceGroup;
  /** The referrer's host without `www.`, '' for direct visits. */
  host: string;
}

/** Does `host` equal `domain` or end in `.domain`? */
const isOrUnder = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** A host whose first label (or a label before the public suffix) is one of the names. */
const hasLabel = (host: string, names: readonly string[]) =>
  host.split('.').some((label) => names.includes(label));

const MARKETPLACE_HOSTS = ['shop.tiktok.com', 'tiktokshop.com', 'seller.tiktokshop.com'];
const MARKETPLACE_LABELS = ['shopee', 'tokopedia', 'lazada', 'blibli', 'bukalapak', 'tiktokshop'];
const SEARCH_LABELS = ['google', 'bing'];
const SOCIAL_DOMAINS = [
  'wa.me',
  'whatsapp.com',
  'whatsapp.net',
  'facebook.com',
  'fb.com',
  'fb.me',
  'm.me',
  'messenger.com',
  'instagram.com',
  'tiktok.com',
  'x.com',
  't.co',
  'twitter.com',
  't.me',
  'telegram.org',
  'telegram.me',
];
const SOCIAL_LABELS = ['whatsapp', 'facebook', 'instagram', 'tiktok', 'twitter', 'telegram'];

/** The host of a referrer address, lower case, without `www.`; null when it is not http(s). */
export function referrerHostOf(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return (
      url.hostname
        .toLowerCase()
        .replace(/^www\./, '')
        .slice(0, 255) || null
    );
  } catch {
    return null;
  }
}

/**
 * The group of a referrer: `direct` without one or from the site itself (`ownHosts`, compared
 * without `www.` and port), `marketplace` (TikTok Shop before TikTok), `search`, `social`,
 * else `other`.
 */
export function classifyReferrer(
  referrer: string | null | undefined,
  ownHosts: readonly string[] = [],
): ReferrerSource {
  const host = referrerHostOf(referrer);
  if (!host) return { group: 'direct', host: '' };
  const own = ownHosts.map((h) =>
    h
      .toLowerCase()
      .replace(/:\d+$/, '')
      .replace(/^www\./, ''),
  );
  if (own.includes(host)) return { group: 'direct', host: '' };
  if (MARKETPLACE_HOSTS.some((domain) => isOrUnder(host, domain))) {
    return { group: 'marketplace', host };
  }
  if (hasLabel(host, MARKETPLACE_LABELS)) return { group: 'marketplace', host };
  if (hasLabel(host, SEARCH_LABELS)) return { group: 'search', host };
  if (SOCIAL_DOMAINS.some((domain) => isOrUnder(host, domain)) || hasLabel(host, SOCIAL_LABELS)) {
    return { group: 'social', host };
  }
  return { group: 'other', host };
}
