import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { createMigrator, migrate } from '../../db/migrate';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { listActiveProductIds, searchProductIds, suggest } from './queries';

interface ProductSeed {
  title: string;
  categoryId: number;
  description?: string;
  badgeText?: string | null;
  isActive?: boolean;
  createdAt?: string;
}

async function addCategory(db: Database, name: string, slug: string): Promise<number> {
  const now = new Date();
  await db.sequelize
    .getQueryInterface()
    .bulkInsert('categories', [
      { name, slug, icon: 'tag', color: 'blue', group: 'Umum', createdAt: now, updatedAt: now },
    ]);
  const [rows] = await db.sequelize.query('SELECT id FROM categories WHERE slug = $1', {
    bind: [slug],
  });
  return (rows as { id: number }[])[0]!.id;
}

async function addProduct(db: Database, seed: ProductSeed): Promise<string> {
  const id = randomUUID();
  const createdAt = new Date(seed.createdAt ?? '2026-01-01T00:00:00Z');
  await db.sequelize.getQueryInterface().bulkInsert('products', [
    {
      id,
      categoryId: seed.categoryId,
      title: seed.title,
      description: seed.description ?? 'Barang bagus dengan harga hemat.',
      imageUrl: `/images/${id}.jpg`,
      imageUrls: '[]',
      mediaType: 'default',
      discountPercentage: 25,
      badgeText: seed.badgeText ?? null,
      badgeColor: 'green',
      platforms: '[]',
      isActive: seed.isActive ?? true,
      isFeaturedPromo: false,
      isFeaturedPopular: false,
      featuredOrder: 0,
      createdAt,
      updatedAt: createdAt,
    },
  ]);
  return id;
}

const search = (db: Database, term: string, extra: Record<string, unknown> = {}) =>
  searchProductIds(db, { term, page: 1, limit: 50, ...extra });

