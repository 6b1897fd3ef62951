import { formatRupiah, resolvePriceValue } from '@shared/rules/price';
import type { PlatformLink, Product } from '@shared/types';
import { DEFAULT_OG_IMAGE, type PageMeta } from '../seo/page-meta';
import { PRODUCT_PARAM } from '@shared/home-address';
import { safeUrl } from '../../common/safe-url';

function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

export const productPath = (id: string) => `/?${PRODUCT_PARAM}=${encodeURIComponent(id)}`;

/** Head of a product's own address: what a WhatsApp preview shows (title, image, discount). */
export function productPageMeta(product: Product, links: readonly PlatformLink[]): PageMeta {
  // The stored number when the API sent one, else the amount read from the display text.
  const prices = links
    .map((link) => link.priceValue ?? resolvePriceValue(link.price))
    .filter((value): value is number => value !== null);
  const price = prices.length > 0 ? Math.min(...prices) : null;
  const highPrice = prices.length > 0 ? Math.max(...prices) : null;
  const from = price !== null ? ` Mulai ${formatRupiah(price)}.` : '';
  return {
    title: `Diskon ${product.discountPercentage}% ${product.title}`,
    description: clip(`Hemat ${product.discountPercentage}%!${from} ${product.description}`, 200),
    path: productPath(product.id),
    keywords: [product.title, product.category?.name ?? '', 'diskon'].filter(Boolean),
    schemaType: 'product',
    product: {
      name: product.title,
      description: clip(product.description, 500),
      image: safeUrl(product.imageUrl) ?? DEFAULT_OG_IMAGE,
      brand: product.brand?.trim() || 'DiskonRadar',
      discountPercentage: product.discountPercentage,
      category: product.category?.name ?? null,
      offers: {
        price,
        highPrice,
        offerCount: prices.length,
        priceCurrency: 'IDR',
        availability: product.isActive ? 'InStock' : 'OutOfStock',
        url: productPath(product.id),
      },
    },
  };
}
