import { expect, it } from 'vitest';
import { isFinishedImport, type ImportJob } from '@shared/rules/product-csv';
import type { Product, ProductListResponse, SearchSuggestions } from '@shared/types';
import { QueryTypes } from 'sequelize';
import { describeApi, type ApiFixture } from '../../../test/support/api';
import { indexedTextSql } from './learn-words';
import { unique, validProduct } from '../../../test/support/fixtures';

/** A made-up word (8 letters) no product holds yet, and the same word with one letter dropped. */
function newWord() {
  const word = `z${unique()
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)
    .slice(0, 7)}`;
  return { word, typo: word.slice(0, 3) + word.slice(4) };
}

async function searchIds(api: ApiFixture, term: string): Promise<string[]> {
  const res = await api.visitor.get<ProductListResponse>(
    `/api/products?search=${encodeURIComponent(term)}&page=1&limit=12`,
  );
  expect(res.status).toBe(200);
  return res.body.products.map((product) => product.id);
}

async function suggestedIds(api: ApiFixture, term: string): Promise<string[]> {
  const res = await api.visitor.get<SearchSuggestions>(
    `/api/search/suggest?q=${encodeURIComponent(term)}`,
  );
  expect(res.status).toBe(200);
  return res.body.products.map((product) => product.id);
}

/** The typo finds nothing yet: the vocabulary is loaded and the miss is in the public cache. */
async function expectMiss(api: ApiFixture, typo: string) {
  expect(await searchIds(api, typo)).toEqual([]);
  expect(await suggestedIds(api, typo)).toEqual([]);
}

async function importCsv(api: ApiFixture, body: string): Promise<ImportJob> {
  const res = await api.admin.request<{ id: string }>('POST', '/api/admin/imports/products', {
    rawBody: body,
    headers: { 'content-type': 'text/csv' },
  });
  expect(res.status).toBe(202);
  for (let attempt = 0; attempt < 300; attempt++) {
    const job = await api.admin.get<ImportJob>(`/api/admin/imports/${res.body.id}`);
    if (isFinishedImport(job.body.status)) return job.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import did not finish');
}

// No waiting anywhere below: on SQLite the typo vocabulary reloads only every 30 s, so each
// find proves the writing process learned the word itself (vocabulary.ts).
describeApi('a new word is a typo fix at once', (api) => {
  it('after a product is created', async () => {
    const { word, typo } = newWord();
    await expectMiss(api, typo);
    const product = await api.createProduct({ title: `Lampu ${word} Hemat Energi` });
    expect(await searchIds(api, typo)).toEqual([product.id]);
    expect(await suggestedIds(api, typo)).toEqual([product.id]);
  });

  it('after a product is updated, in the description too', async () => {
    const { word, typo } = newWord();
    const product = await api.createProduct({ title: 'Lampu Meja Biasa' });
    await expectMiss(api, typo);
    const res = await api.admin.put<Product>(`/api/admin/products/${product.id}`, {
      ...validProduct(String(product.categoryId)),
      title: 'Lampu Meja Biasa',
      description: `Cahaya ${word} yang lembut`,
    });
    expect(res.status).toBe(200);
    expect(await searchIds(api, typo)).toEqual([product.id]);
  });

  it('after an import writes it', async () => {
    const { word, typo } = newWord();
    await expectMiss(api, typo);
    const sku = `kata-${word}`;
    const job = await importCsv(
      api,
      'sku,title,description,category,imageUrl,discountPercentage,isActive,shopee_url,shopee_price\r\n' +
        `${sku},Kipas ${word} Portabel,Deskripsi,${api.categories[0]!.slug},https://example.com/a.webp,10,ya,https://shopee.co.id/${sku},Rp 99.000\r\n`,
    );
    expect(job).toMatchObject({ status: 'done', created: 1 });
    expect(await searchIds(api, typo)).toHaveLength(1);
  });

  it('after an import changes a product it had written, in the description', async () => {
    const { word, typo } = newWord();
    const sku = `kata-ubah-${word}`;
    const header =
      'sku,title,description,category,imageUrl,discountPercentage,isActive,shopee_url,shopee_price\r\n';
    const row = (description: string) =>
      `${sku},Kipas Meja Portabel,${description},${api.categories[0]!.slug},https://example.com/a.webp,10,ya,https://shopee.co.id/${sku},Rp 99.000\r\n`;
    expect(await importCsv(api, header + row('Deskripsi biasa'))).toMatchObject({ created: 1 });
    await expectMiss(api, typo);
    const job = await importCsv(api, header + row(`Angin ${word} yang sejuk`));
    expect(job).toMatchObject({ status: 'done', updated: 1 });
    expect(await searchIds(api, typo)).toHaveLength(1);
  });

  it('after a bulk action shows an inactive product', async () => {
    const { word, typo } = newWord();
    const product = await api.createProduct({ title: `Senter ${word} Kecil`, isActive: false });
    await expectMiss(api, typo);
    const bulk = await api.admin.post('/api/admin/products/bulk', {
      action: 'activate',
      ids: [product.id],
    });
    expect(bulk.status).toBe(200);
    expect(await searchIds(api, typo)).toEqual([product.id]);
  });

  it('after a category is renamed', async () => {
    const { word, typo } = newWord();
    const slug = `kategori-${word}`;
    const looks = { icon: 'StarIcon', color: 'text-pink-500', group: 'Lifestyle' };
    const category = await api.admin.post<{ id: number }>('/api/admin/categories', {
      name: 'Kategori Baru',
      slug,
      ...looks,
    });
    expect(category.status).toBe(201);
    const product = await api.createProduct({
      title: 'Payung Lipat',
      categoryId: String(category.body.id),
    });
    await expectMiss(api, typo);
    const renamed = await api.admin.put(`/api/admin/categories/${category.body.id}`, {
      name: `Kategori ${word}`,
      slug,
      ...looks,
    });
    expect(renamed.status).toBe(200);
    expect(await searchIds(api, typo)).toEqual([product.id]);
  });

  it('reads the written products by their id or sku index, not every active product', async () => {
    if (api.dialect !== 'sqlite') return; // PostgreSQL learns in its triggers: no such read.
    const { db } = api.server.running;
    for (const column of ['id', 'sku'] as const) {
      const plan = await db.sequelize.query<{ detail: string }>(
        `EXPLAIN QUERY PLAN ${indexedTextSql(column)}`,
        { bind: ['[]'], type: QueryTypes.SELECT },
      );
      const products = plan.map((step) => step.detail).find((detail) => / p /.test(detail));
      expect(products).toMatch(column === 'id' ? /PRIMARY KEY|products_pkey|autoindex/ : /sku/);
    }
  });
});
