/**
 * A realistic Indonesian catalogue of any size for `npm run catalogue:seed` and the benches:
 * 40 categories, products whose titles combine a kind, an attribute and a brand, descriptions
 * of everyday shop words, badges, 5% inactive, creation dates spread over almost three years,
 * pictures from the demo media, and one to three marketplace links per product with a
 * numeric price (so cards show "mulai dari" prices and the price history has its first point).
 *
 * Into an empty catalogue the rows are loaded in bulk (bulk-load.ts: 1,000 products per INSERT,
 * 50,000 products per transaction, triggers and secondary indexes set aside and the derived
 * tables rebuilt after). Into a catalogue with products they are inserted 1,000 products at a
 * time, each batch in one writing transaction with its links, the search, count and price
 * triggers doing their work inside it. The same seed gives the same catalogue (titles, prices,
 * dates) either way; only the product ids are random.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import { PLATFORMS, type Platform } from '@shared/constants';
import { formatRupiah } from '@shared/rules/price';
import type { Database } from '../db/database';
import { newProductFigures, sqliteLinkSaving } from '../catalogue/products/figures';
import { bulkLoad, bulkLoadRefusal, insertRows, tuneBulkTransaction } from './bulk-load';
import { seededRandom } from '../lib/prng';
import { MEDIA_DIR } from '../paths';

const CHUNK = 1_000;
/** The bulk path's rows per INSERT and products per transaction. */
const BULK_CHUNK = 1_000;
const BULK_TRANSACTION = 50_000;
/**
 * The derived columns (bulk-load.ts `DERIVED` entries) the bulk path's rows carry already, so
 * their whole-table UPDATEs are skipped: at 1,000,000 products the product figures' UPDATE
 * rewrote every products row (116 s on SQLite, a second version of every row on PostgreSQL).
 */
const BULK_WRITTEN = ['sku', 'link figures', 'product figures'];

