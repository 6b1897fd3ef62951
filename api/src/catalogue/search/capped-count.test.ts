import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { SEARCH_COUNT_CAP } from '@shared/constants';
import type { ProductListResponse } from '@shared/types';
import { describeApi, type ApiFixture } from '../../../test/support/api';
import { productRow } from '../../../test/support/catalogue-fixtures';
import { unique } from '../../../test/support/fixtures';

/** Writing a thousand products with their search triggers takes a while on a busy machine. */
const MANY_ROWS_TIMEOUT_MS = 240_000;

/** More title matches than a public search counts, and a few description-only ones after. */
const IN_TITLE = SEARCH_COUNT_CAP + 30;
const IN_DESCRIPTION = 5;
const TOTAL = IN_TITLE + IN_DESCRIPTION;

/** A made-up word no demo product holds. */
const madeUpWord = () =>
  `w${unique()
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)
    .slice(0, 7)}`;

/** Products written straight to the table, one second apart: newest is the highest number. */
async function insertProducts(
  api: ApiFixture,
  categoryId: string,
  make: (i: number) => { title: string; description: string },
  count: number,
  startMs: number,
) {
  const { db } = api.server.running;
  const rows = Array.from({ length: count }, (_, i) =>
    productRow({
      id: randomUUID(),
      categoryId: Number(categoryId),
      ...make(i),
      imageUrl: 'https://example.com/a.webp',
      platforms: '[]',
      createdAt: new Date(startMs + i * 1_000),
      updatedAt: new Date(startMs + i * 1_000),
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

describeApi('public search: a common word is counted up to the cap', (api) => {
  const word = madeUpWord();
  const rare = madeUpWord();
  let categoryId = '';
  const list = async (query: string) => {
    const res = await api.visitor.get<ProductListResponse>(`/api/products?${query}`);
    expect(res.status, query).toBe(200);
    return res.body;
  };
  const titles = (body: ProductListResponse) => body.products.map((p) => p.title);

  it(
    'writes the catalogue',
    async () => {
      categoryId = (await api.createCategory('Cap', unique())).id;
      const start = Date.UTC(2025, 0, 1);
      await insertProducts(
        api,
        categoryId,
        (i) => ({ title: `${word} nomor ${i}`, description: 'Produk uji' }),
        IN_TITLE,
        start,
      );
      await insertProducts(
        api,
        categoryId,
        (i) => ({ title: `Barang lain ${i}`, description: `Cocok untuk ${word} setiap hari` }),
        IN_DESCRIPTION,
        start + IN_TITLE * 1_000,
      );
      await api.createProduct({ categoryId, title: `Kaos ${rare} Katun` });
    },
    MANY_ROWS_TIMEOUT_MS,
  );

  it('says "1.000+" on the first page: a lower bound, a next page, pages it fills', async () => {
    const first = await list(`search=${word}&limit=12`);
    expect(first).toMatchObject({
      currentPage: 1,
      totalCount: SEARCH_COUNT_CAP,
      totalCountCapped: true,
      hasNextPage: true,
      totalPages: Math.ceil(SEARCH_COUNT_CAP / 12),
    });
    // Title matches rank first, newest first.
    expect(titles(first)[0]).toBe(`${word} nomor ${IN_TITLE - 1}`);
    expect(titles(first)).toHaveLength(12);
  });

  it('pages past the cap while matches remain, in rank order, and ends with an exact last page', async () => {
    // 100 a page: page 10 ends at row 1,000, page 11 holds rows 1,001-1,035.
    const tenth = await list(`search=${word}&limit=100&page=10`);
    expect(tenth).toMatchObject({ totalCountCapped: true, hasNextPage: true, totalPages: 11 });
    expect(titles(tenth).at(-1)).toBe(`${word} nomor ${IN_TITLE - 1000}`);
    const last = await list(`search=${word}&limit=100&page=11`);
    expect(last.totalCountCapped).toBeUndefined();
    expect(last).toMatchObject({ totalCount: TOTAL, totalPages: 11, hasNextPage: false });
    expect(last.products).toHaveLength(TOTAL - 1000);
    // The rest of the title matches, then the description-only ones, newest first.
    expect(titles(last).slice(0, IN_TITLE - 1000)).toEqual(
      Array.from({ length: IN_TITLE - 1000 }, (_, i) => `${word} nomor ${IN_TITLE - 1001 - i}`),
    );
    expect(titles(last).slice(IN_TITLE - 1000)).toEqual(
      Array.from({ length: IN_DESCRIPTION }, (_, i) => `Barang lain ${IN_DESCRIPTION - 1 - i}`),
    );
    const beyond = await list(`search=${word}&limit=100&page=12`);
    expect(beyond).toMatchObject({ totalCount: TOTAL, products: [], hasNextPage: false });
  });

  it('counts on to just past a page that lies beyond the cap', async () => {
    // Rows 1,021-1,032: more match after them, the count a lower bound through this page.
    const deep = await list(`search=${word}&limit=12&page=86`);
    expect(deep).toMatchObject({
      totalCount: 1032,
      totalCountCapped: true,
      totalPages: 87,
      hasNextPage: true,
    });
    const last = await list(`search=${word}&limit=12&page=87`);
    expect(last).toMatchObject({ totalCount: TOTAL, totalPages: 87, hasNextPage: false });
    expect(last.products).toHaveLength(TOTAL - 1032);
  });

  it('keeps a rare word exact', async () => {
    const found = await list(`search=${rare}`);
    expect(found).toMatchObject({ totalCount: 1, totalPages: 1, hasNextPage: false });
    expect(found.totalCountCapped).toBeUndefined();
  });

  it('caps the count with a category and a filter too, and samples the facets', async () => {
    const inCategory = await list(`search=${word}&categoryId=${categoryId}&limit=12`);
    expect(inCategory).toMatchObject({ totalCount: SEARCH_COUNT_CAP, totalCountCapped: true });
    const filtered = await list(`search=${word}&minDiscount=10&sort=newest&facets=true`);
    expect(filtered).toMatchObject({
      totalCount: SEARCH_COUNT_CAP,
      totalCountCapped: true,
      hasNextPage: true,
    });
    // Newest first across every match: the description-only products are the newest.
    expect(titles(filtered)[0]).toBe(`Barang lain ${IN_DESCRIPTION - 1}`);
    // The facets counted the newest 1,000 matches: every one has a 10% discount.
    expect(filtered.facets?.capped).toBe(true);
    expect(filtered.facets?.discounts.find((d) => d.min === 10)?.count).toBe(SEARCH_COUNT_CAP);
    const lastFiltered = await list(`search=${word}&minDiscount=10&sort=newest&limit=100&page=11`);
    expect(lastFiltered).toMatchObject({ totalCount: TOTAL, hasNextPage: false });
    expect(lastFiltered.products).toHaveLength(TOTAL - 1000);
    const rareFacets = await list(`search=${rare}&facets=true`);
    expect(rareFacets.facets?.capped).toBeUndefined();
  });
});
