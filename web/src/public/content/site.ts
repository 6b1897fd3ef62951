// Static texts of the public pages (spec sections 1 and 2).
import { PLATFORMS, PLATFORM_DISPLAY_NAMES, type Platform } from '@shared/constants';

export const SUPPORT_EMAIL = 'halo@diskonradar.id';
export const SUPPORT_HOURS = '08:00-22:00 setiap hari';

export const PLATFORM_COLORS: Record<Platform, string> = {
  Shopee: '#ee4d2d',
  Tokopedia: '#03ac0e',
  Lazada: '#0f146d',
  Blibli: '#0095da',
  Bukalapak: '#e31e52',
  TikTok: '#111111',
};

export function platformName(platform: string): string {
  return (PLATFORMS as readonly string[]).includes(platform)
    ? PLATFORM_DISPLAY_NAMES[platform as Platform]
    : platform;
}

export function platformColor(platform: string): string {
  return PLATFORM_COLORS[platform as Platform] ?? '#374151';
}

export const PARTNERS: { platform: Platform; users: string }[] = [
  { platform: 'Shopee', users: '100+ juta pengguna' },
  { platform: 'Tokopedia', users: '90+ juta pengguna' },
  { platform: 'Lazada', users: '50+ juta pengguna' },
  { platform: 'Blibli', users: '30+ juta pengguna' },
  { platform: 'Bukalapak', users: '30+ juta pengguna' },
  { platform: 'TikTok', users: '120+ juta pengguna' },
];

export const FEATURES = [
  {
    icon: '✅',
    title: 'Diskon Terjamin',
    text: 'Setiap promo kami periksa sebelum tampil, jadi kamu hanya melihat diskon yang benar-benar ada.',
  },
  {
    icon: '⚡',
    title: 'Update Cepat',
    text: 'Produk dan flash sale diperbarui setiap hari mengikuti promo terbaru di marketplace.',
  },
  {
    icon: '🛡️',
    title: 'Terpercaya',
    text: 'Link langsung ke toko resmi di 6 marketplace besar Indonesia, tanpa biaya tambahan.',
  },
];

export const STATS = [
  { value: '4.8', label: 'Rating pengguna' },
  { value: '50.000+', label: 'Pengguna aktif' },
  { value: '10.000+', label: 'Produk diskon' },
  // The spec's '10M+ rupiah': M is miliar to an Indonesian reader, so it is written out.
  { value: 'Rp10 miliar+', label: 'Total penghematan' },
];

export const FOOTER_CATEGORIES = [
  { label: 'Fashion', slug: 'fashion' },
  { label: 'Elektronik', slug: 'elektronik' },
  { label: 'Skincare', slug: 'skincare' },
  { label: 'Rumah Tangga', slug: 'rumah-tangga' },
];
