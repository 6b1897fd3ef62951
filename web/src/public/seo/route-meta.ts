// Metadata of the static routes, shared by the server head and the browser's title updates. The
// routes are shared/public-routes.ts's: a route without its texts here fails to compile.
import { publicRoute, type PublicPath } from '@shared/public-routes';
import type { PageMeta } from './page-meta';

type StaticMeta = Omit<PageMeta, 'path' | 'noIndex'>;

export const ROUTE_META: Record<PublicPath, StaticMeta> = {
  '/': {
    title: 'DiskonRadar - Diskon & Promo Terbaik dari 6 Marketplace',
    description:
      'Temukan diskon hingga 70% dari Shopee, Tokopedia, Lazada, Blibli, Bukalapak dan TikTok Shop dalam 31+ kategori. Gratis, tanpa daftar, diperbarui setiap hari.',
    keywords: ['diskon hari ini', 'promo marketplace', 'kode promo'],
    schemaType: 'website',
  },
  '/kategori': {
    title: 'Semua Kategori Produk Diskon',
    description:
      'Jelajahi 31+ kategori produk diskon: fashion, elektronik, skincare, rumah tangga dan banyak lagi dari 6 marketplace terpercaya.',
    keywords: ['kategori diskon', 'kategori produk'],
    schemaType: 'website',
  },
  '/promo-hari-ini': {
    title: 'Promo Hari Ini - Flash Sale Diskon hingga 70%',
    description:
      'Flash sale dan promo hari ini dari Shopee, Tokopedia, Lazada, Blibli, Bukalapak dan TikTok Shop. Diskon hingga 70%, berakhir tengah malam.',
    keywords: ['promo hari ini', 'flash sale hari ini', 'hot deal'],
    schemaType: 'website',
  },
  '/produk-terpopuler': {
    title: 'Produk Terpopuler - Ranking Produk Diskon Favorit',
    description:
      'Daftar produk diskon paling populer pilihan pengguna DiskonRadar, diperbarui setiap hari dari 6 marketplace.',
    keywords: ['produk terpopuler', 'produk terlaris', 'trending'],
    schemaType: 'website',
  },
  '/tentang': {
    title: 'Tentang DiskonRadar',
    description:
      'DiskonRadar membantu 50.000+ pengguna menemukan diskon terbaik dari 6 marketplace. Kenali misi, nilai dan cara kerja kami.',
    keywords: ['tentang DiskonRadar', 'cara kerja'],
    schemaType: 'organization',
  },
  '/contact': {
    title: 'Hubungi Kami',
    description:
      'Hubungi tim DiskonRadar untuk bantuan, kemitraan atau pertanyaan bisnis. Kami membalas dalam 1-2 hari kerja.',
    keywords: ['kontak DiskonRadar', 'bantuan', 'kerja sama'],
    schemaType: 'organization',
  },
  '/privacy': {
    title: 'Kebijakan Privasi',
    description:
      'Kebijakan Privasi DiskonRadar: data yang kami kumpulkan, cara kami menggunakannya dan hak-hak kamu.',
    keywords: ['kebijakan privasi'],
    schemaType: 'website',
  },
  '/terms': {
    title: 'Syarat dan Ketentuan',
    description:
      'Syarat dan Ketentuan penggunaan DiskonRadar, termasuk link afiliasi, harga dan tanggung jawab.',
    keywords: ['syarat dan ketentuan'],
    schemaType: 'website',
  },
  '/pantauan': {
    title: 'Pantauan Harga',
    description:
      'Produk yang kamu pantau di perangkat ini: harga saat mulai dipantau, harga sekarang dan perubahannya. Tanpa akun.',
    keywords: ['pantau harga', 'notifikasi harga turun'],
    schemaType: 'website',
  },
};

export const NOT_FOUND_META: Omit<PageMeta, 'path'> = {
  title: '404 Page Not Found',
  description: 'Did you forget to add the page to the router?',
  noIndex: true,
  schemaType: 'website',
};

/** Short page descriptions shown in the nav bar on large screens. */
export const NAV_DESCRIPTIONS: Record<PublicPath, string> = {
  '/': 'Temukan diskon terbaik dari 6 marketplace',
  // No count here: the page's heading gives the real one.
  '/kategori': 'Jelajahi semua kategori produk diskon',
  '/promo-hari-ini': 'Flash sale hari ini, diskon hingga 70%',
  '/produk-terpopuler': 'Produk diskon paling diminati',
  '/contact': 'Hubungi tim DiskonRadar',
  '/tentang': 'Kenali DiskonRadar lebih dekat',
  '/privacy': 'Kebijakan privasi DiskonRadar',
  '/terms': 'Syarat dan ketentuan penggunaan',
  '/pantauan': 'Produk yang kamu pantau harganya',
};

export function staticMeta(pathname: string): PageMeta {
  const route = publicRoute(pathname);
  if (!route) return { ...NOT_FOUND_META, path: pathname };
  const meta = ROUTE_META[route.path];
  return route.indexable ? { ...meta, path: pathname } : { ...meta, path: pathname, noIndex: true };
}

/** A page one step below the home page: its static metadata and the trail Beranda › `name`. */
export function topLevelMeta(path: PublicPath, name: string): PageMeta {
  return {
    ...staticMeta(path),
    breadcrumbs: [
      { name: 'Beranda', path: '/' },
      { name, path },
    ],
  };
}
