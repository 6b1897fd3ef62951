import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { expect, it } from 'vitest';
import type { ProductBulkInput, ProductBulkResult } from '@shared/schemas';
import type {
  AdminProductListResponse,
  AuditPage,
  Category,
  Product,
  ProductListResponse,
} from '@shared/types';
import { describeApi, type ApiFixture } from '../../../test/support/api';
import { TestClient } from '../../../test/support/client';
import { unique } from '../../../test/support/fixtures';
import { productRow } from '../../../test/support/catalogue-fixtures';

const BULK = '/api/admin/products/bulk';

/** Writing 10,000 products with their search triggers takes a while on a busy 2-core machine. */
const BULK_SIZE_TIMEOUT_MS = 240_000;

interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

function newCategory(api: ApiFixture, tag = unique()): Promise<Category> {
  return api.createCategory('Massal', tag);
}

/** A category of its own with `count` products whose titles carry a unique word. */
async function isolatedProducts(api: ApiFixture, count = 3, extra: Record<string, unknown> = {}) {
  const tag = unique();
  const category = await newCategory(api, tag);
  const products: Product[] = [];
  for (let index = 0; index < count; index += 1) {
    products.push(
      await api.createProduct({
        categoryId: category.id,
        title: `Barang${tag} nomor ${index + 1}`,
        ...extra,
      }),
    );
  }
  return { tag, category, products, ids: products.map((p) => p.id) };
}

async function bulk(api: ApiFixture, body: ProductBulkInput | Record<string, unknown>) {
  return api.admin.post<ProductBulkResult & ErrorBody>(BULK, body);
}

async function bulkOk(api: ApiFixture, body: ProductBulkInput) {
  const res = await bulk(api, body);
  expect(res.status, res.text).toBe(200);
  return res.body.affected;
}

const adminProduct = async (api: ApiFixture, id: string) =>
  (await api.admin.get<Product>(`/api/admin/products/${id}`)).body;

/** What a shopper gets: the public list of a category, and a search. */
const publicCount = async (api: ApiFixture, query: string) => {
  const res = await api.visitor.get<ProductListResponse>(`/api/products?page=1&limit=12&${query}`);
  expect(res.status).toBe(200);
  return res.body.totalCount;
};

async function latestProductAudit(api: ApiFixture) {
  const res = await api.admin.get<AuditPage>('/api/admin/audit?entity=product&limit=100');
  expect(res.status).toBe(200);
  return res.body.entries;
}

