// robots.txt and sitemap.xml of the public site.
import { PUBLIC_ROUTES } from '@shared/public-routes';
import type { Database } from '../db/database';
import { countActiveProducts, walkSitemapProducts } from './sitemap-products';

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const xmlEscape = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

interface SitemapEntry {
  path: string;
  lastmod?: Date;
  changefreq: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority: number;
}

/** A sitemap file holds at most 50,000 URLs (sitemaps.org); past that, an index of pages. */
export const SITEMAP_MAX_URLS = 50_000;
/** Products read from the database per query while a sitemap streams. */
const SITEMAP_CHUNK = 1000;

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = '</urlset>\n';

function urlXml(origin: string, entry: SitemapEntry): string {
  const parts = [`    <loc>${xmlEscape(`${origin}${entry.path}`)}</loc>`];
  if (entry.lastmod && !Number.isNaN(entry.lastmod.getTime())) {
    parts.push(`    <lastmod>${entry.lastmod.toISOString().slice(0, 10)}</lastmod>`);
  }
  parts.push(`    <changefreq>${entry.changefreq}</changefreq>`);
  parts.push(`    <priority>${entry.priority.toFixed(1)}</priority>`);
  return `  <url>\n${parts.join('\n')}\n  </url>\n`;
}

/** The public pages the routes table lists in the sitemap, in its order. */
export function staticEntries(now: Date): SitemapEntry[] {
  return PUBLIC_ROUTES.flatMap(({ path, sitemap }): SitemapEntry[] => {
    if (!sitemap) return [];
    const { changefreq, priority, dailyLastmod } = sitemap;
    return [{ path, changefreq, priority, ...(dailyLastmod ? { lastmod: now } : {}) }];
  });
}

/** Where the text goes: a response, or a string in tests. Resolves when it may write more. */
export type SitemapSink = (chunk: string) => Promise<void> | void;

/**
 * The sitemap's layout: the pages and categories first, then every active product, newest
 * first, cut into files of at most `maxUrls` URLs. One file: /sitemap.xml is the urlset
 * itself; more: /sitemap.xml is an index of /sitemap-1.xml, /sitemap-2.xml, ...
 */
export async function sitemapPlan(db: Database, maxUrls = SITEMAP_MAX_URLS) {
  const [categories, products] = await Promise.all([
    db.models.Category.count(),
    countActiveProducts(db),
  ]);
  const fixed = staticEntries(new Date()).length + categories;
  const total = fixed + products;
  return { fixed, total, pages: Math.max(1, Math.ceil(total / maxUrls)) };
}

/**
 * Writes sitemap file `page` (1-based) of the plan: its URLs are read from the database
 * SITEMAP_CHUNK products at a time (sitemap-products.ts: a keyset walk of the listing index)
 * and written as they come,
 * so the whole list is never held in memory. Returns false when the page does not exist.
 */
export async function writeSitemapPage(
  db: Database,
  origin: string,
  write: SitemapSink,
  options: { page?: number; maxUrls?: number; now?: Date; chunk?: number } = {},
): Promise<boolean> {
  const { Category } = db.models;
  const maxUrls = options.maxUrls ?? SITEMAP_MAX_URLS;
  const page = options.page ?? 1;
  const chunk = options.chunk ?? SITEMAP_CHUNK;
  const plan = await sitemapPlan(db, maxUrls);
  if (!Number.isInteger(page) || page < 1 || page > plan.pages) return false;
  const start = (page - 1) * maxUrls;
  let room = Math.min(maxUrls, plan.total - start);

  await write(URLSET_OPEN);
  if (start < plan.fixed) {
    // The pages and categories (a few dozen) lead; a small page size may spread them out.
    const categories = await Category.findAll({ attributes: ['slug'], order: [['slug', 'ASC']] });
    const fixed: SitemapEntry[] = [
      ...staticEntries(options.now ?? new Date()),
      ...categories.map((c) => ({
        path: `/?category=${encodeURIComponent(c.slug)}`,
        changefreq: 'daily' as const,
        priority: 0.7,
      })),
    ];
    const shown = fixed.slice(start, start + room);
    await write(shown.map((entry) => urlXml(origin, entry)).join(''));
    room -= shown.length;
  }
  // The products of this page: the first is found by its position, then a keyset walk.
  const skip = Math.max(0, start - plan.fixed);
  for await (const products of walkSitemapProducts(db, skip, room, chunk)) {
    await write(
      products
        .map((p) =>
          urlXml(origin, {
            path: `/?produk=${encodeURIComponent(p.id)}`,
            changefreq: 'weekly',
            priority: 0.6,
            lastmod: p.lastmod,
          }),
        )
        .join(''),
    );
  }
  await write(URLSET_CLOSE);
  return true;
}

/** The index of the sitemap's files (only when there is more than one). */
export function sitemapIndexXml(origin: string, pages: number, now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  const entries = Array.from(
    { length: pages },
    (_, i) =>
      `  <sitemap>\n    <loc>${xmlEscape(`${origin}/sitemap-${i + 1}.xml`)}</loc>\n    <lastmod>${day}</lastmod>\n  </sitemap>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
}

/** The whole first sitemap file as one string (small catalogues and tests). */
export async function sitemapXml(db: Database, origin: string, now = new Date()): Promise<string> {
  const parts: string[] = [];
  await writeSitemapPage(db, origin, (chunk) => void parts.push(chunk), { now });
  return parts.join('');
}
