/**
 * The public routes of spec section 2: the site renders these and the server answers 404 for
 * anything else. The end-to-end specs visit the same list.
 */
export const PUBLIC_PATHS = [
  '/',
  '/kategori',
  '/promo-hari-ini',
  '/produk-terpopuler',
  '/tentang',
  '/contact',
  '/privacy',
  '/terms',
] as const;