/** Name, group, the kinds of product its titles start with. */
const CATEGORIES: [string, string, string[]][] = [
  ['Sepatu Pria', 'Fashion', ['Sepatu Lari', 'Sepatu Kulit', 'Sneakers', 'Sepatu Futsal']],
  ['Sepatu Wanita', 'Fashion', ['Sepatu Hak Tinggi', 'Flat Shoes', 'Sneakers', 'Sepatu Slip On']],
  ['Sandal', 'Fashion', ['Sandal Jepit', 'Sandal Gunung', 'Sandal Selop']],
  ['Tas', 'Fashion', ['Tas Ransel', 'Tas Selempang', 'Tas Tangan', 'Dompet']],
  ['Kemeja', 'Fashion', ['Kemeja Flanel', 'Kemeja Batik', 'Kemeja Linen']],
  ['Kaos', 'Fashion', ['Kaos Polos', 'Kaos Oversize', 'Kaos Polo']],
  ['Celana', 'Fashion', ['Celana Jeans', 'Celana Chino', 'Celana Jogger']],
  ['Jaket', 'Fashion', ['Jaket Bomber', 'Jaket Parasut', 'Hoodie']],
  ['Gamis & Hijab', 'Fashion Muslim', ['Gamis', 'Hijab Segi Empat', 'Mukena', 'Koko']],
  ['Jam Tangan', 'Aksesoris', ['Jam Tangan Digital', 'Jam Tangan Analog', 'Smartwatch']],
  ['Headphone', 'Elektronik', ['Headphone Bluetooth', 'Earphone', 'TWS Earbuds']],
  ['Speaker', 'Elektronik', ['Speaker Bluetooth', 'Soundbar', 'Speaker Aktif']],
  ['Handphone', 'Elektronik', ['Smartphone', 'Handphone', 'Tablet']],
  ['Aksesoris HP', 'Elektronik', ['Casing HP', 'Powerbank', 'Charger Fast Charging', 'Kabel Data']],
  ['Laptop', 'Komputer', ['Laptop Gaming', 'Laptop Tipis', 'Notebook']],
  ['Aksesoris Komputer', 'Komputer', ['Mouse Wireless', 'Keyboard Mekanikal', 'Monitor', 'Webcam']],
  ['Kamera', 'Elektronik', ['Kamera Mirrorless', 'Action Cam', 'Lensa Kamera']],
  ['TV', 'Elektronik', ['Smart TV', 'TV LED', 'Android TV']],
  ['Dapur', 'Rumah Tangga', ['Rice Cooker', 'Blender', 'Panci Set', 'Wajan Anti Lengket']],
  ['Kopi', 'Makanan & Minuman', ['Mesin Kopi', 'Kopi Bubuk', 'Biji Kopi', 'Café Latte Sachet']],
  ['Makanan Ringan', 'Makanan & Minuman', ['Keripik Pedas', 'Cokelat', 'Biskuit']],
  ['Minuman', 'Makanan & Minuman', ['Teh Hijau', 'Susu UHT', 'Minuman Isotonik']],
  ['Perawatan Wajah', 'Kecantikan', ['Serum Wajah', 'Sunscreen', 'Facial Wash', 'Crème Malam']],
  ['Makeup', 'Kecantikan', ['Lipstik Matte', 'Cushion', 'Maskara', 'Bedak Padat']],
  ['Parfum', 'Kecantikan', ['Parfum Pria', 'Eau de Toilette', 'Body Mist']],
  ['Perawatan Rambut', 'Kecantikan', ['Sampo', 'Hair Dryer', 'Catokan']],
  ['Ibu & Bayi', 'Keluarga', ['Popok Bayi', 'Stroller', 'Botol Susu']],
  ['Mainan', 'Keluarga', ['Lego', 'Mobil Remote', 'Boneka', 'Puzzle']],
  ['Olahraga', 'Hobi', ['Raket Badminton', 'Matras Yoga', 'Dumbbell', 'Bola Sepak']],
  ['Sepeda', 'Hobi', ['Sepeda Lipat', 'Sepeda Gunung', 'Helm Sepeda']],
  ['Otomotif', 'Otomotif', ['Oli Mesin', 'Helm Motor', 'Ban Motor', 'Dashcam']],
  ['Perabot', 'Rumah Tangga', ['Kursi Kantor', 'Meja Lipat', 'Rak Buku', 'Kasur Busa']],
  ['Dekorasi', 'Rumah Tangga', ['Lampu Tidur', 'Jam Dinding', 'Tanaman Hias']],
  ['Kebersihan', 'Rumah Tangga', ['Vacuum Cleaner', 'Sapu Pel', 'Deterjen']],
  ['Kesehatan', 'Kesehatan', ['Masker Medis', 'Vitamin C', 'Tensimeter']],
  ['Buku', 'Hobi', ['Novel', 'Buku Resep', 'Komik']],
  ['Alat Tulis', 'Kantor', ['Pulpen', 'Buku Tulis', 'Printer']],
  ['Gaming', 'Hobi', ['Konsol Game', 'Stik Game', 'Kursi Gaming']],
  ['Voucher', 'Digital', ['Voucher Game', 'Pulsa', 'Paket Data']],
  ['Hewan Peliharaan', 'Hobi', ['Makanan Kucing', 'Pasir Kucing', 'Kandang']],
];