describeApi('product bulk actions', (api) => {
  it('activates and deactivates, counting only the products it changed', async () => {
    const { ids, products } = await isolatedProducts(api, 3);
    await api.admin.put(`/api/admin/products/${ids[0]}`, {
      ...products[0],
      videoUrl: '',
      badgeText: '',
      isActive: false,
    });
    expect(await bulkOk(api, { ids, action: 'deactivate' })).toBe(2);
    for (const id of ids) expect((await adminProduct(api, id)).isActive).toBe(false);
    // Already inactive: nothing left to change.
    expect(await bulkOk(api, { ids, action: 'deactivate' })).toBe(0);
    expect(await bulkOk(api, { ids: [ids[0]!, ids[0]!.toUpperCase()], action: 'activate' })).toBe(
      1,
    );
    expect((await adminProduct(api, ids[0]!)).isActive).toBe(true);
    expect((await adminProduct(api, ids[1]!)).isActive).toBe(false);
  });

  it('features and unfeatures promo and popular, as the public featured lists show', async () => {
    const { ids } = await isolatedProducts(api, 2);
    const featured = async (kind: 'promo' | 'popular') =>
      (await api.visitor.get<Product[]>(`/api/products/featured/${kind}`)).body
        .map((p) => p.id)
        .filter((id) => ids.includes(id));

    expect(await bulkOk(api, { ids, action: 'featurePromo' })).toBe(2);
    expect((await adminProduct(api, ids[0]!)).isFeaturedPromo).toBe(true);
    expect((await featured('promo')).sort()).toEqual([...ids].sort());
    expect(await bulkOk(api, { ids, action: 'featurePopular' })).toBe(2);
    expect((await featured('popular')).sort()).toEqual([...ids].sort());

    expect(await bulkOk(api, { ids: [ids[1]!], action: 'unfeaturePromo' })).toBe(1);
    expect(await featured('promo')).toEqual([ids[0]]);
    expect(await bulkOk(api, { ids, action: 'unfeaturePopular' })).toBe(2);
    expect(await featured('popular')).toEqual([]);
    expect((await adminProduct(api, ids[1]!)).isFeaturedPopular).toBe(false);
  });

  it('takes deactivated products out of the public list, search and counts', async () => {
    const { tag, category, ids } = await isolatedProducts(api, 3);
    const inCategory = `categoryId=${category.id}`;
    const search = `search=barang${tag}`;
    expect(await publicCount(api, inCategory)).toBe(3);
    expect(await publicCount(api, search)).toBe(3);

    expect(await bulkOk(api, { ids: ids.slice(0, 2), action: 'deactivate' })).toBe(2);
    expect(await publicCount(api, inCategory)).toBe(1);
    expect(await publicCount(api, search)).toBe(1);
    expect((await api.visitor.get(`/api/products/${ids[0]}`)).status).toBe(404);
    const suggest = await api.visitor.get<{ products: { id: string }[] }>(
      `/api/search/suggest?q=barang${tag}`,
    );
    expect(suggest.body.products.map((p) => p.id)).toEqual([ids[2]]);

    expect(await bulkOk(api, { ids, action: 'activate' })).toBe(2);
    expect(await publicCount(api, inCategory)).toBe(3);
    expect(await publicCount(api, search)).toBe(3);
  });

  it('moves products to another category, and the per-category counts with them', async () => {
    const { tag, category, ids } = await isolatedProducts(api, 3);
    const target = await newCategory(api);
    expect(
      await bulkOk(api, { ids: ids.slice(0, 2), action: 'setCategory', categoryId: target.id }),
    ).toBe(2);
    expect((await adminProduct(api, ids[0]!)).categoryId).toBe(target.id);
    expect(await publicCount(api, `categoryId=${category.id}`)).toBe(1);
    expect(await publicCount(api, `categoryId=${target.id}`)).toBe(2);
    expect(await publicCount(api, `category=${target.slug}&search=barang${tag}`)).toBe(2);
    // Numbers are accepted as well as the form's strings.
    expect(await bulkOk(api, { ids, action: 'setCategory', categoryId: Number(target.id) })).toBe(
      1,
    );
    expect(await publicCount(api, `categoryId=${category.id}`)).toBe(0);
    expect(await publicCount(api, `categoryId=${target.id}`)).toBe(3);

    const unknown = await bulk(api, { ids, action: 'setCategory', categoryId: '999999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Kategori tidak ditemukan');
    const missing = await bulk(api, { ids, action: 'setCategory' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ categoryId: 'Kategori harus dipilih' });
    expect(await publicCount(api, `categoryId=${target.id}`)).toBe(3);
  });

  it('deletes products with their links and images, everywhere', async () => {
    const { tag, ids } = await isolatedProducts(api, 2);
    const link = await api.admin.post('/api/admin/platform-links', {
      productId: ids[0],
      platform: 'Shopee',
      affiliateUrl: 'https://shopee.co.id/p',
      price: 'Rp 10.000',
    });
    expect(link.status).toBe(201);
    const image = await api.admin.post('/api/admin/product-images', {
      productId: ids[0],
      imageUrl: 'https://example.com/g.webp',
      altText: 'galeri',
      order: 0,
      isActive: true,
    });
    expect(image.status).toBe(201);

    expect(await bulkOk(api, { ids: [...ids, randomUUID()], action: 'delete' })).toBe(2);
    for (const id of ids) {
      expect((await api.admin.get(`/api/admin/products/${id}`)).status).toBe(404);
      expect((await api.visitor.get(`/api/products/${id}`)).status).toBe(404);
    }
    expect(await publicCount(api, `search=barang${tag}`)).toBe(0);
    const [left] = await api.server.running.db.sequelize.query<{ links: number; images: number }>(
      `SELECT (SELECT count(*) FROM platform_links WHERE "productId" IN (:ids)) AS links,
              (SELECT count(*) FROM product_images WHERE "productId" IN (:ids)) AS images`,
      { replacements: { ids }, type: QueryTypes.SELECT },
    );
    expect(Number(left!.links)).toBe(0);
    expect(Number(left!.images)).toBe(0);
    expect(await bulkOk(api, { ids, action: 'delete' })).toBe(0);
  });

  it('writes one audit entry per call, with the count and the ids', async () => {
    const { ids } = await isolatedProducts(api, 3);
    expect(await bulkOk(api, { ids, action: 'deactivate' })).toBe(3);
    const [entry, ...older] = await latestProductAudit(api);
    expect(entry).toMatchObject({
      action: 'bulk',
      entity: 'product',
      entityId: null,
      summary: 'Menonaktifkan 3 produk',
      username: 'admin',
    });
    expect(entry!.changes?.isActive).toEqual([null, false]);
    expect([...(entry!.changes?.ids?.[1] as string[])].sort()).toEqual([...ids].sort());
    // No entry per product: the previous ones are the products' creations.
    expect(older.slice(0, 3).map((e) => e.action)).toEqual(['create', 'create', 'create']);

    const target = await newCategory(api);
    await bulkOk(api, { ids, action: 'setCategory', categoryId: target.id });
    const [moved] = await latestProductAudit(api);
    expect(moved!.summary).toBe(`Memindahkan 3 produk ke kategori “${target.name}”`);
    await bulkOk(api, { ids, action: 'delete' });
    const [deleted, previous] = await latestProductAudit(api);
    expect(deleted!.summary).toBe('Menghapus 3 produk');
    expect([...(deleted!.changes?.ids?.[0] as string[])].sort()).toEqual([...ids].sort());
    expect(previous!.id).toBe(moved!.id);
  });

  it('acts on every product that matches the admin list filter', async () => {
    const { tag, category, ids } = await isolatedProducts(api, 3);
    const other = await isolatedProducts(api, 1);
    await bulkOk(api, { ids: [ids[2]!], action: 'deactivate' });
    const filter = { search: `barang${tag}`, categoryId: category.id, status: 'active' } as const;
    const listed = await api.admin.get<AdminProductListResponse>(
      `/api/admin/products?page=1&search=barang${tag}&categoryId=${category.id}&status=active`,
    );
    expect(listed.body.totalCount).toBe(2);

    expect(await bulkOk(api, { filter, action: 'featurePromo' })).toBe(2);
    expect((await adminProduct(api, ids[0]!)).isFeaturedPromo).toBe(true);
    expect((await adminProduct(api, ids[2]!)).isFeaturedPromo).toBe(false);
    expect((await adminProduct(api, other.ids[0]!)).isFeaturedPromo).toBe(false);
    // 'all' means no filter, as in the list's address.
    expect(
      await bulkOk(api, { filter: { categoryId: category.id, status: 'all' }, action: 'delete' }),
    ).toBe(3);
    expect((await adminProduct(api, other.ids[0]!)).id).toBe(other.ids[0]);
    expect(await bulkOk(api, { filter: { categoryId: category.id }, action: 'delete' })).toBe(0);
  });

  it('answers bad bodies with 400 and a clear message', async () => {
    const { ids } = await isolatedProducts(api, 1);
    const cases: [Record<string, unknown>, string][] = [
      [{ ids: [], action: 'activate' }, 'Pilih minimal 1 produk'],
      [{ action: 'activate' }, 'Pilih minimal 1 produk'],
      [{ ids: 'semua', action: 'activate' }, 'Pilih minimal 1 produk'],
      [{ ids: ['bukan-id'], action: 'activate' }, 'ID produk tidak valid'],
      [{ ids, action: 'hapusSemua' }, 'Aksi massal tidak dikenal'],
      [{ ids }, 'Aksi massal tidak dikenal'],
      [{ ids, filter: {}, action: 'activate' }, 'Kirim ids atau filter, tidak keduanya'],
      [{ filter: { serch: 'x' }, action: 'delete' }, 'Filter tidak valid'],
      [{ filter: { status: 'hidup' }, action: 'delete' }, 'Filter tidak valid'],
      [
        { ids: Array.from({ length: 10_001 }, () => randomUUID()), action: 'delete' },
        'Maksimal 10.000 produk per aksi massal',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await bulk(api, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.text).not.toMatch(/at .*\.(js|ts):\d+/);
    }
    const malformed = await api.admin.request<ErrorBody>('POST', BULK, { rawBody: '{"ids": [' });
    expect(malformed.status).toBe(400);
    expect((await adminProduct(api, ids[0]!)).id).toBe(ids[0]);
  });

  it('takes 10,000 ids in one call (a body above the general JSON limit)', async () => {
    const { ids } = await isolatedProducts(api, 1);
    const many = [...ids, ...Array.from({ length: 9_999 }, () => randomUUID())];
    expect(JSON.stringify(many).length).toBeGreaterThan(100_000);
    expect(await bulkOk(api, { ids: many, action: 'deactivate' })).toBe(1);
  });

  it(
    'acts on up to 10,000 products that match a filter in one call, and refuses more',
    async () => {
      const category = await newCategory(api);
      const { db } = api.server.running;
      const rows = Array.from({ length: 10_001 }, (_, index) =>
        productRow({ id: randomUUID(), categoryId: Number(category.id), title: `Massal ${index}` }),
      );
      for (let start = 0; start < rows.length; start += 1_000) {
        await db.write((transaction) =>
          db.sequelize
            .getQueryInterface()
            .bulkInsert('products', rows.slice(start, start + 1_000), { transaction }),
        );
      }
      const filter = { categoryId: category.id };
      const over = await bulk(api, { filter, action: 'deactivate' });
      expect(over.status).toBe(400);
      expect(over.body.message).toBe(
        'Filter cocok dengan lebih dari 10.000 produk; persempit filter terlebih dahulu',
      );
      expect(await publicCount(api, `categoryId=${category.id}`)).toBe(10_001);

      expect(await bulkOk(api, { ids: [rows[0]!.id], action: 'delete' })).toBe(1);
      expect(await bulkOk(api, { filter, action: 'deactivate' })).toBe(10_000);
      expect(await publicCount(api, `categoryId=${category.id}`)).toBe(0);
      const [entry] = await latestProductAudit(api);
      expect(entry!.summary).toBe('Menonaktifkan 10.000 produk (100 id pertama dicatat)');
      expect(entry!.changes?.ids?.[1]).toHaveLength(100);
    },
    BULK_SIZE_TIMEOUT_MS,
  );

  it('needs a session and the site origin', async () => {
    const { ids } = await isolatedProducts(api, 1);
    const anonymous = await new TestClient(api.url).post<ErrorBody>(BULK, {
      ids,
      action: 'delete',
    });
    expect(anonymous.status).toBe(401);
    const foreign = await api.admin.post<ErrorBody>(
      BULK,
      { ids, action: 'delete' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect((await adminProduct(api, ids[0]!)).id).toBe(ids[0]);
  });
});
