import type { PublicPath } from '@shared/public-routes';

export interface NavItem {
  to: PublicPath;
  label: string;
  badge?: {
    text: string;
    label: string;
    tone: 'neutral' | 'fire' | 'top';
    /** Shows the category count instead of `text` when it is higher (spec: '30+'). */
    countsCategories?: boolean;
  };
  highlight?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Beranda' },
  {
    to: '/kategori',
    label: 'Kategori',
    badge: { text: '30+', label: '30+ kategori', tone: 'neutral', countsCategories: true },
  },
  {
    to: '/promo-hari-ini',
    label: 'Promo Hari Ini',
    badge: { text: '🔥', label: 'sedang panas', tone: 'fire' },
    highlight: true,
  },
  {
    to: '/produk-terpopuler',
    label: 'Terpopuler',
    badge: { text: 'Top', label: 'top', tone: 'top' },
  },
  { to: '/contact', label: 'Kontak' },
  { to: '/tentang', label: 'Tentang' },
];
