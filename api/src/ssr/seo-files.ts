// robots.txt and sitemap.xml of the public site.
import type { Database } from '../db/database';

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

/** The public pages, every category listing and every active product's own address. */
export async function sitemapXml(db: Database, origin: string, now = new Date()): Promise<string> {
  const { Category, Product } = db.models;
  const [categories, products] = await Promise.all([
    Category.findAll({ attributes: ['slug'], order: [['slug', 'ASC']] }),
    Product.findAll({
      where: { isActive: true },
      attributes: ['id', 'updatedAt', 'createdAt'],
      order: [['createdAt', 'DESC']],
      limit: 45_000,
    }),
  ]);
  const entries: SitemapEntry[] = [
    { path: '/', changefreq: 'daily', priority: 1, lastmod: now },
    { path: '/promo-hari-ini', changefreq: 'daily', priority: 0.9, lastmod: now },
    { path: '/produk-terpopuler', changefreq: 'daily', priority: 0.8, lastmod: now },
    { path: '/kategori', changefreq: 'weekly', priority: 0.8 },
    { path: '/tentang', changefreq: 'monthly', priority: 0.5 },
    { path: '/contact', changefreq: 'monthly', priority: 0.5 },
    { path: '/privacy', changefreq: 'yearly', priority: 0.3 },
    { path: '/terms', changefreq: 'yearly', priority: 0.3 },
    ...categories.map((c) => ({
      path: `/?category=${encodeURIComponent(c.slug)}`,
      changefreq: 'daily' as const,
      priority: 0.7,
    })),
    ...products.map((p) => {
      const updated = p.updatedAt ?? p.createdAt;
      return {
        path: `/?produk=${encodeURIComponent(p.id)}`,
        changefreq: 'weekly' as const,
        priority: 0.6,
        lastmod: updated instanceof Date ? updated : new Date(updated),
      };
    }),
  ];
  const urls = entries.map((entry) => {
    const parts = [`    <loc>${xmlEscape(`${origin}${entry.path}`)}</loc>`];
    if (entry.lastmod && !Number.isNaN(entry.lastmod.getTime())) {
      parts.push(`    <lastmod>${entry.lastmod.toISOString().slice(0, 10)}</lastmod>`);
    }
    parts.push(`    <changefreq>${entry.changefreq}</changefreq>`);
    parts.push(`    <priority>${entry.priority.toFixed(1)}</priority>`);
    return `  <url>\n${parts.join('\n')}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
