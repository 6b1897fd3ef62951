import { expect, it } from 'vitest';
import type {
  MissedSearches,
  Product,
  ProductListResponse,
  SearchSuggestions,
} from '@shared/types';
import { describeApi, type ApiFixture } from '../../../test/support/api';
import { unique } from '../../../test/support/fixtures';
import {
  eventMessage,
  eventually,
  sessionMessage,
  TestSocket,
  wsUrl,
} from '../../../test/analytics-support';

/** A made-up word no demo product holds, so each test owns its matches. */
const word = () =>
  `q${unique()
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)
    .slice(0, 7)}`;

async function search(api: ApiFixture, term: string, extra = '') {
  const res = await api.visitor.get<ProductListResponse>(
    `/api/products?search=${encodeURIComponent(term)}${extra}`,
  );
  expect(res.status).toBe(200);
  return res.body;
}

const ids = (list: { products: Product[] }) => list.products.map((p) => p.id);

describeApi('catalogue search API', (api) => {
  it('ranks a title match above a badge or category match above a description match', async () => {
    const w = word();
    const inDescription = await api.createProduct({
      title: 'Barang Satu',
      description: `Cocok untuk ${w} setiap hari`,
    });
    const inBadge = await api.createProduct({ title: 'Barang Dua', badgeText: w });
    const inTitle = await api.createProduct({ title: `Kaos ${w} Katun` });
    const found = await search(api, w);
    expect(ids(found)).toEqual([inTitle.id, inBadge.id, inDescription.id]);
    expect(found).toMatchObject({ currentPage: 1, totalPages: 1, totalCount: 3 });
    // The full product with its category, as the listing gives it.
    expect(found.products[0]).toMatchObject({ title: `Kaos ${w} Katun`, isActive: true });
    expect(found.products[0]!.category?.id).toBe(inTitle.categoryId);
  });

  it('pages the ranked matches and keeps the count', async () => {
    const w = word();
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) made.push((await api.createProduct({ title: `${w} ${i}` })).id);
    const first = await search(api, w, '&limit=2');
    const third = await search(api, w, '&limit=2&page=3');
    expect(first).toMatchObject({ totalCount: 5, totalPages: 3, currentPage: 1 });
    expect(third).toMatchObject({ totalCount: 5, totalPages: 3, currentPage: 3 });
    const all = await search(api, w, '&limit=12');
    expect(ids(first)).toEqual(ids(all).slice(0, 2));
    expect(ids(third)).toEqual(ids(all).slice(4));
    // Newest first among equal matches.
    expect(ids(all)).toEqual([...made].reverse());
  });

  it('ignores case and diacritics, needs every word, and takes the last as a prefix', async () => {
    const w = word();
    const cafe = await api.createProduct({ title: `Kopi Café Crème ${w}` });
    const other = await api.createProduct({ title: `Kopi Susu ${w}` });
    expect(ids(await search(api, `CAFE creme ${w}`))).toEqual([cafe.id]);
    expect(ids(await search(api, `${w.toUpperCase()} kopi`))).toEqual(
      expect.arrayContaining([cafe.id, other.id]),
    );
    // Every word must match.
    expect(ids(await search(api, `${w} kopi teh`))).toEqual([]);
    // The last word is a prefix: `su` finds `susu`; a first word is not.
    expect(ids(await search(api, `${w} su`))).toEqual([other.id]);
    expect(ids(await search(api, `${w.slice(0, 5)} kopi`))).toEqual([]);
    expect(ids(await search(api, `kopi ${w.slice(0, 5)}`))).toEqual(
      expect.arrayContaining([cafe.id, other.id]),
    );
  });

  it('forgives one typo in a word of five or more letters', async () => {
    const w = word();
    const product = await api.createProduct({ title: `Headphone ${w} Nirkabel` });
    expect(ids(await search(api, `headpone ${w}`))).toEqual([product.id]);
    // A word this server just wrote is a typo fix at once too (new-words.test.ts).
    // Two typos are too many.
    expect(ids(await search(api, `hedpone ${w}`))).toEqual([]);
  });

  it('never lets visitor text become query syntax', async () => {
    const w = word();
    const product = await api.createProduct({ title: `Tas ${w} Kulit` });
    for (const term of [
      `"${w}"`,
      `${w}*`,
      `${w}:kulit`,
      `kulit:${w}`,
      `^${w}`,
      `(${w})`,
      `${w} & kulit | !`,
      `${w} \\`,
      `${w} %`,
      `${w}\u0000 kulit\u0000`,
    ]) {
      const found = await search(api, term);
      expect(ids(found), term).toContain(product.id);
    }
    // Operators are plain words that must match too: as syntax these would find the bag.
    for (const term of [
      `${w} OR zzqqxx`,
      `NEAR(${w} kulit)`,
      `${w} -zzqqxx`,
      `${w} NOT zzqqxx`,
      `${w}'; DROP TABLE products; --`,
    ]) {
      expect(ids(await search(api, term)), term).toEqual([]);
    }
    expect(ids(await search(api, `${w} kulit`))).toEqual([product.id]);
    // Syntax alone is no words: the plain listing, never an error.
    for (const term of ['"', '*', '%_', ':', '()', 'OR', '\u0000']) {
      const res = await api.visitor.get<ProductListResponse>(
        `/api/products?search=${encodeURIComponent(term)}`,
      );
      expect(res.status, term).toBe(200);
    }
    const tooLong = await api.visitor.get(`/api/products?search=${'a'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
  });

  it('never finds an inactive product', async () => {
    const w = word();
    const hidden = await api.createProduct({ title: `Jam ${w}`, isActive: false });
    const shown = await api.createProduct({ title: `Jam ${w} Tangan` });
    expect(ids(await search(api, w))).toEqual([shown.id]);
    expect(ids(await search(api, `jam ${w}`))).not.toContain(hidden.id);
    const suggested = await api.visitor.get<SearchSuggestions>(`/api/search/suggest?q=${w}`);
    expect(suggested.body.products.map((p) => p.id)).toEqual([shown.id]);
  });

  it('reflects admin writes and deletes at once, cached or not', async () => {
    const w = word();
    const product = await api.createProduct({ title: `Sepeda ${w}` });
    expect(ids(await search(api, w))).toEqual([product.id]);
    // The same address again (now cached) after an edit that removes the word.
    const renamed = await api.admin.put(`/api/admin/products/${product.id}`, {
      categoryId: product.categoryId,
      title: 'Sepeda Gunung Baru',
      description: product.description,
      imageUrl: product.imageUrl,
      discountPercentage: '20',
      platforms: ['Shopee'],
      isActive: true,
    });
    expect(renamed.status).toBe(200);
    expect(ids(await search(api, w))).toEqual([]);
    const second = word();
    const again = await api.admin.put(`/api/admin/products/${product.id}`, {
      categoryId: product.categoryId,
      title: `Sepeda ${second}`,
      description: product.description,
      imageUrl: product.imageUrl,
      discountPercentage: '20',
      platforms: ['Shopee'],
      isActive: true,
    });
    expect(again.status).toBe(200);
    expect(ids(await search(api, second))).toEqual([product.id]);
    expect((await api.admin.delete(`/api/admin/products/${product.id}`)).status).toBe(204);
    expect(await search(api, second)).toMatchObject({ products: [], totalCount: 0 });
    const suggested = await api.visitor.get<SearchSuggestions>(`/api/search/suggest?q=${second}`);
    expect(suggested.body.products).toEqual([]);
  });

  it('searches within a category by id or slug', async () => {
    const w = word();
    const [first, second] = api.categories;
    const a = await api.createProduct({ title: `Lampu ${w}`, categoryId: first!.id });
    const b = await api.createProduct({ title: `Lampu ${w}`, categoryId: second!.id });
    expect(ids(await search(api, w, `&categoryId=${first!.id}`))).toEqual([a.id]);
    expect(ids(await search(api, w, `&category=${second!.slug}`))).toEqual([b.id]);
    expect(await search(api, w, '&category=tidak-ada')).toMatchObject({ totalCount: 0 });
  });

  it('lists deep pages without a term, newest first', async () => {
    const first = await api.visitor.get<ProductListResponse>('/api/products?page=1&limit=5');
    const second = await api.visitor.get<ProductListResponse>('/api/products?page=2&limit=5');
    const ten = await api.visitor.get<ProductListResponse>('/api/products?page=1&limit=10');
    expect([...ids(first.body), ...ids(second.body)]).toEqual(ids(ten.body));
    const last = first.body.totalPages;
    const beyond = await api.visitor.get<ProductListResponse>(
      `/api/products?page=${last + 1}&limit=5`,
    );
    expect(beyond.body).toMatchObject({ products: [], totalCount: first.body.totalCount });
  });

  it('suggests up to 5 products with picture and discount and up to 3 categories', async () => {
    const w = word();
    for (let i = 0; i < 7; i += 1) {
      await api.createProduct({ title: `${w} Produk ${i}`, discountPercentage: String(10 + i) });
    }
    const res = await api.visitor.get<SearchSuggestions>(`/api/search/suggest?q=${w.slice(0, 6)}`);
    expect(res.status).toBe(200);
    expect(res.body.products).toHaveLength(5);
    expect(res.body.products[0]).toEqual({
      id: expect.any(String),
      title: `${w} Produk 6`,
      imageUrl: 'https://example.com/image.webp',
      discountPercentage: 16,
    });
    // Categories by name, typed as a prefix, with one typo forgiven.
    const category = api.categories.find((c) => c.name.length >= 6)!;
    const typed = category.name.slice(0, 4).toLowerCase();
    const categories = await api.visitor.get<SearchSuggestions>(
      `/api/search/suggest?q=${encodeURIComponent(typed)}`,
    );
    expect(categories.body.categories.length).toBeLessThanOrEqual(3);
    expect(categories.body.categories).toContainEqual({
      name: category.name,
      slug: category.slug,
    });
    expect((await api.visitor.get<SearchSuggestions>('/api/search/suggest')).body).toEqual({
      products: [],
      categories: [],
      didYouMean: null,
    });
    expect((await api.visitor.get(`/api/search/suggest?q=${'a'.repeat(201)}`)).status).toBe(400);
    expect((await api.visitor.get('/api/search/suggest?q=a&q=b')).status).toBe(400);
    const syntax = await api.visitor.get<SearchSuggestions>(
      `/api/search/suggest?q=${encodeURIComponent('"*:^(\u0000')}`,
    );
    expect(syntax.status).toBe(200);
  });

  it('lists the searches that found nothing for the admin, most searched first', async () => {
    const rare = `zonk ${word()}`;
    const often = `kosong ${word()}`;
    const socket = await TestSocket.open(wsUrl(api.url), { origin: api.url });
    const session = `s${unique()}`;
    socket.send(sessionMessage(session));
    for (const query of [rare, often, often.toUpperCase(), ` ${often} `]) {
      socket.send(eventMessage(session, 'search_no_results', { query, path: '/' }));
    }
    await socket.close();
    const list = await eventually(
      async () =>
        (await api.admin.get<MissedSearches>('/api/admin/analytics/missed-searches?limit=100'))
          .body,
      (rows) => rows.some((row) => row.query === rare),
    );
    const mine = list.filter((row) => row.query === rare || row.query === often);
    expect(mine.map((row) => [row.query, row.searches])).toEqual([
      [often, 3],
      [rare, 1],
    ]);
    expect(Date.parse(mine[0]!.lastSearchedAt)).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect((await api.visitor.get('/api/admin/analytics/missed-searches')).status).toBe(401);
    const past = await api.admin.get<MissedSearches>(
      '/api/admin/analytics/missed-searches?from=2020-01-01&to=2020-01-31',
    );
    expect(past.body).toEqual([]);
  });
});
