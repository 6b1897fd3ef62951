import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { ADMIN_SEARCH_COUNT_CAP } from '@shared/constants';
import type { ProductBulkResult } from '@shared/schemas';
import type { AdminProductCountResponse, AdminProductListResponse } from '@shared/types';
import { describeApi, type ApiFixture } from '../../../test/support/api';
import { productRow } from '../../../test/support/catalogue-fixtures';
import { unique } from '../../../test/support/fixtures';

/** Writing thousands of products with their search triggers takes a while on a busy machine. */
const MANY_ROWS_TIMEOUT_MS = 240_000;

/** More matches than the list counts (1,000): 67 pages of 24, the last with 16 rows. */
const MATCHES = 1_600;
const PER_PAGE = 24;

async function newCategory(api: ApiFixture, tag: string): Promise<string> {
  return (await api.createCategory('Halaman', tag)).id;
}

/**
 * `count` products titled "<word> nomor <i>" written straight to the table (a thousand rows a
 * statement), one second apart from `startMs` so that newest-first is nomor count-1 first.
 */
async function insertMatches(
  api: ApiFixture,
  options: { categoryId: string; word: string; count: number; startMs: number },
) {
  const { db } = api.server.running;
  const rows = Array.from({ length: options.count }, (_, i) =>
    productRow({
      id: randomUUID(),
      categoryId: Number(options.categoryId),
      title: `${options.word} nomor ${i}`,
      description: 'Produk uji untuk halaman yang dalam',
      platforms: '[]',
      createdAt: new Date(options.startMs + i * 1_000),
      updatedAt: new Date(options.startMs + i * 1_000),
    }),
  );
  for (let start = 0; start < rows.length; start += 1_000) {
    await db.write((transaction) =>
      db.sequelize
        .getQueryInterface()
        .bulkInsert('products', rows.slice(start, start + 1_000), { transaction }),
    );
  }
}

