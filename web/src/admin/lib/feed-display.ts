// What the Sumber Feed screen shows of a feed and its runs, as pure functions (tested in
// feed-display.test.ts): the schedule in words, times relative to now in id-ID, the mapping a
// preview suggests, and the category texts still to map.
import { SITE_LOCALE } from '@shared/rules/format';
import { FEED_OUR_FIELDS, type FeedMapping, type FeedOurField } from '@shared/schemas/feed';
import type { StatsResponse } from '@shared/types';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'tiap 60 menit', 'tiap 2 jam', 'tiap 1 hari' (whole units only; minutes otherwise). */
export function scheduleLabel(minutes: number): string {
  if (minutes >= 24 * 60 && minutes % (24 * 60) === 0) return `tiap ${minutes / (24 * 60)} hari`;
  if (minutes > 60 && minutes % 60 === 0) return `tiap ${minutes / 60} jam`;
  return `tiap ${minutes} menit`;
}

const relative = new Intl.RelativeTimeFormat(SITE_LOCALE, { numeric: 'auto' });

/** '5 menit yang lalu', 'dalam 2 jam', 'kemarin'; '-' for no time or an invalid one. */
export function formatRelativeTime(value: string | null | undefined, now: number): string {
  if (!value) return '-';
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return '-';
  const seconds = Math.round((at - now) / 1000);
  const size = Math.abs(seconds);
  if (size < MINUTE) return relative.format(0, 'minute');
  if (size < HOUR) return relative.format(Math.round(seconds / MINUTE), 'minute');
  if (size < DAY) return relative.format(Math.round(seconds / HOUR), 'hour');
  return relative.format(Math.round(seconds / DAY), 'day');
}

/** '1,2 dtk', '3 mnt 5 dtk'; '-' while a run has no end. */
export function formatDuration(startedAt: string, finishedAt: string | null): string {
  if (!finishedAt) return '-';
  const ms = new Date(finishedAt).getTime() - new Date(startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return '-';
  if (ms < 60_000) {
    return `${new Intl.NumberFormat(SITE_LOCALE, { maximumFractionDigits: 1 }).format(ms / 1000)} dtk`;
  }
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)} mnt ${total % 60} dtk`;
}

// The names feeds commonly give each of our fields (CSV headers, Merchant XML tags without
// their `g:` prefix), compared without case, spaces, dashes or underscores.
const FIELD_NAMES: Record<FeedOurField, string[]> = {
  sku: ['sku', 'id', 'productid', 'itemid', 'kode', 'kodeproduk'],
  title: ['title', 'judul', 'name', 'nama', 'productname', 'namaproduk'],
  description: ['description', 'deskripsi', 'desc'],
  link: ['link', 'url', 'producturl', 'tautan', 'affiliatelink', 'affiliateurl', 'deeplink'],
  imageUrl: ['imageurl', 'imagelink', 'image', 'gambar', 'foto'],
  price: ['price', 'harga'],
  salePrice: ['saleprice', 'hargapromo', 'hargadiskon', 'promoprice'],
  originalPrice: ['originalprice', 'hargaasli', 'hargaawal', 'hargasebelumdiskon', 'listprice'],
  availability: ['availability', 'ketersediaan', 'stock', 'stok', 'instock'],
  category: [
    'category',
    'kategori',
    'producttype',
    'googleproductcategory',
    'categoryname',
    'kategoriproduk',
  ],
};

function squash(name: string): string {
  return name
    .toLowerCase()
    .replace(/^g:/, '')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Our field → the feed field whose name matches one we know (first match in the feed's order);
 * a field already in `base` (the server's suggestion) is kept. Each feed field is used once.
 */
export function suggestMapping(fields: readonly string[], base: FeedMapping = {}): FeedMapping {
  const mapping: FeedMapping = {};
  const used = new Set<string>();
  for (const ours of FEED_OUR_FIELDS) {
    const given = base[ours];
    if (given && fields.includes(given)) {
      mapping[ours] = given;
      used.add(given);
    }
  }
  for (const ours of FEED_OUR_FIELDS) {
    if (mapping[ours]) continue;
    const names = FIELD_NAMES[ours];
    const match = fields.find((field) => !used.has(field) && names.includes(squash(field)));
    if (match) {
      mapping[ours] = match;
      used.add(match);
    }
  }
  return mapping;
}

/** The mapping without the fields left empty (the API wants only mapped fields). */
export function cleanMapping(mapping: Partial<Record<FeedOurField, string>>): FeedMapping {
  const clean: FeedMapping = {};
  for (const ours of FEED_OUR_FIELDS) {
    const field = mapping[ours]?.trim();
    if (field) clean[ours] = field;
  }
  return clean;
}

/** The category map without texts left unmapped. */
export function cleanCategoryMap(map: Record<string, string | null | undefined>) {
  return Object.fromEntries(
    Object.entries(map).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/** The category texts to map: those of the preview, then those mapped before and not seen now. */
export function categoryTexts(seen: readonly string[], mapped: Record<string, string>): string[] {
  return [...new Set([...seen, ...Object.keys(mapped)])];
}

/** A feed with an alert as GET /api/admin/stats lists it (`feedAlerts`). */
export type FeedAlertItem = StatsResponse['feedAlerts'][number];

/** How many feeds have an alert, and which ones; none while the stats are not there. */
export function feedAlertsOf(stats: StatsResponse | undefined): {
  count: number;
  items: FeedAlertItem[];
} {
  const items = Array.isArray(stats?.feedAlerts) ? stats.feedAlerts : [];
  return { count: items.length, items };
}