const BRANDS = [
  'Adidas',
  'Nike',
  'Puma',
  'Eiger',
  'Samsung',
  'Xiaomi',
  'Sony',
  'JBL',
  'Philips',
  'Miyako',
  'Cosmos',
  'Wardah',
  'Emina',
  'Somethinc',
  'Erigo',
  'Uniqlo',
  'Polytron',
  'Lenovo',
  'Asus',
  'Logitech',
  'Rexus',
  'Kapal Api',
  'Indomie',
  'Oxone',
  'Maspion',
  'Realme',
  'Oppo',
  'Vivo',
  'Anker',
  'Baseus',
  'Compass',
  'Brodo',
  'Ventela',
  'Lévi’s',
  'Nestlé',
  'Garnier',
  'Kahf',
];
const ATTRIBUTES = [
  'Pria',
  'Wanita',
  'Anak',
  'Original',
  'Murah',
  'Premium',
  'Hitam',
  'Putih',
  'Merah',
  'Biru',
  'Hijau',
  'Abu',
  'Ukuran Besar',
  'Mini',
  'Portable',
  'Waterproof',
  'Terbaru',
  '2025',
  'Pro',
  'Lite',
  'Ori',
  'Import',
  'Lokal',
  'Edisi Terbatas',
  'Crème',
  'Café',
  'Élégant',
];
const DESCRIPTION_WORDS = (
  'produk berkualitas tinggi dengan bahan pilihan nyaman dipakai sehari hari cocok untuk ' +
  'hadiah garansi resmi pengiriman cepat dari gudang jakarta surabaya bandung medan stok ' +
  'terbatas harga promo diskon besar gratis ongkir cashback awet tahan lama ringan kuat ' +
  'desain modern elegan praktis mudah dibersihkan hemat energi aman untuk keluarga'
).split(' ');
const BADGES = ['Terlaris', 'Diskon Besar', 'Baru', 'Gratis Ongkir', 'Flash Sale', 'Promo'];

/** Typical shelf prices per category group, in rupiah: [lowest, highest]. */
const PRICE_BANDS: Record<string, [number, number]> = {
  Fashion: [49_000, 899_000],
  'Fashion Muslim': [59_000, 549_000],
  Aksesoris: [79_000, 2_499_000],
  Elektronik: [49_000, 8_999_000],
  Komputer: [89_000, 15_999_000],
  'Rumah Tangga': [19_000, 2_999_000],
  'Makanan & Minuman': [5_000, 299_000],
  Kecantikan: [15_000, 699_000],
  Keluarga: [25_000, 1_999_000],
  Hobi: [29_000, 4_999_000],
  Otomotif: [35_000, 1_499_000],
  Kesehatan: [10_000, 499_000],
  Kantor: [3_000, 2_499_000],
  Digital: [10_000, 500_000],
};

/** Where each marketplace's product addresses live. */
const PLATFORM_HOSTS: Record<Platform, string> = {
  Shopee: 'https://shopee.co.id',
  Tokopedia: 'https://www.tokopedia.com/diskonradar',
  Lazada: 'https://www.lazada.co.id/products',
  Blibli: 'https://www.blibli.com/p',
  Bukalapak: 'https://www.bukalapak.com/p',
  TikTok: 'https://shop.tiktok.com/view/product',
};

/** The demo media's main pictures (not their `-2`, `-3` variations), served under /media. */
function productPictures(): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(path.join(MEDIA_DIR, 'products'));
  } catch {
    // A checkout without the demo media: cards then show their placeholder.
  }
  const pictures = files
    .filter((file) => file.endsWith('.webp') && !/-\d+\.webp$/.test(file))
    .sort()
    .map((file) => `/media/products/${file}`);
  return pictures.length > 0 ? pictures : ['/media/og-default.jpg'];
}

const slugify = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Rounded the way shops price: to the nearest 1,000 rupiah, less 100 for a ...900 look. */
const shopPrice = (rupiah: number) => Math.max(1_000, Math.round(rupiah / 1_000) * 1_000 - 100);

export interface SeedCatalogueOptions {
  /** The generator's seed: the same seed gives the same titles, prices and dates. */
  seed?: number;
  /** Called after every batch with the number of products written so far. */
  onProgress?: (written: number) => void;
  /** Lines about the bulk path's phases (what was set aside, each rebuild and index). */
  onPhase?: (message: string) => void;
  /**
   * 'auto' (default): in bulk into an empty catalogue, else through the triggers;
   * 'triggers': always through the triggers; 'bulk': in bulk or fail.
   */
  path?: 'auto' | 'triggers' | 'bulk';
}