describe.each(['sqlite', 'postgres'] as const)('catalogue search on %s', (dialect) => {
  let testDb: TestDatabase;
  let db: Database;
  let fashion: number;
  let audio: number;
  let shoes: number;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    // Products stored before the search migration are indexed by it.
    await createMigrator(db).up({ to: '0002-analytics-rollups' });
    fashion = await addCategory(db, 'Fashion Pria', 'fashion-pria');
    ids.before = await addProduct(db, { title: 'Jaket Kulit Lawas', categoryId: fashion });
    await migrate(db);

    audio = await addCategory(db, 'Audio', 'audio');
    shoes = await addCategory(db, 'Sepatu Olahraga', 'sepatu-olahraga');

    ids.titleOld = await addProduct(db, {
      title: 'Sepatu Kulit Formal',
      categoryId: fashion,
      createdAt: '2025-01-01T00:00:00Z',
    });
    ids.titleNew = await addProduct(db, {
      title: 'Sepatu Lari Merah',
      categoryId: fashion,
      createdAt: '2025-06-01T00:00:00Z',
    });
    ids.category = await addProduct(db, {
      title: 'Kets Putih Kanvas',
      categoryId: shoes,
      createdAt: '2025-03-01T00:00:00Z',
    });
    ids.badge = await addProduct(db, {
      title: 'Kaos Polos Hitam',
      categoryId: fashion,
      badgeText: 'Bonus Sepatu',
      createdAt: '2025-02-01T00:00:00Z',
    });
    ids.description = await addProduct(db, {
      title: 'Kaos Kaki Katun',
      categoryId: fashion,
      description: 'Cocok dipakai dengan sepatu apa saja.',
      createdAt: '2025-12-01T00:00:00Z',
    });
    ids.cafe = await addProduct(db, { title: 'Mesin Café Crème Otomatis', categoryId: audio });
    ids.headphone = await addProduct(db, { title: 'Headphone Bluetooth Sony', categoryId: audio });
    ids.inactive = await addProduct(db, {
      title: 'Sepatu Rahasia Nonaktif',
      categoryId: fashion,
      isActive: false,
    });
  });

  afterAll(async () => {
    await db?.close();
    await testDb?.drop();
  });

  it('indexes the products stored before the migration', async () => {
    expect((await search(db, 'jaket lawas')).ids).toEqual([ids.before]);
  });

  it('ranks title above category and badge above description, newer first within each', async () => {
    const result = await search(db, 'sepatu');
    expect(result.ids).toEqual([
      ids.titleNew,
      ids.titleOld,
      ids.category,
      ids.badge,
      ids.description,
    ]);
    expect(result.totalCount).toBe(5);
  });

  it('ranks by where the whole query is found', async () => {
    // Both words in the title, before one in the title and one in the description.
    const split = await addProduct(db, {
      title: 'Sepatu Hitam Polos',
      categoryId: fashion,
      description: 'Tali warna merah.',
      createdAt: '2026-01-05T00:00:00Z',
    });
    expect((await search(db, 'sepatu merah')).ids).toEqual([ids.titleNew, split]);
    await db.sequelize.query('DELETE FROM products WHERE id = $1', { bind: [split] });
  });

  it('keeps an edited product in its place: newer means created later', async () => {
    await db.sequelize.query('UPDATE products SET description = $1 WHERE id = $2', {
      bind: ['Sepatu kulit asli, diperbarui.', ids.titleOld],
    });
    expect((await search(db, 'sepatu')).ids.slice(0, 2)).toEqual([ids.titleNew, ids.titleOld]);
  });

  it('pages the ranked results and counts them all', async () => {
    const page2 = await searchProductIds(db, { term: 'sepatu', page: 2, limit: 2 });
    expect(page2).toEqual({ ids: [ids.category, ids.badge], totalCount: 5 });
    const beyond = await searchProductIds(db, { term: 'sepatu', page: 9, limit: 2 });
    expect(beyond).toEqual({ ids: [], totalCount: 5 });
  });

  it('folds case and diacritics on both sides', async () => {
    expect((await search(db, 'cafe')).ids).toEqual([ids.cafe]);
    expect((await search(db, 'CAFÉ creme')).ids).toEqual([ids.cafe]);
    expect((await search(db, 'SEPATU LARI')).ids).toEqual([ids.titleNew]);
  });

  it('requires every word, anywhere, not as a phrase', async () => {
    expect((await search(db, 'sepatu merah')).ids).toEqual([ids.titleNew]);
    expect((await search(db, 'merah sepatu')).ids).toEqual([ids.titleNew]);
    expect((await search(db, 'sepatu biru')).ids).toEqual([]);
  });

  it('matches the last word as a prefix, the others whole', async () => {
    expect((await search(db, 'sepa')).totalCount).toBe(5);
    expect((await search(db, 'lari me')).ids).toEqual([ids.titleNew]);
    expect((await search(db, 'sepa merah')).ids).toEqual([]);
  });

  it('forgives one typo in words of 5 or more letters only', async () => {
    expect((await search(db, 'headpone')).ids).toEqual([ids.headphone]);
    expect((await search(db, 'headpone bluetoth')).ids).toEqual([ids.headphone]);
    expect((await search(db, 'sepatuu merah')).ids).toEqual([ids.titleNew]);
    // Two typos are too many; a 4-letter word forgives none.
    expect((await search(db, 'hedpone')).ids).toEqual([]);
    expect((await search(db, 'sepatu lary')).ids).toEqual([]);
    expect((await search(db, 'kaus')).ids).toEqual([]);
  });

  it('filters by category id or slug', async () => {
    expect((await search(db, 'sepatu', { categoryId: shoes })).ids).toEqual([ids.category]);
    expect((await search(db, 'sepatu', { categorySlug: 'sepatu-olahraga' })).ids).toEqual([
      ids.category,
    ]);
    // The index's category token is not a word visitors can find.
    expect((await search(db, `c${shoes}`)).ids).toEqual([]);
    expect(await search(db, 'sepatu', { categorySlug: 'tidak-ada' })).toEqual({
      ids: [],
      totalCount: 0,
    });
  });

  it('treats query syntax, wildcards and NUL as plain text', async () => {
    const inputs = [
      '%',
      '_',
      '%%',
      '"',
      "'",
      '*',
      'sepatu*',
      '"sepatu',
      "sepatu'",
      'NEAR',
      'NEAR(sepatu merah)',
      'OR',
      'sepatu OR kaos',
      'a OR b',
      'sepatu AND NOT merah',
      'title:sepatu',
      '{title}: sepatu',
      '^sepatu',
      'sepatu & | ! <-> :*',
      '\\',
      '\u0000',
      'sepatu\u0000merah',
      '-sepatu',
      '()',
      'sepatu'.repeat(500),
      'kata '.repeat(1000),
      '😀 🇮🇩',
      'ﬁ ǅ ẞ',
    ];
    for (const term of inputs) {
      await expect(search(db, term), term).resolves.toHaveProperty('totalCount');
      await expect(suggest(db, term), term).resolves.toHaveProperty('products');
    }
    expect((await search(db, 'sepatu*')).totalCount).toBe(5);
    expect((await search(db, '"sepatu" lari')).ids).toEqual([ids.titleNew]);
    expect((await search(db, 'title:sepatu')).ids).toEqual([]);
    expect((await search(db, 'sepatu OR kaos')).ids).toEqual([]);
    expect((await search(db, 'sepatu\u0000merah')).ids).toEqual([ids.titleNew]);
    // Input without any word is no filter, as an empty search.
    const listing = await listActiveProductIds(db, { page: 1, limit: 50 });
    expect(await search(db, '%')).toEqual(listing);
    expect(await search(db, '   ')).toEqual(listing);
  });

  it('never finds inactive products', async () => {
    expect((await search(db, 'rahasia')).ids).toEqual([]);
    expect((await listActiveProductIds(db, { page: 1, limit: 50 })).ids).not.toContain(
      ids.inactive,
    );
  });

  it('reflects updates, deletes and category renames at once', async () => {
    const id = await addProduct(db, { title: 'Tas Ransel Gunung', categoryId: audio });
    expect((await search(db, 'ransel')).ids).toEqual([id]);

    await db.write((transaction) =>
      db.sequelize.query('UPDATE products SET title = $1 WHERE id = $2', {
        bind: ['Tas Selempang Kota', id],
        transaction,
      }),
    );
    expect((await search(db, 'ransel')).ids).toEqual([]);
    expect((await search(db, 'selempang')).ids).toEqual([id]);

    await db.sequelize.query(`UPDATE products SET "isActive" = $1 WHERE id = $2`, {
      bind: [false, id],
    });
    expect((await search(db, 'selempang')).ids).toEqual([]);
    await db.sequelize.query(`UPDATE products SET "isActive" = $1 WHERE id = $2`, {
      bind: [true, id],
    });
    expect((await search(db, 'selempang')).ids).toEqual([id]);

    await db.sequelize.query('UPDATE categories SET name = $1 WHERE id = $2', {
      bind: ['Perlengkapan Musik', audio],
    });
    expect((await search(db, 'perlengkapan selempang')).ids).toEqual([id]);
    expect((await search(db, 'audio selempang')).ids).toEqual([]);

    // A write that rolls back leaves the index as it was.
    await expect(
      db.write(async (transaction) => {
        await db.sequelize.query('DELETE FROM products WHERE id = $1', {
          bind: [id],
          transaction,
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await search(db, 'selempang')).ids).toEqual([id]);

    await db.sequelize.query('DELETE FROM products WHERE id = $1', { bind: [id] });
    expect((await search(db, 'selempang')).ids).toEqual([]);
  });

  it('suggests at most 5 products and 3 categories matched by name', async () => {
    for (let i = 0; i < 3; i++) {
      await addCategory(db, `Sepatu Koleksi ${i}`, `sepatu-koleksi-${i}`);
    }
    await addCategory(db, 'Olahraga Air', 'olahraga-air');
    const result = await suggest(db, 'Sepat');
    expect(result.products).toHaveLength(5);
    expect(result.products[0]).toEqual({
      id: ids.titleNew,
      title: 'Sepatu Lari Merah',
      imageUrl: `/images/${ids.titleNew}.jpg`,
      discountPercentage: 25,
    });
    expect(result.categories).toHaveLength(3);
    expect(result.categories[0]).toEqual({ name: 'Sepatu Koleksi 0', slug: 'sepatu-koleksi-0' });
    for (const category of result.categories) {
      expect(category.name.toLowerCase()).toContain('sepatu');
    }

    expect((await suggest(db, 'olahraga')).categories).toEqual([
      { name: 'Olahraga Air', slug: 'olahraga-air' },
      { name: 'Sepatu Olahraga', slug: 'sepatu-olahraga' },
    ]);
    expect((await suggest(db, 'olahrga air')).categories).toEqual([
      { name: 'Olahraga Air', slug: 'olahraga-air' },
    ]);
    expect(await suggest(db, 'zzzz')).toEqual({ products: [], categories: [], didYouMean: null });
    expect(await suggest(db, '')).toEqual({ products: [], categories: [], didYouMean: null });
  });

  it('lists active products newest first at any page', async () => {
    const all = await listActiveProductIds(db, { page: 1, limit: 100 });
    expect(all.totalCount).toBe(all.ids.length);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(all.totalCount / 3); page++) {
      const result = await listActiveProductIds(db, { page, limit: 3 });
      expect(result.totalCount).toBe(all.totalCount);
      paged.push(...result.ids);
    }
    expect(paged).toEqual(all.ids);
    expect(all.ids.indexOf(ids.description!)).toBeLessThan(all.ids.indexOf(ids.titleNew!));
    expect((await listActiveProductIds(db, { page: 1, limit: 50, categoryId: shoes })).ids).toEqual(
      [ids.category],
    );
  });
});