describeApi('admin product list: every match is reachable', (api) => {
  const page = async (query: string) => {
    const res = await api.admin.get<AdminProductListResponse>(`/api/admin/products?${query}`);
    expect(res.status, query).toBe(200);
    return res.body;
  };
  const count = async (query: string) => {
    const res = await api.admin.get<AdminProductCountResponse>(
      `/api/admin/products/count?${query}`,
    );
    expect(res.status, query).toBe(200);
    return res.body;
  };
  const titles = (body: AdminProductListResponse) => body.products.map((p) => p.title);

  const tag = unique();
  const word = `Dalam${tag}`;
  const search = `search=${word.toLowerCase()}`;
  let categoryId = '';

  it(
    'pages a capped search to its last match, past where the count stops',
    async () => {
      categoryId = await newCategory(api, tag);
      await insertMatches(api, {
        categoryId,
        word,
        count: MATCHES,
        startMs: Date.UTC(2026, 0, 1),
      });

      const first = await page(`page=1&limit=${PER_PAGE}&${search}`);
      expect(first).toMatchObject({
        currentPage: 1,
        totalCount: ADMIN_SEARCH_COUNT_CAP,
        totalCountCapped: true,
        hasNextPage: true,
      });
      expect(titles(first)[0]).toBe(`${word} nomor ${MATCHES - 1}`);

      // Page 56 (rows 1,321 to 1,344) lies past the 42 pages a count of 1,000 fills.
      const deep = await page(`page=56&limit=${PER_PAGE}&${search}`);
      expect(deep.currentPage).toBe(56);
      expect(deep.hasNextPage).toBe(true);
      if (api.dialect === 'sqlite') {
        // Past the counted pages SQLite's trigram index lists the matches: the count is exact.
        expect(deep).toMatchObject({ totalCount: MATCHES, totalPages: 67 });
        expect(deep.totalCountCapped).toBeUndefined();
      } else {
        // At least the rows up to this page match, and at least one page follows.
        expect(deep).toMatchObject({
          totalCount: 56 * PER_PAGE,
          totalCountCapped: true,
          totalPages: 57,
        });
      }
      expect(titles(deep)).toHaveLength(PER_PAGE);
      expect(titles(deep)[0]).toBe(`${word} nomor ${MATCHES - 1 - 55 * PER_PAGE}`);

      // The last page has the last matches, and knows the count is exact.
      const lastPage = Math.ceil(MATCHES / PER_PAGE);
      const last = await page(`page=${lastPage}&limit=${PER_PAGE}&${search}`);
      expect(last).toMatchObject({
        currentPage: lastPage,
        totalPages: lastPage,
        totalCount: MATCHES,
        hasNextPage: false,
      });
      expect(last.totalCountCapped).toBeUndefined();
      expect(titles(last)).toHaveLength(MATCHES % PER_PAGE);
      expect(titles(last).at(-1)).toBe(`${word} nomor 0`);

      // A page past the end (an old link) says where the end is.
      const beyond = await page(`page=${lastPage + 5}&limit=${PER_PAGE}&${search}`);
      expect(beyond).toMatchObject({ products: [], totalCount: MATCHES, totalPages: lastPage });
      expect(beyond.hasNextPage).toBe(false);

      // Walking the pages by "next" alone reaches every match once, in every sort.
      for (const sort of ['newest', 'title'] as const) {
        const seen = new Set<string>();
        let current = 1;
        for (;;) {
          const body = await page(`page=${current}&limit=100&sort=${sort}&${search}`);
          for (const product of body.products) seen.add(product.id);
          if (!body.hasNextPage) break;
          current += 1;
        }
        expect(seen.size, sort).toBe(MATCHES);
        expect(current, sort).toBe(MATCHES / 100);
      }
    },
    MANY_ROWS_TIMEOUT_MS,
  );

  it('counts the matches exactly on demand, with the same filters as the list', async () => {
    expect(await count(search)).toEqual({ totalCount: MATCHES, totalCountCapped: false });
    expect(await count(`${search}&categoryId=${categoryId}&status=active`)).toEqual({
      totalCount: MATCHES,
      totalCountCapped: false,
    });
    expect(await count(`${search}&status=inactive`)).toEqual({
      totalCount: 0,
      totalCountCapped: false,
    });
    expect(await count(`categoryId=${categoryId}`)).toEqual({
      totalCount: MATCHES,
      totalCountCapped: false,
    });
    expect(await count(`search=${encodeURIComponent(`${word} nomor 15`)}`)).toEqual({
      // nomor 15, 150..159, 1500..1599
      totalCount: 111,
      totalCountCapped: false,
    });
    for (const bad of ['status=deleted', 'categoryId=abc', 'linkHealth=ok']) {
      const res = await api.admin.get<{ message: string }>(`/api/admin/products/count?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/^Invalid query parameter /);
    }
    expect((await api.visitor.get(`/api/admin/products/count?${search}`)).status).toBe(401);
  });

  it('acts on every match of a capped search in one bulk action', async () => {
    const res = await api.admin.post<ProductBulkResult>('/api/admin/products/bulk', {
      filter: { search: word.toLowerCase() },
      action: 'deactivate',
    });
    expect(res.status).toBe(200);
    expect(res.body.affected).toBe(MATCHES);
    expect(await count(`${search}&status=inactive`)).toEqual({
      totalCount: MATCHES,
      totalCountCapped: false,
    });
    const deepInactive = await page(`page=60&limit=${PER_PAGE}&${search}&status=inactive`);
    expect(deepInactive.products).toHaveLength(PER_PAGE);
    expect(deepInactive.products.every((product) => !product.isActive)).toBe(true);
  });

  it(
    'stops counting past the bulk limit and says so',
    async () => {
      const otherCategory = await newCategory(api, unique());
      await insertMatches(api, {
        categoryId: otherCategory,
        word,
        count: 10_001 - MATCHES,
        startMs: Date.UTC(2025, 0, 1),
      });
      expect(await count(search)).toEqual({ totalCount: 10_000, totalCountCapped: true });
      expect(await count(`${search}&categoryId=${categoryId}`)).toEqual({
        totalCount: MATCHES,
        totalCountCapped: false,
      });
      // A search and a category together: the last match is still a page away.
      const lastPage = Math.ceil(MATCHES / PER_PAGE);
      const last = await page(
        `page=${lastPage}&limit=${PER_PAGE}&${search}&categoryId=${categoryId}`,
      );
      expect(titles(last).at(-1)).toBe(`${word} nomor 0`);
      expect(last).toMatchObject({ totalCount: MATCHES, hasNextPage: false });
    },
    MANY_ROWS_TIMEOUT_MS,
  );
});
