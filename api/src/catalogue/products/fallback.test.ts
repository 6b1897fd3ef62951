import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_PRODUCTS } from '@shared/constants';
import { popularFallback, promoFallback } from '@shared/rules/ranking';
import type { Product } from '@shared/types';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { insertCategory } from '../../../test/support/catalogue-fixtures';
import { seededRandom } from '../../lib/prng';

const PRODUCTS = 150;
const DAY_MS = 86_400_000;

describe.each(['sqlite', 'postgres'] as const)(
  'promo and popular fallbacks with nothing featured on %s',
  (dialect) => {
    let server: TestServer;
    const all: {
      id: string;
      discountPercentage: number;
      badgeText: string | null;
      createdAt: string;
      isActive: boolean;
    }[] = [];

    beforeAll(async () => {
      // No demo data: nothing is featured.
      server = await startTestServer(dialect, { seedDemo: false });
      const { db } = server.running;
      const categoryId = await insertCategory(db);
      const random = seededRandom(7);
      const start = Date.UTC(2024, 0, 1);
      const rows = Array.from({ length: PRODUCTS }, (_, i) => {
        // Spread over almost three years, with runs of equal discounts and some badges
        // (some only spaces, which do not count), so every part of the score matters.
        const createdAt = new Date(start + Math.floor(random() * 1_000) * DAY_MS);
        const product = {
          id: randomUUID(),
          discountPercentage: i % 7 === 0 ? 0 : 5 + Math.floor(random() * 90),
          badgeText: i % 5 === 0 ? 'Terlaris' : i % 11 === 0 ? '   ' : null,
          createdAt: createdAt.toISOString(),
          isActive: i % 9 !== 0,
        };
        all.push(product);
        return {
          ...product,
          categoryId,
          title: `Produk fallback ${i}`,
          description: 'Deskripsi',
          imageUrl: '/media/og-default.jpg',
          imageUrls: '[]',
          mediaType: 'default',
          badgeColor: 'green',
          platforms: '[]',
          isFeaturedPromo: false,
          isFeaturedPopular: false,
          featuredOrder: 0,
          createdAt,
          updatedAt: createdAt,
        };
      });
      await db.write((transaction) =>
        db.sequelize.getQueryInterface().bulkInsert('products', rows, { transaction }),
      );
    });
    afterAll(() => server?.close());

    const get = async (path: string) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      return (await res.json()) as Product[];
    };

    it('serves the promo ranking of spec section 5, one page of it', async () => {
      expect(await get('/api/products/featured/promo')).toEqual([]);
      const promo = await get('/api/products/fallback/promo');
      const expected = promoFallback(all).slice(0, FALLBACK_PRODUCTS);
      expect(promo.map((p) => p.discountPercentage)).toEqual(
        expected.map((p) => p.discountPercentage),
      );
      expect(promo.every((p) => p.isActive && p.discountPercentage > 0)).toBe(true);
    });

    it('serves the popular ranking by popularScore, one page of it', async () => {
      const popular = await get('/api/products/fallback/popular');
      const expected = popularFallback(all).slice(0, FALLBACK_PRODUCTS);
      expect(popular.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    });
  },
);
