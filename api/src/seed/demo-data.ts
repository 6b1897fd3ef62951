// Demo data set seeded into an empty database so a fresh clone looks like a running shop.
// Plain records: the seeder maps them onto the models. The categories and the product table
// are data files beside this one (demo-categories.json, demo-products.json), checked here on
// load; the products' image paths and affiliate URLs are derived from them below.
import { z } from 'zod';
import { MEDIA_TYPES, PLATFORMS, type Platform } from '../../../shared/constants';
import { platformsOfLinks } from '../../../shared/rules/platforms';
import type { ContactContent, HeroContent } from '../../../shared/types';
import categoriesFile from './demo-categories.json' with { type: 'json' };
import productsFile from './demo-products.json' with { type: 'json' };

// Image paths are site-relative and served by the app from resources/media/.

export interface DemoCategory {
  name: string;
  slug: string;
  icon: string;
  color: string;
  group: string;
}

export interface DemoProduct {
  key: string;
  categorySlug: string;
  title: string;
  description: string;
  imageUrl: string;
  imageUrls: string[];
  videoUrl?: string;
  mediaType: 'default' | 'image' | 'video' | 'both';
  discountPercentage: number;
  badgeText?: string;
  badgeColor: string;
  platforms: string[];
  isActive: boolean;
  isFeaturedPromo: boolean;
  isFeaturedPopular: boolean;
  featuredOrder: number;
  links: { platform: string; affiliateUrl: string; price: string }[];
  ageDays: number;
}

export interface DemoFaq {
  question: string;
  answer: string;
  category: 'general' | 'usage' | 'platforms' | 'pricing' | 'technical';
  order: number;
  isActive: boolean;
}

export type DemoContactContent = ContactContent;

export type DemoHeroContent = HeroContent;

export interface DemoPopup {
  title: string;
  content: string;
  type: 'promo' | 'announcement' | 'newsletter' | 'discount';
  /** Absolute http(s) URL or null; the popup button then just closes the popup. */
  targetUrl: string | null;
  buttonText: string;
  backgroundColor: string;
  textColor: string;
  imagePosition: 'none' | 'top' | 'left' | 'right' | 'background';
  showOnPages: string;
  triggerAfterSeconds: number;
  isActive: boolean;
  /** Days from the seeding moment; negative is in the past. */
  startOffsetDays: number;
  endOffsetDays: number;
}

const categorySchema = z.strictObject({
  name: z.string(),
  slug: z.string(),
  icon: z.string(),
  color: z.string(),
  group: z.string(),
});

/**
 * One row of demo-products.json. Links are [platform, displayed price]; an empty price shows
 * the "not set" case.
 */
const productSpecSchema = z.strictObject({
  key: z.string(),
  categorySlug: z.string(),
  title: z.string(),
  description: z.string(),
  discountPercentage: z.number(),
  badgeText: z.string().optional(),
  badgeColor: z.string().optional(),
  mediaType: z.enum(MEDIA_TYPES).optional(),
  /** Number of extra image variations (files <key>-2.webp, <key>-3.webp). */
  variations: z.number().int().optional(),
  videoUrl: z.string().optional(),
  links: z.array(z.tuple([z.enum(PLATFORMS), z.string()])),
  ageDays: z.number(),
  isActive: z.boolean().optional(),
  promoOrder: z.number().optional(),
  popularOrder: z.number().optional(),
});
type ProductSpec = z.infer<typeof productSpecSchema>;