export interface SeededCatalogue {
  /** The 40 categories' ids, in the generator's order. */
  categoryIds: number[];
  products: number;
  links: number;
  /** How the rows were written. */
  path: 'bulk' | 'triggers';
}

/**
 * The categories by slug, created when missing: seeding again, or over the demo data, adds
 * products to the categories already there instead of failing on a duplicate slug.
 */
async function ensureCategories(db: Database): Promise<number[]> {
  const slugs = CATEGORIES.map(([name]) => slugify(name));
  const existing = () =>
    db.sequelize.query<{ id: number; slug: string }>(
      'SELECT id, slug FROM categories WHERE slug IN (:slugs)',
      { replacements: { slugs }, type: QueryTypes.SELECT },
    );
  const known = new Set((await existing()).map((row) => row.slug));
  const now = new Date();
  const missing = CATEGORIES.flatMap(([name, group], i) =>
    known.has(slugs[i]!)
      ? []
      : [
          {
            name,
            slug: slugs[i],
            icon: 'tag',
            color: 'blue',
            group,
            createdAt: now,
            updatedAt: now,
          },
        ],
  );
  if (missing.length > 0) {
    await db.write((transaction) =>
      db.sequelize.getQueryInterface().bulkInsert('categories', missing, { transaction }),
    );
  }
  const bySlug = new Map((await existing()).map((row) => [row.slug, Number(row.id)]));
  return slugs.map((slug) => {
    const id = bySlug.get(slug);
    if (id === undefined) throw new Error(`Category ${slug} was not created`);
    return id;
  });
}

/** Products and links of the generator, in the order it makes them. */
function catalogueGenerator(categoryIds: number[], seed: number) {
  const pictures = productPictures();
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const start = Date.UTC(2024, 0, 1);
  const span = Date.UTC(2026, 10, 1) - start;
  /**
   * Products `from` to `to` (exclusive) of the run, with their links. `bulk`: with the
   * columns the bulk path's set-aside triggers would write (see BULK_WRITTEN).
   */
  return (from: number, to: number, bulk: boolean) => {
    const products: Record<string, unknown>[] = [];
    const productLinks: Record<string, unknown>[] = [];
    for (let i = from; i < to; i++) {
      const c = Math.floor(random() * CATEGORIES.length);
      const [, group, kinds] = CATEGORIES[c]!;
      const title = `${pick(kinds)} ${pick(ATTRIBUTES)} ${pick(BRANDS)} ${
        random() < 0.3 ? pick(ATTRIBUTES) : ''
      }`.trim();
      const words = Array.from({ length: 20 + Math.floor(random() * 30) }, () =>
        pick(DESCRIPTION_WORDS),
      );
      const createdAt = new Date(start + Math.floor(random() * span));
      const id = randomUUID();
      const [low, high] = PRICE_BANDS[group] ?? [10_000, 1_000_000];
      // Log-uniform: cheap things are common, expensive ones rare, as on a real shelf.
      const basePrice = low * (high / low) ** random();
      const platforms = PLATFORMS.filter(() => random() < 0.4);
      if (platforms.length === 0) platforms.push(pick(PLATFORMS));
      const linked = platforms.slice(0, 3);
      const slug = slugify(title);
      const own: Record<string, unknown>[] = [];
      for (const platform of linked) {
        const priceValue = shopPrice(basePrice * (0.9 + random() * 0.2));
        own.push({
          productId: id,
          platform,
          affiliateUrl: `${PLATFORM_HOSTS[platform]}/${slug}-${i + 1}?utm_source=diskonradar`,
          price: formatRupiah(priceValue),
          priceValue,
          isBroken: false,
          createdAt,
          updatedAt: createdAt,
        });
      }
      const categoryId = categoryIds[c]!;
      const product: Record<string, unknown> = {
        id,
        categoryId,
        title,
        description: `${title}. ${words.join(' ')}.`,
        imageUrl: pick(pictures),
        imageUrls: '[]',
        mediaType: 'image',
        discountPercentage: 5 + Math.floor(random() * 80),
        badgeText: random() < 0.3 ? pick(BADGES) : null,
        badgeColor: 'green',
        platforms: JSON.stringify(linked),
        isActive: random() < 0.95,
        isFeaturedPromo: false,
        isFeaturedPopular: false,
        featuredOrder: 0,
        createdAt,
        updatedAt: createdAt,
      };
      if (bulk) {
        // What the set-aside triggers would write (the trigger path leaves it to them): the
        // sku (the id), each link's saving and category (migration 0025), the product's
        // listing figures (0014, 0018). New links are in stock (the column's default); every
        // price is a whole number of rupiah with no original price, for which the SQL's
        // saving (numeric on PostgreSQL, doubles on SQLite) and sqliteLinkSaving agree.
        const discount = product.discountPercentage as number;
        for (const link of own) {
          link.saving = sqliteLinkSaving(link.priceValue as number, null, discount);
          link.categoryId = categoryId;
        }
        const figures = newProductFigures(
          own.map((link) => ({
            platform: link.platform as Platform,
            priceValue: link.priceValue as number,
            originalPriceValue: null,
          })),
          discount,
        );
        Object.assign(product, { sku: id, ...figures });
      }
      products.push(product);
      productLinks.push(...own);
    }
    return { products, productLinks };
  };
}

