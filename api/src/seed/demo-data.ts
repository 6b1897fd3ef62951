// Demo data set seeded into an empty database so a fresh clone looks like a running shop.
// Plain records: the seeder maps them onto the models.
import type { ContactContent, HeroContent } from '../../../shared/types';

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

export const demoCategories: DemoCategory[] = [
  // Fashion & Beauty
  {
    name: 'Fashion',
    slug: 'fashion',
    icon: 'ShirtIcon',
    color: 'text-pink-500',
    group: 'Fashion & Beauty',
  },
  {
    name: 'Fashion Pria',
    slug: 'fashion-pria',
    icon: 'UserIcon',
    color: 'text-blue-600',
    group: 'Fashion & Beauty',
  },
  {
    name: 'Sepatu & Sandal',
    slug: 'sepatu-sandal',
    icon: 'StarIcon',
    color: 'text-orange-500',
    group: 'Fashion & Beauty',
  },
  {
    name: 'Tas & Aksesoris',
    slug: 'tas-aksesoris',
    icon: 'BackpackIcon',
    color: 'text-amber-600',
    group: 'Fashion & Beauty',
  },
  {
    name: 'Skincare',
    slug: 'skincare',
    icon: 'SparklesIcon',
    color: 'text-purple-500',
    group: 'Fashion & Beauty',
  },
  {
    name: 'Makeup & Kosmetik',
    slug: 'makeup-kosmetik',
    icon: 'PaintBrushIcon',
    color: 'text-rose-600',
    group: 'Fashion & Beauty',
  },
  // Family & Home
  {
    name: 'Peralatan Rumah Tangga',
    slug: 'rumah-tangga',
    icon: 'HomeIcon',
    color: 'text-green-500',
    group: 'Family & Home',
  },
  {
    name: 'Dapur & Memasak',
    slug: 'dapur-memasak',
    icon: 'FireIcon',
    color: 'text-red-500',
    group: 'Family & Home',
  },
  {
    name: 'Ibu & Bayi',
    slug: 'ibu-bayi',
    icon: 'HeartIcon',
    color: 'text-pink-600',
    group: 'Family & Home',
  },
  {
    name: 'Furnitur & Dekorasi',
    slug: 'furnitur-dekorasi',
    icon: 'HomeModernIcon',
    color: 'text-teal-500',
    group: 'Family & Home',
  },
  {
    name: 'Mainan Anak',
    slug: 'mainan-anak',
    icon: 'PuzzlePieceIcon',
    color: 'text-yellow-500',
    group: 'Family & Home',
  },
  // Technology
  {
    name: 'Elektronik',
    slug: 'elektronik',
    icon: 'ServerIcon',
    color: 'text-indigo-500',
    group: 'Technology',
  },
  {
    name: 'Handphone & Aksesoris',
    slug: 'handphone-aksesoris',
    icon: 'DevicePhoneMobileIcon',
    color: 'text-blue-500',
    group: 'Technology',
  },
  {
    name: 'Komputer & Laptop',
    slug: 'komputer-laptop',
    icon: 'DeviceTabletIcon',
    color: 'text-indigo-600',
    group: 'Technology',
  },
  // Sports & Lifestyle
  {
    name: 'Olahraga & Outdoor',
    slug: 'olahraga-outdoor',
    icon: 'FireIcon',
    color: 'text-red-600',
    group: 'Sports & Lifestyle',
  },
  {
    name: 'Otomotif',
    slug: 'otomotif',
    icon: 'TruckIcon',
    color: 'text-gray-600',
    group: 'Sports & Lifestyle',
  },
  {
    name: 'Kesehatan',
    slug: 'kesehatan',
    icon: 'ShieldCheckIcon',
    color: 'text-emerald-600',
    group: 'Sports & Lifestyle',
  },
  // Business & Education
  {
    name: 'Buku & Alat Tulis',
    slug: 'buku-alat-tulis',
    icon: 'BookOpenIcon',
    color: 'text-blue-700',
    group: 'Business & Education',
  },
  {
    name: 'Kursus Online',
    slug: 'kursus-online',
    icon: 'AcademicCapIcon',
    color: 'text-violet-600',
    group: 'Business & Education',
  },
  {
    name: 'Perlengkapan Kantor',
    slug: 'perlengkapan-kantor',
    icon: 'BriefcaseIcon',
    color: 'text-blue-800',
    group: 'Business & Education',
  },
  // Food & Groceries
  {
    name: 'Makanan & Minuman',
    slug: 'makanan-minuman',
    icon: 'CakeIcon',
    color: 'text-red-700',
    group: 'Food & Groceries',
  },
  {
    name: 'Sembako & Kebutuhan Harian',
    slug: 'sembako',
    icon: 'ShoppingCartIcon',
    color: 'text-green-600',
    group: 'Food & Groceries',
  },
  // Lifestyle
  {
    name: 'Hobi & Kerajinan',
    slug: 'hobi-kerajinan',
    icon: 'PaintBrushIcon',
    color: 'text-purple-600',
    group: 'Lifestyle',
  },
  {
    name: 'Hewan Peliharaan',
    slug: 'hewan-peliharaan',
    icon: 'FaceSmileIcon',
    color: 'text-amber-600',
    group: 'Lifestyle',
  },
  {
    name: 'Perlengkapan Muslim',
    slug: 'perlengkapan-muslim',
    icon: 'MoonIcon',
    color: 'text-green-700',
    group: 'Lifestyle',
  },
  // Digital Services
  {
    name: 'Pulsa & Paket Data',
    slug: 'pulsa-paket-data',
    icon: 'DevicePhoneMobileIcon',
    color: 'text-sky-600',
    group: 'Digital Services',
  },
  {
    name: 'Voucher Digital',
    slug: 'voucher-digital',
    icon: 'TicketIcon',
    color: 'text-cyan-600',
    group: 'Digital Services',
  },
  // Entertainment
  {
    name: 'Gaming',
    slug: 'gaming',
    icon: 'PuzzlePieceIcon',
    color: 'text-purple-700',
    group: 'Entertainment',
  },
  {
    name: 'Alat Musik',
    slug: 'alat-musik',
    icon: 'StarIcon',
    color: 'text-purple-800',
    group: 'Entertainment',
  },
  // Travel & Entertainment
  {
    name: 'Tiket & Hotel',
    slug: 'tiket-hotel',
    icon: 'MapPinIcon',
    color: 'text-sky-600',
    group: 'Travel & Entertainment',
  },
  {
    name: 'Perlengkapan Travel',
    slug: 'perlengkapan-travel',
    icon: 'BackpackIcon',
    color: 'text-teal-500',
    group: 'Travel & Entertainment',
  },
  // Finance & Investment
  {
    name: 'Emas & Investasi',
    slug: 'emas-investasi',
    icon: 'ChartBarIcon',
    color: 'text-yellow-600',
    group: 'Finance & Investment',
  },
  {
    name: 'Asuransi',
    slug: 'asuransi',
    icon: 'ShieldCheckIcon',
    color: 'text-blue-800',
    group: 'Finance & Investment',
  },
  {
    name: 'Kartu Kredit & Paylater',
    slug: 'kartu-kredit-paylater',
    icon: 'CreditCardIcon',
    color: 'text-purple-700',
    group: 'Finance & Investment',
  },
  // Seasonal
  {
    name: 'Ramadan & Lebaran',
    slug: 'ramadan-lebaran',
    icon: 'MoonIcon',
    color: 'text-green-800',
    group: 'Seasonal',
  },
  {
    name: 'Hampers & Kado',
    slug: 'hampers-kado',
    icon: 'GiftIcon',
    color: 'text-red-700',
    group: 'Seasonal',
  },
  {
    name: 'Back to School',
    slug: 'back-to-school',
    icon: 'BackpackIcon',
    color: 'text-blue-500',
    group: 'Seasonal',
  },
  // Special Campaigns
  {
    name: 'Flash Sale',
    slug: 'flash-sale',
    icon: 'FireIcon',
    color: 'text-red-500',
    group: 'Special Campaigns',
  },
  {
    name: 'Gratis Ongkir',
    slug: 'gratis-ongkir',
    icon: 'TruckIcon',
    color: 'text-green-600',
    group: 'Special Campaigns',
  },
  {
    name: 'Cashback',
    slug: 'cashback',
    icon: 'BanknotesIcon',
    color: 'text-emerald-600',
    group: 'Special Campaigns',
  },
];