function load<T>(file: string, schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export const demoCategories: DemoCategory[] = load(
  'demo-categories.json',
  z.array(categorySchema),
  categoriesFile,
);

const TOKOPEDIA_SHOPS = [
  'gudanggrosirid',
  'sumbermakmurstore',
  'officialstoreid',
  'tokobarokah88',
  'jayaabadi-official',
  'rumahhemat',
  'cahayaelektronik',
  'serbamurahjkt',
];

/** FNV-1a: stable pseudo ids so the affiliate URLs never change between runs. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function digits(seed: string, length: number): string {
  let out = '';
  let round = 0;
  while (out.length < length) {
    out += String(hash(`${seed}#${round}`));
    round += 1;
  }
  return (((Number(out[0]) % 9) + 1).toString() + out.slice(1)).slice(0, length);
}

function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .split('-')
    .slice(0, 8)
    .join('-');
}

function affiliateUrl(platform: Platform, spec: ProductSpec): string {
  const slug = slugify(spec.title);
  const seed = `${spec.key}:${platform}`;
  switch (platform) {
    case 'Shopee':
      return `https://shopee.co.id/${slug}-i.${digits(`${seed}:shop`, 9)}.${digits(seed, 11)}?af_siteid=diskonradar`;
    case 'Tokopedia': {
      const shop = TOKOPEDIA_SHOPS[hash(seed) % TOKOPEDIA_SHOPS.length] ?? 'officialstoreid';
      return `https://www.tokopedia.com/${shop}/${slug}?extParam=src%3Ddiskonradar`;
    }
    case 'Lazada':
      return `https://www.lazada.co.id/products/${slug}-i${digits(seed, 10)}-s${digits(`${seed}:sku`, 11)}.html?laz_trackid=diskonradar`;
    case 'Blibli':
      return `https://www.blibli.com/p/${slug}/ps--${spec.key.slice(0, 3).toUpperCase()}-${digits(seed, 5)}-${digits(`${seed}:v`, 5)}?utm_source=diskonradar`;
    case 'Bukalapak':
      return `https://www.bukalapak.com/p/${spec.categorySlug}/${hash(seed).toString(36)}-jual-${slug}?from=diskonradar`;
    case 'TikTok':
      return `https://www.tiktok.com/view/product/17${digits(seed, 17)}?utm_source=diskonradar`;
  }
}

const productImage = (file: string): string => `/media/products/${file}`;

/**
 * The modal shows a gallery only for image (or both) products; a 'default' product without a
 * video shows the 'Media tidak tersedia' placeholder. Most demo products therefore show their
 * picture, and every tenth keeps the default so the placeholder can be seen too.
 */
function demoMediaType(spec: ProductSpec, index: number): DemoProduct['mediaType'] {
  if (spec.mediaType) return spec.mediaType;
  if (spec.videoUrl) return 'default';
  return index % 10 === 0 ? 'default' : 'image';
}

function buildProduct(spec: ProductSpec, index: number): DemoProduct {
  const mediaType = demoMediaType(spec, index);
  const variations = spec.variations ?? 0;
  const imageUrls: string[] = [];
  for (let n = 2; n <= variations + 1; n += 1)
    imageUrls.push(productImage(`${spec.key}-${n}.webp`));
  const product: DemoProduct = {
    key: spec.key,
    categorySlug: spec.categorySlug,
    title: spec.title,
    description: spec.description,
    imageUrl: productImage(`${spec.key}.webp`),
    imageUrls,
    mediaType,
    discountPercentage: spec.discountPercentage,
    badgeColor: spec.badgeColor ?? 'green',
    // The platforms a product lists are its links', in the fixed order (platformsOfLinks).
    platforms: platformsOfLinks(spec.links.map(([platform]) => ({ platform }))),
    isActive: spec.isActive ?? true,
    isFeaturedPromo: spec.promoOrder !== undefined,
    isFeaturedPopular: spec.popularOrder !== undefined,
    featuredOrder: spec.promoOrder ?? spec.popularOrder ?? 0,
    links: spec.links.map(([platform, price]) => ({
      platform,
      affiliateUrl: affiliateUrl(platform, spec),
      price,
    })),
    ageDays: spec.ageDays,
  };
  if (spec.videoUrl !== undefined) product.videoUrl = spec.videoUrl;
  if (spec.badgeText !== undefined) product.badgeText = spec.badgeText;
  return product;
}

export const demoProducts: DemoProduct[] = load(
  'demo-products.json',
  z.array(productSpecSchema),
  productsFile,
).map((spec, index) => buildProduct(spec, index));

export const demoFaqs: DemoFaq[] = [
  {
    question: 'Apakah DiskonRadar gratis digunakan?',
    answer:
      'Ya, DiskonRadar 100% gratis. Kamu tidak perlu mendaftar atau membayar apa pun untuk mencari diskon, membandingkan harga dan membuka promo dari marketplace favoritmu.',
    category: 'general',
    order: 1,
    isActive: true,
  },
  {
    question: 'Bagaimana cara kerja link afiliasi di DiskonRadar?',
    answer:
      'Saat kamu menekan tombol platform, kamu diarahkan ke halaman produk di marketplace lewat link afiliasi. Jika kamu berbelanja melalui link tersebut, DiskonRadar mendapat komisi kecil dari marketplace tanpa biaya tambahan untukmu. Harga yang kamu bayar tetap sama.',
    category: 'usage',
    order: 2,
    isActive: true,
  },
  {
    question: 'Apakah harga yang ditampilkan selalu terbaru?',
    answer:
      'Kami memperbarui harga dan diskon secara berkala, tetapi harga di marketplace bisa berubah sewaktu-waktu, misalnya saat flash sale berakhir atau stok habis. Harga final selalu yang tertera di halaman marketplace saat checkout.',
    category: 'pricing',
    order: 3,
    isActive: true,
  },
  {
    question: 'Marketplace apa saja yang tersedia di DiskonRadar?',
    answer:
      'Saat ini ada 6 marketplace: Shopee, Tokopedia, Lazada, Blibli, Bukalapak dan TikTok Shop. Satu produk bisa memiliki beberapa pilihan platform sehingga kamu bisa membandingkan harganya.',
    category: 'platforms',
    order: 4,
    isActive: true,
  },
  {
    question: 'Seberapa sering promo dan produk diperbarui?',
    answer:
      'Tim kami menambahkan dan memeriksa promo setiap hari. Halaman Promo Hari Ini berganti setiap hari pukul 00.00 WIB, sedangkan produk yang sudah tidak diskon akan kami nonaktifkan.',
    category: 'technical',
    order: 5,
    isActive: true,
  },
  {
    question: 'Bagaimana cara menghubungi tim DiskonRadar?',
    answer:
      'Kamu bisa menghubungi kami lewat email halo@diskonradar.id, WhatsApp di tombol chat kanan bawah, atau halaman Kontak. Kami membalas dalam 1-2 hari kerja.',
    category: 'general',
    order: 6,
    isActive: true,
  },
];

export const demoContactContent: DemoContactContent = {
  companyName: 'DiskonRadar',
  address: 'Jl. Jend. Sudirman Kav. 52-53, Senayan, Kebayoran Baru, Jakarta Selatan 12190',
  phone: '+62 21 5098 7654',
  email: 'halo@diskonradar.id',
  whatsapp: '6281234567890',
  description:
    'DiskonRadar membantu kamu menemukan diskon dan promo terbaik dari Shopee, Tokopedia, Lazada, Blibli, Bukalapak dan TikTok Shop dalam satu tempat. Hubungi kami untuk pertanyaan, kerja sama brand atau laporan promo yang sudah tidak berlaku.',
  businessHours: {
    weekdays: '09:00 - 18:00 WIB',
    weekend: '09:00 - 15:00 WIB',
  },
  socialMedia: {
    facebook: 'https://www.facebook.com/diskonradar',
    instagram: 'https://www.instagram.com/diskonradar',
    twitter: 'https://twitter.com/diskonradar',
    youtube: 'https://www.youtube.com/@diskonradar',
  },
};

export const demoHeroContent: DemoHeroContent = {
  mainTitle: 'Temukan Diskon Terbaik dari 6 Marketplace Favoritmu',
  subtitle:
    'Bandingkan promo Shopee, Tokopedia, Lazada, Blibli, Bukalapak dan TikTok Shop di satu tempat. Lebih dari 31 kategori, diperbarui setiap hari.',
  ctaText: 'Lihat Promo Sekarang',
  backgroundImage: '/media/hero/hero-belanja.webp',
  platforms: ['Shopee', 'Tokopedia', 'Lazada', 'Blibli', 'Bukalapak', 'TikTok Shop'],
};

export const demoPopups: DemoPopup[] = [
  {
    title: 'Flash Sale Hari Ini: Diskon hingga 70%!',
    content:
      'Elektronik, fashion dan kebutuhan rumah sedang diskon besar di 6 marketplace. Cek promo hari ini sebelum kehabisan stok!',
    type: 'promo',
    targetUrl: '/promo-hari-ini',
    buttonText: 'Siap, Cek Promo',
    backgroundColor: '#fff7ed',
    textColor: '#7c2d12',
    imagePosition: 'none',
    showOnPages: '*',
    triggerAfterSeconds: 5,
    isActive: true,
    startOffsetDays: -1,
    endOffsetDays: 6,
  },
];
