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

/**
 * The nav link the page belongs to: the home address lights "Beranda" only as the plain
 * listing; a category's listing belongs to "Kategori" and a search to no link (the header's
 * search box is its place). Other pages match by path.
 */
export function activeNavPath(pathname: string, search: string): PublicPath | null {
  const match = NAV_ITEMS.find((item) => item.to === pathname)?.to ?? null;
  if (match !== '/') return match;
  const params = new URLSearchParams(search);
  if ((params.get('search') ?? '').trim() !== '') return null;
  if ((params.get('category') ?? '') !== '') return '/kategori';
  return '/';
}
