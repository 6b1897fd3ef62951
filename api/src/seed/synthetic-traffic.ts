import { randomUUID } from 'node:crypto';
import { PLATFORMS } from '@shared/constants';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@shared/rules/jakarta-days';
import { rebuildRollups } from '../analytics';
import { bulkInsert, select, type BulkColumn } from '../db/sql';
import { toDbTimestamp } from '../db/timestamps';
import type { Database } from '../db/database';
import { seededRandom } from '../lib/prng';

/**
 * Realistic synthetic visitor traffic for benchmarks and demos: Indonesian cities, mostly
 * phones, Chrome-heavy browsers, search and social referrers, evening peaks in Asia/Jakarta,
 * clicks spread over the six marketplaces. Rows are bulk inserted; the rollups of the
 * generated period are then rebuilt from the raw rows in SQL.
 */
export interface TrafficOptions {
  events: number;
  sessions?: number;
  pageViews?: number;
  days?: number;
  now?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface TrafficResult {
  sessions: number;
  pageViews: number;
  events: number;
  fromMs: number;
  toMs: number;
}

type Weighted<T> = Array<[T, number]>;

function picker<T>(items: Weighted<T>, rand: () => number): () => T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  return () => {
    let roll = rand() * total;
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return items[items.length - 1]![0];
  };
}

const CITIES: Weighted<[string, string]> = [
  [['Indonesia', 'Jakarta'], 22],
  [['Indonesia', 'Surabaya'], 10],
  [['Indonesia', 'Bandung'], 9],
  [['Indonesia', 'Bekasi'], 6],
  [['Indonesia', 'Tangerang'], 6],
  [['Indonesia', 'Depok'], 5],
  [['Indonesia', 'Medan'], 6],
  [['Indonesia', 'Semarang'], 5],
  [['Indonesia', 'Makassar'], 4],
  [['Indonesia', 'Palembang'], 3],
  [['Indonesia', 'Yogyakarta'], 4],
  [['Indonesia', 'Denpasar'], 3],
  [['Indonesia', 'Malang'], 3],
  [['Indonesia', 'Batam'], 2],
  [['Indonesia', 'Pekanbaru'], 2],
  [['Indonesia', 'Balikpapan'], 2],
  [['Indonesia', 'Pontianak'], 1],
  [['Indonesia', 'Manado'], 1],
  [['Malaysia', 'Kuala Lumpur'], 2],
  [['Singapore', 'Singapore'], 2],
  [['Unknown', 'Unknown'], 2],
];

const DEVICES: Weighted<string> = [
  ['Mobile', 72],
  ['Desktop', 23],
  ['Tablet', 5],
];

const BROWSERS: Weighted<string> = [
  ['Chrome', 68],
  ['Safari', 18],
  ['Edge', 6],
  ['Firefox', 4],
  ['Samsung Internet', 4],
];

const REFERRERS: Weighted<string> = [
  ['', 38],
  ['https://www.google.com/', 24],
  ['https://www.facebook.com/', 8],
  ['https://www.instagram.com/', 8],
  ['https://www.tiktok.com/', 9],
  ['https://l.wl.co/', 5],
  ['https://t.co/', 2],
  ['https://www.youtube.com/', 3],
  ['https://www.bing.com/', 1],
  ['https://id.search.yahoo.com/', 1],
  ['https://duckduckgo.com/', 1],
];

const USER_AGENTS: Record<string, string> = {
  Mobile:
    'Mozilla/5.0 (Linux; Android 13; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  Desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  Tablet:
    'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
};

const STATIC_PATHS: Weighted<string> = [
  ['/', 40],
  ['/promo-hari-ini', 14],
  ['/produk-terpopuler', 12],
  ['/kategori', 10],
  ['/tentang', 2],
  ['/contact', 2],
  ['/privacy', 1],
  ['/terms', 1],
];

const SEARCHES = [
  'sepatu',
  'hp murah',
  'skincare',
  'baju muslim',
  'tas wanita',
  'headset bluetooth',
  'rice cooker',
  'kemeja pria',
  'lipstik',
  'powerbank',
  'mainan anak',
  'jam tangan',
];

/** Jakarta hour-of-day weights: quiet nights, lunch bump, evening peak. */
const JAKARTA_HOURS = [2, 1, 1, 1, 1, 2, 3, 4, 5, 6, 6, 7, 8, 7, 6, 6, 6, 7, 9, 11, 12, 11, 8, 4];

const EVENT_TYPES: Weighted<string> = [
  ['product_view', 30],
  ['scroll_depth', 24],
  ['cta_click', 16],
  ['search', 10],
  ['category_filter', 10],
  ['page_duration', 10],
];

interface CatalogueProduct {
  id: string;
  categoryId: string;
}