type PlatformName = 'Shopee' | 'Tokopedia' | 'Lazada' | 'Blibli' | 'Bukalapak' | 'TikTok';

/** [platform, displayed price]; an empty price shows the "not set" case. */
type LinkSpec = readonly [PlatformName, string];

interface ProductSpec {
  key: string;
  categorySlug: string;
  title: string;
  description: string;
  discountPercentage: number;
  badgeText?: string;
  badgeColor?: string;
  mediaType?: DemoProduct['mediaType'];
  /** Number of extra image variations (files <key>-2.webp, <key>-3.webp). */
  variations?: number;
  videoUrl?: string;
  links: LinkSpec[];
  ageDays: number;
  isActive?: boolean;
  promoOrder?: number;
  popularOrder?: number;
}

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

function affiliateUrl(platform: PlatformName, spec: ProductSpec): string {
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
    platforms: spec.links.map(([platform]) => platform),
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

const productSpecs: ProductSpec[] = [
  // Fashion
  {
    key: 'dress-midi-bunga',
    categorySlug: 'fashion',
    title: 'Dress Midi Wanita Motif Bunga Bahan Rayon Premium',
    description:
      'Dress midi model A-line dengan motif bunga kecil, bahan rayon premium yang adem dan jatuh. Cocok untuk kerja, kondangan maupun jalan santai. Tersedia ukuran S sampai XL.',
    discountPercentage: 45,
    badgeText: 'Terlaris',
    badgeColor: 'pink',
    mediaType: 'image',
    variations: 3,
    links: [
      ['Shopee', 'Rp 129.000'],
      ['Tokopedia', 'Rp 135.000'],
      ['TikTok', 'Rp 124.900'],
    ],
    ageDays: 3,
    popularOrder: 3,
  },
  {
    key: 'blouse-lengan-balon',
    categorySlug: 'fashion',
    title: 'Blouse Wanita Lengan Balon Korean Style Bahan Crinkle',
    description:
      'Blouse lengan balon bergaya Korea dari bahan crinkle airflow yang tidak mudah kusut. Kancing depan, potongan longgar, nyaman dipakai seharian.',
    discountPercentage: 35,
    links: [
      ['Shopee', 'Rp 79.000'],
      ['Lazada', 'Rp 84.500'],
    ],
    ageDays: 12,
  },
  {
    key: 'rok-plisket-panjang',
    categorySlug: 'fashion',
    title: 'Rok Plisket Panjang Wanita Bahan Hyget Premium',
    description:
      'Rok plisket panjang dengan pinggang karet full, bahan hyget tebal yang tidak menerawang. Mudah dipadukan dengan kemeja, blouse atau kaos.',
    discountPercentage: 30,
    badgeText: 'Gratis Ongkir',
    badgeColor: 'green',
    links: [
      ['Shopee', 'Rp 65.000'],
      ['Tokopedia', 'Rp 69.000'],
      ['Bukalapak', 'Rp 67.500'],
    ],
    ageDays: 27,
  },
  // Fashion Pria
  {
    key: 'kemeja-flanel-pria',
    categorySlug: 'fashion-pria',
    title: 'Kemeja Flanel Pria Lengan Panjang Slim Fit Motif Kotak',
    description:
      'Kemeja flanel katun tebal motif kotak-kotak dengan potongan slim fit. Bisa dipakai sebagai outer atau kemeja harian. Ukuran M, L, XL dan XXL.',
    discountPercentage: 40,
    badgeText: 'Terlaris',
    badgeColor: 'blue',
    mediaType: 'image',
    variations: 2,
    links: [
      ['Shopee', 'Rp 119.000'],
      ['Tokopedia', 'Rp 125.000'],
      ['Lazada', 'Rp 122.000'],
      ['Blibli', 'Rp 129.000'],
    ],
    ageDays: 8,
    popularOrder: 10,
  },
  {
    key: 'celana-chino-pria',
    categorySlug: 'fashion-pria',
    title: 'Celana Chino Pria Stretch Slim Fit Bahan Twill',
    description:
      'Celana chino panjang dari bahan katun twill stretch yang lentur dan tidak gerah. Potongan slim fit yang rapi untuk kantor maupun hangout.',
    discountPercentage: 25,
    links: [
      ['Tokopedia', 'Rp 149.000'],
      ['Blibli', 'Rp 155.000'],
    ],
    ageDays: 33,
  },
  {
    key: 'kaos-polos-combed',
    categorySlug: 'fashion-pria',
    title: 'Kaos Polos Pria Cotton Combed 30s Unisex',
    description:
      'Kaos polos cotton combed 30s yang lembut, menyerap keringat dan jahitan rantai di bahu. Tersedia 15 pilihan warna, cocok untuk sablon atau dipakai polos.',
    discountPercentage: 50,
    badgeText: 'Flash Sale',
    badgeColor: 'red',
    links: [
      ['Shopee', 'Rp 35.000'],
      ['TikTok', 'Rp 33.900'],
      ['Bukalapak', 'Rp 37.500'],
    ],
    ageDays: 1,
    promoOrder: 9,
  },
  // Sepatu & Sandal
  {
    key: 'sepatu-lari-pria',
    categorySlug: 'sepatu-sandal',
    title: 'Sepatu Lari Pria Ringan Anti Slip Sol Empuk',
    description:
      'Sepatu running dengan upper mesh yang bernapas, midsole EVA empuk dan outsole karet anti slip. Bobot hanya 240 gram per sepatu, nyaman untuk lari harian maupun gym.',
    discountPercentage: 55,
    badgeText: 'Terlaris',
    badgeColor: 'orange',
    mediaType: 'both',
    variations: 2,
    videoUrl: 'https://www.youtube.com/watch?v=Q8tZ3kRvN2E',
    links: [
      ['Shopee', 'Rp 289.000'],
      ['Tokopedia', 'Rp 299.000'],
      ['Lazada', 'Rp 295.000'],
      ['TikTok', 'Rp 279.000'],
    ],
    ageDays: 2,
    promoOrder: 4,
  },
  {
    key: 'sneakers-wanita-putih',
    categorySlug: 'sepatu-sandal',
    title: 'Sneakers Wanita Putih Casual Sol Tebal',
    description:
      'Sneakers putih bergaya minimalis dengan sol tebal 4 cm dan bahan kulit sintetis yang mudah dibersihkan. Ringan dan cocok untuk kuliah atau jalan-jalan.',
    discountPercentage: 38,
    mediaType: 'image',
    variations: 2,
    links: [
      ['Shopee', 'Rp 159.000'],
      ['Lazada', 'Rp 165.000'],
      ['TikTok', 'Rp 155.000'],
    ],
    ageDays: 15,
  },
  {
    key: 'sandal-slide-pria',
    categorySlug: 'sepatu-sandal',
    title: 'Sandal Slide Pria Empuk Anti Slip Bahan EVA',
    description:
      'Sandal slide satu tali dari bahan EVA tebal yang empuk seperti bantal, anti slip dan tahan air. Cocok untuk di rumah, ke masjid atau ke pantai.',
    discountPercentage: 20,
    links: [
      ['Shopee', 'Rp 49.000'],
      ['Bukalapak', 'Rp 52.000'],
    ],
    ageDays: 41,
  },
  // Tas & Aksesoris
  {
    key: 'ransel-laptop-anti-air',
    categorySlug: 'tas-aksesoris',
    title: 'Tas Ransel Laptop 15.6 inch Anti Air dengan Port USB',
    description:
      'Ransel kerja muat laptop 15.6 inch dengan kompartemen berbusa, bahan polyester anti air dan port USB untuk mengisi daya powerbank. Ada kantong anti maling di punggung.',
    discountPercentage: 48,
    badgeText: 'Gratis Ongkir',
    badgeColor: 'green',
    mediaType: 'image',
    variations: 2,
    links: [
      ['Shopee', 'Rp 189.000'],
      ['Tokopedia', 'Rp 199.000'],
      ['Lazada', 'Rp 195.000'],
    ],
    ageDays: 10,
    popularOrder: 8,
  },
  {
    key: 'jam-tangan-pria',
    categorySlug: 'tas-aksesoris',
    title: 'Jam Tangan Pria Analog Stainless Steel Water Resistant',
    description:
      'Jam tangan analog dengan case stainless steel, kaca mineral anti gores dan tali rantai yang bisa disesuaikan. Tahan percikan air hingga 3 ATM, bergaransi mesin 1 tahun.',
    discountPercentage: 60,
    badgeText: 'Diskon Besar',
    badgeColor: 'orange',
    links: [
      ['Shopee', 'Rp 219.000'],
      ['Tokopedia', 'Rp 229.000'],
      ['Blibli', 'Rp 235.000'],
    ],
    ageDays: 5,
    promoOrder: 3,
  },
  {
    key: 'tote-bag-kanvas',
    categorySlug: 'tas-aksesoris',
    title: 'Tote Bag Wanita Kanvas Tebal dengan Resleting',
    description:
      'Tote bag kanvas tebal dengan resleting dan kantong dalam, muat laptop 14 inch. Tali bahu kuat untuk kuliah, kerja atau belanja.',
    discountPercentage: 15,
    links: [['Shopee', 'Rp 59.000']],
    ageDays: 52,
    isActive: false,
  },
  // Skincare
  {
    key: 'serum-vitamin-c',
    categorySlug: 'skincare',
    title: 'Serum Vitamin C 20ml Brightening untuk Wajah Kusam',
    description:
      'Serum wajah dengan 10% vitamin C stabil, niacinamide dan hyaluronic acid. Membantu mencerahkan kulit kusam dan menyamarkan noda hitam. Sudah BPOM, aman untuk pemakaian pagi dan malam.',
    discountPercentage: 40,
    badgeText: 'Terlaris',
    badgeColor: 'purple',
    mediaType: 'video',
    videoUrl: 'https://www.tiktok.com/@glowskin.id/video/7298765432109876543',
    links: [
      ['Shopee', 'Rp 89.000'],
      ['Tokopedia', 'Rp 92.000'],
      ['Lazada', 'Rp 91.500'],
      ['TikTok', 'Rp 85.000'],
    ],
    ageDays: 0,
    popularOrder: 1,
  },
  {
    key: 'sunscreen-spf50',
    categorySlug: 'skincare',
    title: 'Sunscreen SPF 50 PA++++ Gel Ringan 50ml',
    description:
      'Sunscreen bertekstur gel ringan yang cepat meresap tanpa whitecast. Perlindungan SPF 50 PA++++ dari sinar UVA dan UVB, cocok untuk kulit berminyak dan berjerawat.',
    discountPercentage: 30,
    badgeText: 'Pilihan Editor',
    badgeColor: 'yellow',
    links: [
      ['Shopee', 'Rp 69.000'],
      ['Tokopedia', 'Rp 72.000'],
      ['Blibli', 'Rp 74.000'],
    ],
    ageDays: 6,
    popularOrder: 7,
  },
  {
    key: 'facial-wash-low-ph',
    categorySlug: 'skincare',
    title: 'Facial Wash Gentle Low pH untuk Kulit Sensitif 100ml',
    description:
      'Sabun cuci muka low pH 5.5 dengan ekstrak centella dan tanpa pewangi. Membersihkan tanpa rasa ketarik, aman untuk kulit sensitif dan berjerawat.',
    discountPercentage: 25,
    links: [
      ['Shopee', 'Rp 45.000'],
      ['Lazada', 'Rp 47.000'],
      ['TikTok', 'Rp 43.500'],
    ],
    ageDays: 19,
  },
  {
    key: 'moisturizer-ceramide',
    categorySlug: 'skincare',
    title: 'Moisturizer Gel Ceramide & Hyaluronic Acid 30g',
    description:
      'Pelembap gel dengan 5 jenis ceramide dan hyaluronic acid untuk memperkuat skin barrier. Tekstur ringan, tidak lengket dan non-comedogenic.',
    discountPercentage: 35,
    badgeText: 'Baru',
    badgeColor: 'blue',
    mediaType: 'image',
    variations: 2,
    links: [
      ['Shopee', 'Rp 59.000'],
      ['Tokopedia', 'Rp 62.000'],
    ],
    ageDays: 4,
  },
  // Makeup & Kosmetik
  {
    key: 'lip-cream-matte',
    categorySlug: 'makeup-kosmetik',
    title: 'Lip Cream Matte Transferproof Tahan 12 Jam',
    description:
      'Lip cream matte yang ringan di bibir, transferproof dan tahan hingga 12 jam. Diperkaya vitamin E agar bibir tidak kering. Tersedia 12 shade untuk kulit Indonesia.',
    discountPercentage: 45,
    badgeText: 'Terlaris',
    badgeColor: 'pink',
    mediaType: 'image',
    variations: 3,
    links: [
      ['Shopee', 'Rp 49.000'],
      ['Tokopedia', 'Rp 52.000'],
      ['TikTok', 'Rp 47.500'],
    ],
    ageDays: 9,
    popularOrder: 9,
  },
  {
    key: 'cushion-spf35',
    categorySlug: 'makeup-kosmetik',
    title: 'Cushion Foundation SPF 35 High Coverage + Refill',
    description:
      'Cushion dengan coverage tinggi dan hasil akhir natural glowy, dilengkapi SPF 35 PA+++. Paket hemat berisi 1 cushion dan 1 refill.',
    discountPercentage: 33,
    links: [
      ['Shopee', 'Rp 129.000'],
      ['Lazada', 'Rp 135.000'],
      ['Blibli', ''],
    ],
    ageDays: 22,
  },
  {
    key: 'eyeshadow-palette',
    categorySlug: 'makeup-kosmetik',
    title: 'Eyeshadow Palette 12 Warna Nude & Shimmer',
    description:
      'Palet eyeshadow 12 warna berisi kombinasi matte dan shimmer bernuansa nude. Pigmentasi tinggi, mudah di-blend dan minim fallout.',
    discountPercentage: 50,
    badgeText: 'Flash Sale',
    badgeColor: 'red',
    links: [
      ['Shopee', 'Rp 79.000'],
      ['TikTok', 'Rp 75.000'],
    ],
    ageDays: 2,
    promoOrder: 10,
  },
  // Peralatan Rumah Tangga
  {
    key: 'vacuum-cordless',
    categorySlug: 'rumah-tangga',
    title: 'Vacuum Cleaner Cordless 2in1 Handheld 12000Pa',
    description:
      'Vacuum cleaner tanpa kabel yang bisa dipakai sebagai stick maupun handheld. Daya hisap 12000Pa, baterai tahan 30 menit dan filter HEPA yang bisa dicuci.',
    discountPercentage: 42,
    links: [
      ['Shopee', 'Rp 459.000'],
      ['Tokopedia', 'Rp 479.000'],
      ['Lazada', 'Rp 469.000'],
      ['Blibli', 'Rp 489.000'],
    ],
    ageDays: 14,
  },
  {
    key: 'rak-piring-stainless',
    categorySlug: 'rumah-tangga',
    title: 'Rak Piring Stainless 2 Susun dengan Tatakan Air',
    description:
      'Rak pengering piring 2 susun dari stainless steel anti karat, lengkap dengan tempat sendok, gelas dan tatakan air. Mudah dirakit tanpa alat.',
    discountPercentage: 28,
    badgeText: 'Gratis Ongkir',
    badgeColor: 'green',
    links: [
      ['Tokopedia', 'Rp 145.000'],
      ['Bukalapak', 'Rp 139.000'],
    ],
    ageDays: 30,
  },
  {
    key: 'sprei-katun-jepang',
    categorySlug: 'rumah-tangga',
    title: 'Set Sprei Katun Jepang Queen 160x200 Motif Minimalis',
    description:
      'Set sprei katun Jepang halus dan adem untuk kasur 160x200 dengan tinggi hingga 30 cm. Isi 1 sprei, 2 sarung bantal dan 2 sarung guling.',
    discountPercentage: 35,
    mediaType: 'image',
    variations: 2,
    links: [
      ['Shopee', 'Rp 119.000'],
      ['Tokopedia', 'Rp 125.000'],
      ['Lazada', ''],
    ],
    ageDays: 18,
  },
  {
    key: 'dispenser-sabun-otomatis',
    categorySlug: 'rumah-tangga',
    title: 'Dispenser Sabun Otomatis Sensor Infrared 350ml',
    description:
      'Dispenser sabun cair otomatis dengan sensor infrared, keluar busa dalam 0,25 detik. Baterai isi ulang USB, cocok untuk wastafel dapur dan kamar mandi.',
    discountPercentage: 22,
    links: [['Shopee', 'Rp 99.000']],
    ageDays: 57,
    isActive: false,
  },
  // Dapur & Memasak
  {
    key: 'wajan-granite-28',
    categorySlug: 'dapur-memasak',
    title: 'Wajan Anti Lengket 28cm Granite Coating Semua Kompor',
    description:
      'Wajan 28 cm dengan lapisan granite anti lengket bebas PFOA. Dasar induksi sehingga bisa dipakai di kompor gas, listrik maupun induksi. Gagang kayu tidak panas.',
    discountPercentage: 45,
    badgeText: 'Gratis Ongkir',
    badgeColor: 'green',
    mediaType: 'image',
    variations: 2,
    links: [
      ['Shopee', 'Rp 165.000'],
      ['Tokopedia', 'Rp 172.000'],
      ['Lazada', 'Rp 169.000'],
      ['TikTok', 'Rp 159.000'],
    ],
    ageDays: 7,
    popularOrder: 5,
  },
  {
    key: 'air-fryer-45l',
    categorySlug: 'dapur-memasak',
    title: 'Air Fryer Digital 4.5 Liter Tanpa Minyak 8 Menu',
    description:
      'Air fryer digital kapasitas 4,5 liter dengan 8 menu preset dan layar sentuh. Menggoreng tanpa minyak hingga 85% lebih sehat, keranjang anti lengket mudah dicuci.',
    discountPercentage: 38,
    badgeText: 'Terlaris',
    badgeColor: 'orange',
    mediaType: 'both',
    variations: 2,
    videoUrl: 'https://www.youtube.com/watch?v=hX7pL2mYc9A',
    links: [
      ['Shopee', 'Rp 599.000'],
      ['Tokopedia', 'Rp 619.000'],
      ['Lazada', 'Rp 609.000'],
      ['Blibli', 'Rp 629.000'],
    ],
    ageDays: 11,
    popularOrder: 2,
  },
  {
    key: 'rice-cooker-digital',
    categorySlug: 'dapur-memasak',
    title: 'Rice Cooker Digital 1.8 Liter Anti Lengket 6in1',
    description:
      'Rice cooker digital 1,8 liter dengan 6 fungsi: nasi putih, nasi merah, bubur, kukus, slow cook dan kue. Panci anti lengket dan timer hingga 24 jam.',
    discountPercentage: 30,
    links: [
      ['Tokopedia', 'Rp 389.000'],
      ['Blibli', 'Rp 399.000'],
      ['Bukalapak', 'Rp 379.000'],
    ],
    ageDays: 25,
  },
  {
    key: 'blender-2-tabung',
    categorySlug: 'dapur-memasak',
    title: 'Blender 2 Tabung 1.5 Liter Pisau Stainless 4 Mata',
    description:
      'Blender dengan tabung plastik 1,5 liter dan tabung bumbu kering. Pisau stainless 4 mata, 3 tingkat kecepatan dan fungsi pulse.',
    discountPercentage: 25,
    links: [
      ['Shopee', 'Rp 219.000'],
      ['Lazada', 'Rp 225.000'],
    ],
    ageDays: 38,
  },
  // Ibu & Bayi
  {
    key: 'popok-celana-l44',
    categorySlug: 'ibu-bayi',
    title: 'Popok Bayi Celana Ukuran L isi 44 Lembut Anti Bocor',
    description:
      'Popok celana ukuran L (9-14 kg) isi 44 dengan permukaan lembut dan daya serap hingga 12 jam. Pinggang elastis dan indikator basah.',
    discountPercentage: 18,
    badgeText: 'Hemat',
    badgeColor: 'blue',
    links: [
      ['Shopee', 'Rp 109.000'],
      ['Tokopedia', 'Rp 112.000'],
      ['Blibli', 'Rp 114.500'],
      ['Bukalapak', 'Rp 111.000'],
    ],
    ageDays: 16,
  },
  {
    key: 'botol-susu-anti-kolik',
    categorySlug: 'ibu-bayi',
    title: 'Botol Susu Bayi Anti Kolik 250ml BPA Free',
    description:
      'Botol susu leher lebar dengan katup anti kolik untuk mengurangi udara yang tertelan. Dot silikon lembut, bebas BPA dan aman disterilkan.',
    discountPercentage: 20,
    links: [
      ['Shopee', 'Rp 89.000'],
      ['Lazada', 'Rp 92.000'],
    ],
    ageDays: 44,
  },
  // Furnitur & Dekorasi
  {
    key: 'lampu-tidur-led',
    categorySlug: 'furnitur-dekorasi',
    title: 'Lampu Tidur LED Aesthetic Dimmable dengan Remote',
    description:
      'Lampu meja LED dengan 16 warna dan tingkat terang yang bisa diatur lewat remote. Cahaya hangat yang nyaman untuk kamar tidur dan dekorasi ruangan.',
    discountPercentage: 52,
    badgeText: 'Flash Sale',
    badgeColor: 'red',
    links: [
      ['Shopee', 'Rp 69.000'],
      ['TikTok', 'Rp 65.000'],
      ['Bukalapak', 'Rp 72.000'],
    ],
    ageDays: 3,
    promoOrder: 6,
  },
  {
    key: 'jam-dinding-minimalis',
    categorySlug: 'furnitur-dekorasi',
    title: 'Jam Dinding Minimalis Silent Sweep 30cm',
    description:
      'Jam dinding diameter 30 cm dengan mesin sweep tanpa suara detak. Desain minimalis yang cocok untuk ruang tamu, kamar atau kantor.',
    discountPercentage: 30,
    links: [
      ['Tokopedia', 'Rp 85.000'],
      ['Lazada', 'Rp 82.000'],
    ],
    ageDays: 35,
  },
  // Mainan Anak
  {
    key: 'balok-kayu-edukasi',
    categorySlug: 'mainan-anak',
    title: 'Mainan Balok Susun Kayu Edukasi 100 pcs',
    description:
      'Balok kayu warna-warni isi 100 keping dengan cat water based yang aman untuk anak. Melatih motorik halus, kreativitas dan pengenalan bentuk.',
    discountPercentage: 30,
    badgeText: 'Pilihan Editor',
    badgeColor: 'yellow',
    links: [
      ['Shopee', 'Rp 99.000'],
      ['Tokopedia', 'Rp 105.000'],
    ],
    ageDays: 21,
  },
  {
    key: 'mobil-rc-offroad',
    categorySlug: 'mainan-anak',
    title: 'Mobil Remote Control Off Road 1:16 Baterai Isi Ulang',
    description:
      'Mobil RC skala 1:16 dengan penggerak 4WD, ban karet besar dan suspensi. Kecepatan hingga 20 km/jam, baterai isi ulang tahan 25 menit.',
    discountPercentage: 40,
    mediaType: 'video',
    videoUrl: 'https://www.instagram.com/reel/C1a2B3c4D5e/',
    links: [
      ['Shopee', 'Rp 249.000'],
      ['Lazada', 'Rp 259.000'],
      ['TikTok', 'Rp 239.000'],
    ],
    ageDays: 13,
  },
  // Elektronik
  {
    key: 'tws-bluetooth-53',
    categorySlug: 'elektronik',
    title: 'TWS Bluetooth 5.3 Bass Earbuds Low Latency ENC',
    description:
      'Earbuds true wireless dengan Bluetooth 5.3, bass mantap dan mode gaming low latency 60 ms. Mikrofon ENC untuk telepon jernih, total daya tahan baterai 30 jam.',
    discountPercentage: 65,
    badgeText: 'Flash Sale',
    badgeColor: 'red',
    mediaType: 'video',
    videoUrl: 'https://www.tiktok.com/@diskonradar/video/7312456789012345678',
    links: [
      ['Shopee', 'Rp 149.000'],
      ['Tokopedia', 'Rp 159.000'],
      ['TikTok', 'Rp 139.000'],
    ],
    ageDays: 1,
    promoOrder: 1,
  },
  {
    key: 'headphone-anc',
    categorySlug: 'elektronik',
    title: 'Headphone Wireless Active Noise Cancelling 40 Jam',
    description:
      'Headphone over-ear dengan active noise cancelling hingga 35 dB dan baterai 40 jam. Earcup memory foam empuk, bisa dilipat dan dilengkapi kabel AUX.',
    discountPercentage: 35,
    badgeText: 'Official Store',
    badgeColor: 'blue',
    mediaType: 'image',
    variations: 2,
    links: [
      ['Tokopedia', 'Rp 649.000'],
      ['Lazada', 'Rp 639.000'],
      ['Blibli', 'Rp 659.000'],
    ],
    ageDays: 6,
    popularOrder: 6,
  },
  {
    key: 'smart-tv-43',
    categorySlug: 'elektronik',
    title: 'Smart TV 43 inch Android Full HD Dolby Audio',
    description:
      'Smart TV 43 inch Full HD dengan Android TV, Google Assistant dan Chromecast bawaan. Dolby Audio dan tampilan bezel tipis. Garansi resmi 3 tahun.',
    discountPercentage: 27,
    links: [
      ['Tokopedia', 'Rp 3.299.000'],
      ['Lazada', 'Rp 3.249.000'],
      ['Blibli', 'Rp 3.199.000'],
      ['Shopee', 'Rp 3.279.000'],
    ],
    ageDays: 20,
  },
  {
    key: 'speaker-bluetooth-ipx7',
    categorySlug: 'elektronik',
    title: 'Speaker Bluetooth Portable Waterproof IPX7 Bass Boost',
    description:
      'Speaker portable tahan air IPX7 dengan suara 20W dan bass boost. Baterai 12 jam, bisa dipasangkan dua unit untuk suara stereo.',
    discountPercentage: 45,
    badgeText: 'Diskon Besar',
    badgeColor: 'orange',
    links: [
      ['Shopee', 'Rp 299.000'],
      ['Tokopedia', 'Rp 315.000'],
    ],
    ageDays: 28,
  },
  // Handphone & Aksesoris
  {
    key: 'smartphone-8-256',
    categorySlug: 'handphone-aksesoris',
    title: 'Smartphone 8/256GB Layar AMOLED 120Hz Kamera 108MP',
    description:
      'Smartphone dengan RAM 8 GB, memori 256 GB, layar AMOLED 6,67 inch 120Hz dan kamera utama 108MP. Baterai 5000 mAh dengan fast charging 67W. Garansi resmi Indonesia.',
    discountPercentage: 15,
    badgeText: 'Official Store',
    badgeColor: 'blue',
    mediaType: 'image',
    variations: 3,
    links: [
      ['Shopee', 'Rp 3.499.000'],
      ['Tokopedia', 'Rp 3.549.000'],
      ['Lazada', 'Rp 3.529.000'],
      ['Blibli', 'Rp 3.599.000'],
      ['TikTok', 'Rp 3.479.000'],
    ],
    ageDays: 4,
    popularOrder: 4,
  },
  {
    key: 'powerbank-20000',
    categorySlug: 'handphone-aksesoris',
    title: 'Powerbank 20000mAh Fast Charging 22.5W PD',
    description:
      'Powerbank 20000 mAh dengan output 22,5W dan Power Delivery USB-C. Bisa mengisi 3 perangkat sekaligus, layar digital penunjuk sisa daya.',
    discountPercentage: 50,
    badgeText: 'Flash Sale',
    badgeColor: 'red',
    links: [
      ['Shopee', 'Rp 179.000'],
      ['Tokopedia', 'Rp 185.000'],
      ['Lazada', 'Rp 182.000'],
    ],
    ageDays: 0,
    promoOrder: 7,
  },
  {
    key: 'charger-gan-65w',
    categorySlug: 'handphone-aksesoris',
    title: 'Charger GaN 65W 3 Port USB-C Fast Charging',
    description:
      'Kepala charger GaN 65W berukuran ringkas dengan 2 port USB-C dan 1 USB-A. Cukup untuk mengisi laptop, tablet dan HP sekaligus.',
    discountPercentage: 40,
    links: [
      ['Tokopedia', 'Rp 259.000'],
      ['Blibli', 'Rp 265.000'],
    ],
    ageDays: 31,
  },
  {
    key: 'smartwatch-amoled',
    categorySlug: 'handphone-aksesoris',
    title: 'Smartwatch AMOLED 1.96 inch Bluetooth Call SpO2',
    description:
      'Smartwatch layar AMOLED 1,96 inch dengan fitur telepon Bluetooth, pemantau detak jantung, SpO2 dan lebih dari 100 mode olahraga. Tahan air IP68, baterai 7 hari.',
    discountPercentage: 55,
    badgeText: 'Diskon Besar',
    badgeColor: 'purple',
    mediaType: 'both',
    variations: 2,
    videoUrl: 'https://www.youtube.com/shorts/aB3dE5fG7hJ',
    links: [
      ['Shopee', 'Rp 399.000'],
      ['Lazada', 'Rp 419.000'],
      ['TikTok', 'Rp 389.000'],
    ],
    ageDays: 5,
    promoOrder: 5,
  },
  // Komputer & Laptop
  {
    key: 'laptop-14-ryzen5',
    categorySlug: 'komputer-laptop',
    title: 'Laptop 14 inch Ryzen 5 RAM 16GB SSD 512GB Windows 11',
    description:
      'Laptop tipis 14 inch Full HD IPS dengan prosesor Ryzen 5, RAM 16 GB dan SSD NVMe 512 GB. Windows 11 dan Office Home & Student original, bobot 1,4 kg.',
    discountPercentage: 12,
    links: [
      ['Tokopedia', 'Rp 7.999.000'],
      ['Lazada', 'Rp 8.099.000'],
      ['Blibli', 'Rp 7.949.000'],
    ],
    ageDays: 17,
  },
  {
    key: 'mouse-wireless-silent',
    categorySlug: 'komputer-laptop',
    title: 'Mouse Wireless Silent Click 2.4GHz + Bluetooth',
    description:
      'Mouse wireless dual mode 2.4GHz dan Bluetooth dengan klik senyap. DPI bisa diatur hingga 1600, baterai isi ulang tahan 2 bulan.',
    discountPercentage: 35,
    badgeText: 'Hemat',
    badgeColor: 'blue',
    links: [
      ['Shopee', 'Rp 89.000'],
      ['Tokopedia', 'Rp 95.000'],
      ['Bukalapak', ''],
    ],
    ageDays: 24,
  },
  {
    key: 'keyboard-mekanikal-tkl',
    categorySlug: 'komputer-laptop',
    title: 'Keyboard Mekanikal RGB TKL Hot Swap',
    description:
      'Keyboard mekanikal tenkeyless 87 tombol dengan switch hot swap dan lampu RGB 18 mode. Keycaps double shot dan kabel USB-C yang bisa dilepas.',
    discountPercentage: 30,
    links: [
      ['Shopee', 'Rp 349.000'],
      ['Tokopedia', 'Rp 359.000'],
    ],
    ageDays: 36,
  },
  // Olahraga & Outdoor
  {
    key: 'matras-yoga-tpe',
    categorySlug: 'olahraga-outdoor',
    title: 'Matras Yoga TPE 6mm Anti Slip dengan Tali',
    description:
      'Matras yoga bahan TPE setebal 6 mm, dua sisi anti slip dan tidak berbau. Ringan dibawa dengan tali pengikat, cocok untuk yoga, pilates dan senam di rumah.',
    discountPercentage: 40,
    badgeText: 'Gratis Ongkir',
    badgeColor: 'green',
    links: [
      ['Shopee', 'Rp 119.000'],
      ['Tokopedia', 'Rp 125.000'],
      ['TikTok', 'Rp 115.000'],
    ],
    ageDays: 12,
  },
  {
    key: 'dumbbell-adjustable',
    categorySlug: 'olahraga-outdoor',
    title: 'Dumbbell Set Adjustable 20kg dengan Koper',
    description:
      'Set dumbbell yang bisa diatur hingga total 20 kg, lengkap dengan batang penyambung menjadi barbel. Disimpan rapi di dalam koper.',
    discountPercentage: 25,
    links: [
      ['Tokopedia', 'Rp 449.000'],
      ['Lazada', 'Rp 459.000'],
      ['Bukalapak', 'Rp 439.000'],
    ],
    ageDays: 47,
  },
  {
    key: 'botol-minum-1l',
    categorySlug: 'olahraga-outdoor',
    title: 'Botol Minum Olahraga 1 Liter BPA Free Penanda Waktu',
    description:
      'Botol minum 1 liter dengan penanda waktu untuk mengingatkan minum air, tutup flip dan tali genggam. Bahan Tritan bebas BPA dan anti bocor.',
    discountPercentage: 30,
    mediaType: 'image',
    variations: 2,
    links: [
      ['Shopee', 'Rp 45.000'],
      ['TikTok', 'Rp 42.000'],
    ],
    ageDays: 9,
  },
  // Otomotif
  {
    key: 'helm-half-face',
    categorySlug: 'otomotif',
    title: 'Helm Half Face SNI Double Visor',
    description:
      'Helm half face berstandar SNI dengan double visor: kaca bening dan sun visor gelap di dalam. Busa bisa dilepas dan dicuci, pengunci micro ratchet.',
    discountPercentage: 20,
    badgeText: 'SNI Resmi',
    badgeColor: 'blue',
    links: [
      ['Shopee', 'Rp 279.000'],
      ['Tokopedia', 'Rp 289.000'],
      ['Blibli', 'Rp 295.000'],
    ],
    ageDays: 26,
  },
  {
    key: 'dashcam-mobil',
    categorySlug: 'otomotif',
    title: 'Kamera Dashcam Mobil Full HD 1080P Night Vision',
    description:
      'Dashcam Full HD dengan lensa wide 170 derajat, night vision dan perekaman loop. G-sensor otomatis menyimpan rekaman saat terjadi benturan.',
    discountPercentage: 45,
    links: [
      ['Shopee', 'Rp 329.000'],
      ['Lazada', 'Rp 339.000'],
    ],
    ageDays: 39,
  },
  // Kesehatan
  {
    key: 'tensimeter-digital',
    categorySlug: 'kesehatan',
    title: 'Tensimeter Digital Lengan Otomatis dengan Suara',
    description:
      'Alat ukur tekanan darah otomatis untuk lengan atas dengan layar besar dan suara berbahasa Indonesia. Menyimpan 2 x 90 hasil pengukuran.',
    discountPercentage: 30,
    badgeText: 'Pilihan Editor',
    badgeColor: 'yellow',
    links: [
      ['Tokopedia', 'Rp 289.000'],
      ['Blibli', 'Rp 299.000'],
      ['Shopee', 'Rp 285.000'],
    ],
    ageDays: 23,
  },
  {
    key: 'masker-medis-3ply',
    categorySlug: 'kesehatan',
    title: 'Masker Medis 3 Ply Earloop isi 50 pcs',
    description:
      'Masker medis 3 lapis dengan filter meltblown, tali earloop lembut dan kawat hidung. Sudah berizin Kemenkes, isi 50 pcs per box.',
    discountPercentage: 10,
    links: [
      ['Shopee', 'Rp 25.000'],
      ['Bukalapak', 'Rp 24.000'],
    ],
    ageDays: 50,
  },
  {
    key: 'vitamin-c-1000',
    categorySlug: 'kesehatan',
    title: 'Suplemen Vitamin C 1000mg isi 30 Tablet',
    description:
      'Suplemen vitamin C 1000 mg untuk membantu menjaga daya tahan tubuh. Isi 30 tablet salut, diminum satu kali sehari setelah makan.',
    discountPercentage: 15,
    links: [['Tokopedia', 'Rp 55.000']],
    ageDays: 58,
    isActive: false,
  },
  // Buku & Alat Tulis
  {
    key: 'novel-best-seller',
    categorySlug: 'buku-alat-tulis',
    title: 'Novel Fiksi Best Seller Edisi Soft Cover',
    description:
      'Novel fiksi karya penulis Indonesia yang masuk daftar best seller, edisi soft cover 320 halaman. Cocok untuk bacaan akhir pekan atau hadiah.',
    discountPercentage: 20,
    links: [
      ['Tokopedia', 'Rp 89.000'],
      ['Shopee', 'Rp 85.000'],
      ['Blibli', 'Rp 92.000'],
    ],
    ageDays: 29,
  },
  {
    key: 'pulpen-gel-12',
    categorySlug: 'buku-alat-tulis',
    title: 'Set Pulpen Gel 0.5mm isi 12 Warna',
    description:
      'Set pulpen gel 0,5 mm isi 12 warna cerah dengan tinta cepat kering dan grip karet. Cocok untuk mencatat, bullet journal dan mewarnai.',
    discountPercentage: 25,
    badgeText: 'Hemat',
    badgeColor: 'blue',
    links: [
      ['Shopee', 'Rp 29.000'],
      ['TikTok', 'Rp 27.500'],
    ],
    ageDays: 45,
  },
  // Kursus Online
  {
    key: 'kursus-bahasa-inggris',
    categorySlug: 'kursus-online',
    title: 'Voucher Kursus Online Bahasa Inggris 3 Bulan + Sertifikat',
    description:
      'Akses kelas online bahasa Inggris selama 3 bulan: video materi, latihan speaking bersama tutor dan sertifikat di akhir program. Voucher dikirim lewat chat.',
    discountPercentage: 70,
    badgeText: 'Diskon Besar',
    badgeColor: 'purple',
    links: [
      ['Tokopedia', 'Rp 149.000'],
      ['Shopee', 'Rp 149.000'],
    ],
    ageDays: 10,
  },
  // Perlengkapan Kantor
  {
    key: 'kursi-kantor-ergonomis',
    categorySlug: 'perlengkapan-kantor',
    title: 'Kursi Kantor Ergonomis Sandaran Jaring dengan Headrest',
    description:
      'Kursi kerja ergonomis dengan sandaran jaring yang sejuk, penyangga punggung bawah, headrest dan sandaran tangan yang bisa diatur. Hidrolik kelas 3.',
    discountPercentage: 35,
    badgeText: 'Gratis Ongkir',
    badgeColor: 'green',
    links: [
      ['Tokopedia', 'Rp 899.000'],
      ['Lazada', 'Rp 919.000'],
      ['Blibli', 'Rp 939.000'],
    ],
    ageDays: 15,
  },
  {
    key: 'printer-ink-tank',
    categorySlug: 'perlengkapan-kantor',
    title: 'Printer Ink Tank Wireless Print Scan Copy',
    description:
      'Printer all-in-one dengan sistem tinta isi ulang yang hemat, koneksi Wi-Fi dan cetak langsung dari HP. Satu set tinta cukup untuk 7.500 halaman.',
    discountPercentage: 18,
    links: [
      ['Tokopedia', 'Rp 2.399.000'],
      ['Blibli', 'Rp 2.449.000'],
    ],
    ageDays: 55,
    isActive: false,
  },
  // Makanan & Minuman
  {
    key: 'kopi-arabika-gayo',
    categorySlug: 'makanan-minuman',
    title: 'Kopi Arabika Gayo Bubuk 250g Roasting Medium',
    description:
      'Kopi arabika single origin dari dataran tinggi Gayo, Aceh. Roasting medium dengan rasa fruity dan aftertaste cokelat, digiling sedang untuk tubruk atau V60.',
    discountPercentage: 20,
    badgeText: 'Produk Lokal',
    badgeColor: 'yellow',
    links: [
      ['Shopee', 'Rp 75.000'],
      ['Tokopedia', 'Rp 78.000'],
      ['TikTok', 'Rp 72.000'],
    ],
    ageDays: 8,
  },
  {
    key: 'keripik-singkong-balado',
    categorySlug: 'makanan-minuman',
    title: 'Keripik Singkong Pedas Balado 250g',
    description:
      'Keripik singkong renyah dengan bumbu balado pedas manis khas Padang. Dikemas dalam standing pouch ziplock 250 gram agar tetap renyah.',
    discountPercentage: 15,
    links: [
      ['Shopee', 'Rp 28.000'],
      ['Bukalapak', 'Rp 29.500'],
    ],
    ageDays: 42,
  },
  // Sembako
  {
    key: 'beras-pandan-wangi-5kg',
    categorySlug: 'sembako',
    title: 'Beras Premium Pandan Wangi 5kg',
    description:
      'Beras premium pandan wangi yang pulen dan harum, tanpa pemutih dan pengawet. Kemasan 5 kg dengan ziplock.',
    discountPercentage: 10,
    badgeText: 'Hemat',
    badgeColor: 'green',
    links: [
      ['Tokopedia', 'Rp 79.000'],
      ['Blibli', 'Rp 81.500'],
      ['Shopee', 'Rp 78.500'],
    ],
    ageDays: 2,
  },
  {
    key: 'minyak-goreng-2l',
    categorySlug: 'sembako',
    title: 'Minyak Goreng Sawit 2 Liter Pouch',
    description:
      'Minyak goreng sawit dua kali penyaringan yang jernih dan tidak mudah berbusa. Kemasan pouch 2 liter, kaya vitamin A dan E.',
    discountPercentage: 8,
    links: [
      ['Tokopedia', 'Rp 36.500'],
      ['Blibli', 'Rp 37.000'],
      ['Lazada', ''],
    ],
    ageDays: 34,
  },
  // Hobi & Kerajinan
  {
    key: 'cat-akrilik-24',
    categorySlug: 'hobi-kerajinan',
    title: 'Cat Akrilik Set 24 Warna 12ml + 3 Kuas',
    description:
      'Set cat akrilik 24 warna isi 12 ml per tube dengan 3 kuas. Warna pekat, cepat kering dan tahan air, bisa untuk kanvas, kayu, kain dan sepatu.',
    discountPercentage: 35,
    links: [
      ['Shopee', 'Rp 69.000'],
      ['Tokopedia', 'Rp 72.000'],
    ],
    ageDays: 37,
  },
  // Hewan Peliharaan
  {
    key: 'makanan-kucing-tuna',
    categorySlug: 'hewan-peliharaan',
    title: 'Makanan Kucing Dry Food Rasa Tuna 1.2kg',
    description:
      'Makanan kering kucing dewasa rasa tuna dengan taurin, omega 3 dan 6 untuk bulu berkilau. Kemasan pabrik 1,2 kg.',
    discountPercentage: 22,
    badgeText: 'Terlaris',
    badgeColor: 'orange',
    links: [
      ['Shopee', 'Rp 65.000'],
      ['Tokopedia', 'Rp 68.000'],
      ['Lazada', 'Rp 66.000'],
      ['TikTok', 'Rp 63.000'],
    ],
    ageDays: 11,
  },
  // Perlengkapan Muslim
  {
    key: 'hijab-segi-empat-voal',
    categorySlug: 'perlengkapan-muslim',
    title: 'Hijab Segi Empat Voal Premium Polos 115x115',
    description:
      'Hijab segi empat voal premium ukuran 115x115 cm dengan tepi lasercut. Bahan tegak di dahi, tidak licin dan mudah dibentuk. Tersedia 30 warna.',
    discountPercentage: 40,
    badgeText: 'Terlaris',
    badgeColor: 'pink',
    links: [
      ['Shopee', 'Rp 39.000'],
      ['TikTok', 'Rp 35.000'],
      ['Tokopedia', 'Rp 42.000'],
    ],
    ageDays: 6,
  },
  {
    key: 'sajadah-travel',
    categorySlug: 'perlengkapan-muslim',
    title: 'Sajadah Travel Lipat Tipis Ringan dengan Pouch',
    description:
      'Sajadah travel dari bahan parasut tipis yang ringan dan cepat kering. Bisa dilipat kecil ke dalam pouch, praktis dibawa bekerja atau bepergian.',
    discountPercentage: 30,
    links: [
      ['Shopee', 'Rp 45.000'],
      ['Bukalapak', 'Rp 47.000'],
    ],
    ageDays: 48,
  },
  // Pulsa & Paket Data
  {
    key: 'paket-data-25gb',
    categorySlug: 'pulsa-paket-data',
    title: 'Voucher Paket Data 25GB 30 Hari Semua Operator',
    description:
      'Voucher paket data 25 GB berlaku 30 hari untuk semua jaringan 4G. Kode dikirim otomatis dalam hitungan menit setelah pembayaran.',
    discountPercentage: 12,
    links: [
      ['Tokopedia', 'Rp 88.000'],
      ['Bukalapak', 'Rp 87.500'],
      ['Blibli', 'Rp 89.000'],
    ],
    ageDays: 1,
  },
  // Voucher Digital
  {
    key: 'voucher-google-play',
    categorySlug: 'voucher-digital',
    title: 'Voucher Google Play Rp100.000 Kode Instan',
    description:
      'Kode voucher Google Play senilai Rp100.000 untuk membeli aplikasi, game, buku dan langganan. Kode dikirim instan lewat chat dan email.',
    discountPercentage: 5,
    links: [
      ['Tokopedia', 'Rp 95.000'],
      ['Bukalapak', 'Rp 96.000'],
    ],
    ageDays: 32,
  },
  // Gaming
  {
    key: 'gamepad-wireless',
    categorySlug: 'gaming',
    title: 'Gamepad Controller Wireless untuk PC & Android',
    description:
      'Gamepad wireless dengan koneksi Bluetooth dan 2.4GHz, mendukung PC, Android dan TV box. Getaran ganda, turbo button dan baterai isi ulang 600 mAh.',
    discountPercentage: 45,
    badgeText: 'Flash Sale',
    badgeColor: 'red',
    videoUrl: 'https://www.youtube.com/shorts/kL9mN8bV7cX',
    links: [
      ['Shopee', 'Rp 189.000'],
      ['Tokopedia', 'Rp 199.000'],
      ['TikTok', 'Rp 185.000'],
    ],
    ageDays: 14,
  },
  // Alat Musik
  {
    key: 'gitar-akustik-38',
    categorySlug: 'alat-musik',
    title: 'Gitar Akustik Pemula 38 inch Senar Besi + Tas',
    description:
      'Gitar akustik 38 inch untuk pemula dengan body kayu linden dan senar besi. Paket lengkap dengan tas, capo, pick dan senar cadangan.',
    discountPercentage: 30,
    links: [
      ['Shopee', 'Rp 349.000'],
      ['Tokopedia', 'Rp 365.000'],
      ['Lazada', 'Rp 359.000'],
    ],
    ageDays: 40,
  },
  // Tiket & Hotel
  {
    key: 'voucher-hotel-bali',
    categorySlug: 'tiket-hotel',
    title: 'Voucher Menginap Hotel Bali 2D1N Termasuk Sarapan',
    description:
      'Voucher menginap 2 hari 1 malam di hotel bintang 4 kawasan Kuta, Bali, untuk 2 orang termasuk sarapan. Berlaku hingga 6 bulan, kecuali akhir pekan panjang.',
    discountPercentage: 35,
    badgeText: 'Promo Spesial',
    badgeColor: 'purple',
    links: [
      ['Tokopedia', 'Rp 899.000'],
      ['Blibli', 'Rp 929.000'],
    ],
    ageDays: 19,
  },
  // Perlengkapan Travel
  {
    key: 'koper-kabin-20',
    categorySlug: 'perlengkapan-travel',
    title: 'Koper Kabin 20 inch Hardcase Roda 360 TSA Lock',
    description:
      'Koper kabin 20 inch berbahan ABS + PC yang ringan dan kuat, 4 roda putar 360 derajat dan kunci TSA. Ukuran sesuai bagasi kabin maskapai.',
    discountPercentage: 50,
    badgeText: 'Diskon Besar',
    badgeColor: 'orange',
    mediaType: 'image',
    variations: 3,
    links: [
      ['Shopee', 'Rp 399.000'],
      ['Tokopedia', 'Rp 419.000'],
      ['Lazada', 'Rp 409.000'],
      ['Blibli', 'Rp 429.000'],
    ],
    ageDays: 7,
    promoOrder: 8,
  },
  {
    key: 'bantal-leher-travel',
    categorySlug: 'perlengkapan-travel',
    title: 'Bantal Leher Travel Memory Foam + Penutup Mata',
    description:
      'Bantal leher memory foam yang menopang kepala saat perjalanan jauh. Sarung bisa dicuci, bonus penutup mata dan penyumbat telinga.',
    discountPercentage: 25,
    links: [
      ['Shopee', 'Rp 79.000'],
      ['Lazada', 'Rp 82.000'],
    ],
    ageDays: 53,
  },
  // Emas & Investasi
  {
    key: 'emas-1-gram',
    categorySlug: 'emas-investasi',
    title: 'Logam Mulia Emas 1 Gram 999.9 Bersertifikat',
    description:
      'Emas batangan 1 gram dengan kadar 999,9 dan sertifikat resmi. Dikirim dengan asuransi pengiriman, cocok untuk tabungan jangka panjang.',
    discountPercentage: 5,
    badgeText: 'Official Store',
    badgeColor: 'yellow',
    links: [
      ['Tokopedia', 'Rp 1.465.000'],
      ['Blibli', 'Rp 1.479.000'],
      ['Shopee', 'Rp 1.469.000'],
    ],
    ageDays: 0,
  },
  // Ramadan & Lebaran
  {
    key: 'kurma-ajwa-500',
    categorySlug: 'ramadan-lebaran',
    title: 'Kurma Ajwa Premium Madinah 500g',
    description:
      'Kurma Ajwa asli Madinah grade premium yang lembut dan manis alami. Kemasan box 500 gram, pas untuk berbuka puasa atau oleh-oleh.',
    discountPercentage: 15,
    badgeText: 'Spesial Ramadan',
    badgeColor: 'green',
    links: [
      ['Shopee', 'Rp 135.000'],
      ['Tokopedia', 'Rp 139.000'],
      ['Bukalapak', 'Rp 137.000'],
    ],
    ageDays: 21,
  },
  // Hampers & Kado
  {
    key: 'hampers-kue-kering',
    categorySlug: 'hampers-kado',
    title: 'Hampers Kue Kering Premium 4 Toples + Kartu Ucapan',
    description:
      'Hampers berisi 4 toples kue kering premium: nastar, kastengel, putri salju dan lidah kucing. Dikemas dalam box hardcover dengan pita dan kartu ucapan.',
    discountPercentage: 20,
    links: [
      ['Tokopedia', 'Rp 359.000'],
      ['Shopee', 'Rp 349.000'],
    ],
    ageDays: 46,
  },
  // Back to School
  {
    key: 'tas-sekolah-anak',
    categorySlug: 'back-to-school',
    title: 'Tas Sekolah Anak SD Ringan Anti Air Motif Luar Angkasa',
    description:
      'Tas ransel sekolah untuk anak SD dengan punggung berbusa ergonomis, bahan anti air dan reflektor di bagian depan. Motif luar angkasa yang disukai anak.',
    discountPercentage: 35,
    badgeText: 'Back to School',
    badgeColor: 'blue',
    links: [
      ['Shopee', 'Rp 129.000'],
      ['Tokopedia', 'Rp 135.000'],
      ['Lazada', 'Rp 132.000'],
    ],
    ageDays: 16,
  },
  // Flash Sale
  {
    key: 'robot-vacuum',
    categorySlug: 'flash-sale',
    title: 'Robot Vacuum Cleaner Smart Mapping Kontrol Aplikasi',
    description:
      'Robot vacuum dengan pemetaan ruangan, fungsi sapu dan pel sekaligus, serta kontrol lewat aplikasi HP. Kembali ke dock secara otomatis saat baterai lemah.',
    discountPercentage: 60,
    badgeText: 'Flash Sale',
    badgeColor: 'red',
    links: [
      ['Shopee', 'Rp 1.899.000'],
      ['Tokopedia', 'Rp 1.949.000'],
      ['Lazada', 'Rp 1.929.000'],
      ['Blibli', 'Rp 1.999.000'],
    ],
    ageDays: 0,
    promoOrder: 2,
  },
  // Gratis Ongkir
  {
    key: 'rak-sepatu-5-susun',
    categorySlug: 'gratis-ongkir',
    title: 'Rak Sepatu Susun 5 Tingkat Bongkar Pasang',
    description:
      'Rak sepatu 5 tingkat dengan rangka besi dan sekat kain, muat hingga 15 pasang sepatu. Mudah dibongkar pasang tanpa alat.',
    discountPercentage: 32,
    badgeText: 'Gratis Ongkir',
    badgeColor: 'green',
    links: [
      ['Shopee', 'Rp 59.000'],
      ['Bukalapak', 'Rp 62.000'],
      ['TikTok', 'Rp 57.000'],
    ],
    ageDays: 27,
  },
  // Cashback
  {
    key: 'garment-steamer',
    categorySlug: 'cashback',
    title: 'Setrika Uap Handheld Garment Steamer 1200W',
    description:
      'Setrika uap genggam 1200W yang siap dipakai dalam 25 detik. Merapikan kemeja, gamis dan gorden tanpa papan setrika, tangki air 250 ml.',
    discountPercentage: 40,
    badgeText: 'Cashback 10%',
    badgeColor: 'purple',
    links: [
      ['Shopee', 'Rp 229.000'],
      ['Tokopedia', 'Rp 239.000'],
      ['Lazada', 'Rp 235.000'],
    ],
    ageDays: 18,
  },
  {
    key: 'ember-pel-putar',
    categorySlug: 'cashback',
    title: 'Alat Pel Lantai Putar dengan Ember Pemeras',
    description:
      'Set alat pel putar 360 derajat dengan ember pemeras stainless, gagang aluminium dan 2 kain microfiber cadangan. Lantai bersih tanpa membungkuk.',
    discountPercentage: 35,
    links: [
      ['Shopee', 'Rp 149.000'],
      ['Tokopedia', 'Rp 155.000'],
    ],
    ageDays: 59,
  },
];

export const demoProducts: DemoProduct[] = productSpecs.map((spec, index) =>
  buildProduct(spec, index),
);

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
    targetUrl: null,
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
