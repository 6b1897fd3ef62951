import { describe, expect, it } from 'vitest';
import type { PlatformLink, Product } from '@shared/types';
import { productPageMeta } from './product-meta';
import { safeUrl } from '../../common/safe-url';

const product: Product = {
  id: '4f1c2a56-0000-4000-8000-000000000001',
  categoryId: '3',
  title: 'Sepatu Lari Pria',
  description: 'Sepatu ringan untuk lari harian.',
  imageUrl: '/media/products/sepatu.webp',
  imageUrls: [],
  mediaType: 'default',
  discountPercentage: 45,
  badgeColor: 'green',
  platforms: ['Shopee', 'Tokopedia'],
  isActive: true,
  isFeaturedPromo: false,
  isFeaturedPopular: false,
  featuredOrder: 0,
  createdAt: '2024-12-01T00:00:00.000Z',
};

const link = (platform: PlatformLink['platform'], price: string | null): PlatformLink => ({
  id: platform,
  productId: product.id,
  platform,
  affiliateUrl: `https://example.com/${platform}`,
  price,
  priceValue: null,
  originalPriceValue: null,
  availability: 'in_stock',
  beforePrice: null,
  saving: null,
  createdAt: '',
});

describe('productPageMeta', () => {
  it('puts the discount in the title and the lowest price in the offer', () => {
    const meta = productPageMeta(product, [
      link('Shopee', 'Rp 250.000'),
      link('Tokopedia', 'Rp 199.000'),
    ]);
    expect(meta.title).toBe('Diskon 45% Sepatu Lari Pria');
    expect(meta.path).toBe(`/?produk=${product.id}`);
    expect(meta.description).toContain('Mulai Rp 199.000');
    expect(meta.product?.offers).toMatchObject({
      price: 199000,
      highPrice: 250000,
      offerCount: 2,
      priceCurrency: 'IDR',
    });
  });

  it('prefers the stored priceValue over the display text', () => {
    const meta = productPageMeta(product, [
      { ...link('Shopee', 'Mulai 1 jutaan'), priceValue: 1_050_000 },
      link('Tokopedia', 'Rp1,099,000'),
      link('Lazada', null),
    ]);
    expect(meta.description).toContain('Mulai Rp 1.050.000');
    expect(meta.product?.offers).toMatchObject({
      price: 1_050_000,
      highPrice: 1_099_000,
      offerCount: 2,
    });
  });

  it('leaves the price out when no link has a readable one', () => {
    expect(productPageMeta(product, [link('Shopee', 'N/A')]).product?.offers.price).toBeNull();
  });

  it('never uses an image address that is not http(s) or site-relative', () => {
    const meta = productPageMeta({ ...product, imageUrl: 'javascript:alert(1)' }, []);
    expect(meta.product?.image).toBe('/og/diskonradar.png');
    expect(safeUrl('//evil.example/x.png')).toBeNull();
    expect(safeUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
  });
});