async function readCatalogue(
  db: Database,
): Promise<{ products: CatalogueProduct[]; slugs: string[] }> {
  const products = await select<{ id: string; categoryId: number | string }>(
    db,
    'SELECT id, "categoryId" FROM products WHERE "isActive" = TRUE ORDER BY id LIMIT 500',
  );
  const categories = await select<{ slug: string }>(
    db,
    'SELECT slug FROM categories ORDER BY slug',
  );
  return {
    products:
      products.length > 0
        ? products.map((p) => ({ id: String(p.id), categoryId: String(p.categoryId) }))
        : Array.from({ length: 120 }, (_, i) => ({
            id: randomUUID(),
            categoryId: String((i % 31) + 1),
          })),
    slugs:
      categories.length > 0
        ? categories.map((c) => c.slug)
        : ['fashion', 'elektronik', 'kecantikan', 'rumah-tangga', 'olahraga', 'makanan-minuman'],
  };
}

const ROWS_PER_TRANSACTION = 50_000;

async function insertRows(
  db: Database,
  table: string,
  columns: BulkColumn[],
  rows: unknown[][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_TRANSACTION) {
    const slice = rows.slice(start, start + ROWS_PER_TRANSACTION);
    await db.write((transaction) => bulkInsert(db, transaction, table, columns, slice));
  }
}

const text = (name: string): BulkColumn => ({ name, pgType: 'text' });
const integer = (name: string): BulkColumn => ({ name, pgType: 'integer' });
const timestamp = (name: string): BulkColumn => ({ name, pgType: 'timestamptz' });

