// What the /go benches set up alike: the links a click names, and the analytics write buffer's
// settings as `npm start` runs it (bench/go-server.ts, bench/go-click-worker.ts,
// bench/click-flush.bench.ts, bench/support/click-log.test.ts).
import { QueryTypes } from 'sequelize';
import type { WriteBufferOptions } from '../../api/src/analytics/write-buffer';
import type { Database } from '../../api/src/db/database';

/** The write buffer as the server runs it: a flush a second or every 2,000 rows. */
export const SERVER_WRITER_OPTIONS: WriteBufferOptions = {
  flushIntervalMs: 1000,
  flushRows: 2000,
  maxBufferedRows: 50_000,
  log: (line) => console.error(line),
};

const PLATFORMS = ['Shopee', 'Tokopedia', 'Lazada'];

/** The id of the bench's product `n` (from 1): fixed, so a click can name it. */
export const benchProductId = (n: number) =>
  `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * One category and `links` links on a fresh database: products of three links each (Shopee,
 * Tokopedia, Lazada), so link ids run 1..links and link `i` belongs to product ceil(i / 3).
 */
export async function seedBenchLinks(db: Database, links: number): Promise<{ categoryId: number }> {
  const qi = db.sequelize.getQueryInterface();
  const at = new Date();
  await qi.bulkInsert('categories', [
    {
      name: 'Bench',
      slug: 'bench',
      icon: 'tag',
      color: 'blue',
      group: 'Bench',
      createdAt: at,
      updatedAt: at,
    },
  ]);
  const [category] = await db.sequelize.query<{ id: number }>(`SELECT id FROM categories`, {
    type: QueryTypes.SELECT,
  });
  const products = Array.from({ length: Math.ceil(links / PLATFORMS.length) }, (_, i) => ({
    id: benchProductId(i + 1),
    categoryId: category!.id,
    title: `Produk bench ${i}`,
    description: 'Bench',
    imageUrl: 'https://example.com/a.jpg',
    imageUrls: '[]',
    mediaType: 'default',
    discountPercentage: 10,
    badgeColor: 'green',
    platforms: JSON.stringify(PLATFORMS),
    isActive: true,
    isFeaturedPromo: false,
    isFeaturedPopular: false,
    featuredOrder: 0,
    createdAt: at,
    updatedAt: at,
  }));
  await qi.bulkInsert('products', products);
  await qi.bulkInsert(
    'platform_links',
    products
      .flatMap((product) =>
        PLATFORMS.map((platform) => ({
          productId: product.id,
          platform,
          affiliateUrl: `https://${platform.toLowerCase()}.example/p/${product.id}?aff=diskonradar`,
          price: 'Rp 150.000',
          priceValue: 150_000,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .slice(0, links),
  );
  return { categoryId: category!.id };
}