/**
 * Adds `total` generated products (with their links) to the catalogue. Into an empty
 * catalogue it loads in bulk (bulk-load.ts: triggers and indexes set aside, derived tables
 * rebuilt after); into one with products, or with `path: 'triggers'`, chunk by chunk through
 * the triggers. Both give the same catalogue.
 */
export async function seedCatalogue(
  db: Database,
  total: number,
  options: SeedCatalogueOptions = {},
): Promise<SeededCatalogue> {
  const qi = db.sequelize.getQueryInterface();
  const categoryIds = await ensureCategories(db);
  let path: 'bulk' | 'triggers' = 'triggers';
  if (options.path !== 'triggers') {
    const refusal = await bulkLoadRefusal(db);
    if (refusal === null) path = 'bulk';
    else if (options.path === 'bulk') throw new Error(`No bulk load: ${refusal}`);
    else options.onPhase?.(`Loading through the triggers: ${refusal}`);
  }
  const generate = catalogueGenerator(categoryIds, options.seed ?? 42);
  let links = 0;
  if (path === 'triggers') {
    for (let done = 0; done < total; done += CHUNK) {
      const { products, productLinks } = generate(done, Math.min(total, done + CHUNK), false);
      await db.write(async (transaction) => {
        await qi.bulkInsert('products', products, { transaction });
        await qi.bulkInsert('platform_links', productLinks, { transaction });
      });
      links += productLinks.length;
      options.onProgress?.(Math.min(total, done + CHUNK));
    }
    return { categoryIds, products: total, links, path };
  }
  await bulkLoad(db, {
    onPhase: options.onPhase,
    written: BULK_WRITTEN,
    load: async () => {
      // The next chunk is generated while the database writes the current one (the insert
      // is already sent): generating and writing each take a core, and the machine has two.
      const chunkAt = (from: number) => generate(from, Math.min(total, from + BULK_CHUNK), true);
      let next = total > 0 ? chunkAt(0) : null;
      for (let done = 0; done < total; done += BULK_TRANSACTION) {
        const end = Math.min(total, done + BULK_TRANSACTION);
        await db.write(async (transaction) => {
          await tuneBulkTransaction(db, transaction);
          for (let from = done; from < end; from += BULK_CHUNK) {
            const { products, productLinks } = next!;
            const writing = insertRows(db, transaction, 'products', products);
            const following = from + BULK_CHUNK;
            next = following < total ? chunkAt(following) : null;
            await writing;
            await insertRows(db, transaction, 'platform_links', productLinks);
            links += productLinks.length;
          }
        });
        options.onProgress?.(end);
      }
    },
  });
  return { categoryIds, products: total, links, path };
}