export async function generateTraffic(
  db: Database,
  options: TrafficOptions,
): Promise<TrafficResult> {
  const log = options.log ?? (() => undefined);
  const rand = seededRandom(options.seed ?? 20241201);
  const now = options.now ?? Date.now();
  const days = options.days ?? 90;
  const eventCount = Math.max(0, Math.floor(options.events));
  const sessionCount = Math.max(1, Math.floor(options.sessions ?? eventCount / 10));
  const pageViewCount = Math.max(0, Math.floor(options.pageViews ?? eventCount / 2));
  const fromMs = Math.floor((now - days * DAY_MS) / HOUR_MS) * HOUR_MS;
  const prefix = `gen-${now.toString(36)}-`;
  const { products, slugs } = await readCatalogue(db);

  const pickCity = picker(CITIES, rand);
  const pickDevice = picker(DEVICES, rand);
  const pickBrowser = picker(BROWSERS, rand);
  const pickReferrer = picker(REFERRERS, rand);
  const pickStaticPath = picker(STATIC_PATHS, rand);
  const pickEvent = picker(EVENT_TYPES, rand);
  const pickHour = picker(
    JAKARTA_HOURS.map((weight, hour): [number, number] => [hour, weight]),
    rand,
  );
  const pickPlatform = picker(
    PLATFORMS.map((platform, i): [string, number] => [platform, [34, 26, 16, 8, 6, 10][i] ?? 1]),
    rand,
  );
  // Popular products get most clicks (a rough Zipf curve).
  const pickProduct = () => products[Math.floor(products.length * rand() ** 2.5)]!;
  const pickPath = () =>
    rand() < 0.2 ? `/?category=${slugs[Math.floor(rand() * slugs.length)]}` : pickStaticPath();

  // Session starts: a uniform day, a Jakarta hour by weight, then a uniform minute. Sessions
  // are numbered in start order and their rows written in time order: appending to the
  // indexes is many times faster than scattering over them.
  const starts = new Float64Array(sessionCount);
  const lastDayStart = Math.floor((now + 7 * HOUR_MS) / DAY_MS) * DAY_MS - 7 * HOUR_MS;
  for (let i = 0; i < sessionCount; i += 1) {
    let start = now;
    do {
      const day = lastDayStart - Math.floor(rand() * days) * DAY_MS;
      start = day + pickHour() * HOUR_MS + Math.floor(rand() * HOUR_MS);
    } while (start >= now || start < fromMs);
    starts[i] = start;
  }
  starts.sort();
  const lengths = new Float64Array(sessionCount);
  for (let i = 0; i < sessionCount; i += 1) {
    lengths[i] = Math.min(now - starts[i]!, MINUTE_MS + rand() * rand() * 30 * MINUTE_MS);
  }
  const digits = String(sessionCount).length;
  const sessionId = (session: number) => prefix + String(session).padStart(digits, '0');
  /** `total` rows spread over the sessions at random: how many each one gets. */
  const spread = (total: number) => {
    const counts = new Int32Array(sessionCount);
    for (let i = 0; i < total; i += 1) {
      const session = Math.floor(rand() * sessionCount);
      counts[session] = (counts[session] ?? 0) + 1;
    }
    return counts;
  };
  /** `count` sorted moments inside a session. */
  const momentsIn = (session: number, count: number) =>
    Array.from(
      { length: count },
      () => starts[session]! + Math.floor(rand() * lengths[session]!),
    ).sort((a, b) => a - b);

  log(`Generating ${pageViewCount} page views...`);
  const viewColumns = [
    text('sessionId'),
    text('path'),
    text('title'),
    integer('duration'),
    integer('scrollDepth'),
    timestamp('createdAt'),
  ];
  const viewCounts = spread(pageViewCount);
  const views: unknown[][] = [];
  for (let session = 0; session < sessionCount; session += 1) {
    for (const at of momentsIn(session, viewCounts[session]!)) {
      const path = pickPath();
      views.push([
        sessionId(session),
        path,
        path === '/' ? 'DiskonRadar - Promo & Diskon Terbaik' : `DiskonRadar ${path}`,
        Math.floor(2000 + rand() * rand() * 240_000),
        Math.floor(rand() * 101),
        toDbTimestamp(at),
      ]);
    }
    if (views.length >= ROWS_PER_TRANSACTION)
      await insertRows(db, 'page_views', viewColumns, views.splice(0));
  }
  await insertRows(db, 'page_views', viewColumns, views);

  log(`Generating ${eventCount} events...`);
  const ctaClicks = new Int32Array(sessionCount);
  const eventCounts = spread(eventCount);
  const events: unknown[][] = [];
  const eventColumns = [
    text('sessionId'),
    text('eventType'),
    text('eventData'),
    text('productId'),
    text('categoryId'),
    text('platform'),
    timestamp('createdAt'),
  ];
  for (let session = 0; session < sessionCount; session += 1) {
    for (const at of momentsIn(session, eventCounts[session]!)) {
      const type = pickEvent();
      const path = pickPath();
      let data: Record<string, unknown>;
      let product: CatalogueProduct | null = null;
      let platform: string | null = null;
      if (type === 'cta_click') {
        product = pickProduct();
        platform = pickPlatform();
        data = { productId: product.id, platform, categoryId: product.categoryId, path };
        ctaClicks[session] = (ctaClicks[session] ?? 0) + 1;
      } else if (type === 'product_view') {
        product = pickProduct();
        data = { productId: product.id, path };
      } else if (type === 'search') {
        data = { query: SEARCHES[Math.floor(rand() * SEARCHES.length)], path };
      } else if (type === 'category_filter') {
        data = { category: slugs[Math.floor(rand() * slugs.length)], path };
      } else if (type === 'scroll_depth') {
        data = { depth: 25 * (1 + Math.floor(rand() * 4)), path };
      } else {
        data = { duration: Math.floor(2000 + rand() * 180_000), path };
      }
      events.push([
        sessionId(session),
        type,
        JSON.stringify(data),
        product?.id ?? null,
        product?.categoryId ?? null,
        platform,
        toDbTimestamp(at),
      ]);
    }
    if (events.length >= ROWS_PER_TRANSACTION)
      await insertRows(db, 'events', eventColumns, events.splice(0));
  }
  await insertRows(db, 'events', eventColumns, events);

  log(`Generating ${sessionCount} sessions...`);
  const sessions: unknown[][] = [];
  const sessionColumns = [
    ...['sessionId', 'ipAddress', 'userAgent', 'country', 'city', 'device', 'browser'].map(text),
    text('referrer'),
    text('referrerHost'),
    timestamp('createdAt'),
    { name: 'lastSeenMs', pgType: 'bigint' },
    { name: 'detailed', pgType: 'boolean' },
    integer('ctaClicks'),
  ];
  for (let i = 0; i < sessionCount; i += 1) {
    const [country, city] = pickCity();
    const device = pickDevice();
    const referrer = pickReferrer();
    sessions.push([
      sessionId(i),
      `${[36, 103, 110, 114, 180, 182][i % 6]}.${Math.floor(rand() * 256)}.${Math.floor(rand() * 256)}.0`,
      USER_AGENTS[device] ?? USER_AGENTS.Mobile!,
      country,
      city,
      device,
      device === 'Tablet' ? 'Safari' : pickBrowser(),
      referrer || null,
      referrer ? new URL(referrer).hostname.replace(/^www\./, '') : null,
      toDbTimestamp(starts[i]!),
      Math.round(starts[i]! + lengths[i]!),
      true,
      ctaClicks[i] ?? 0,
    ]);
    if (sessions.length === ROWS_PER_TRANSACTION) {
      await insertRows(db, 'analytics_sessions', sessionColumns, sessions.splice(0));
    }
  }
  await insertRows(db, 'analytics_sessions', sessionColumns, sessions);

  log('Rebuilding the hourly rollups of the generated period...');
  const toMs = Math.ceil(now / HOUR_MS) * HOUR_MS;
  await rebuildRollups(db, { fromMs, toMs });
  // Fresh planner statistics (and, on PostgreSQL, a visibility map for index-only scans):
  // without them PostgreSQL scans whole tables it believes small.
  const analyze = db.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE';
  for (const table of ['analytics_sessions', 'page_views', 'events', 'analytics_rollups']) {
    await db.sequelize.query(`${analyze} ${table}`);
  }
  return { sessions: sessionCount, pageViews: pageViewCount, events: eventCount, fromMs, toMs };
}
