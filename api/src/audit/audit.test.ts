import type { Model, ModelStatic } from 'sequelize';
import { expect, it } from 'vitest';
import { auditField } from '@shared/audit-fields';
import type { AuditEntry, AuditPage, Category } from '@shared/types';
import { describeApi, type ApiFixture } from '../../test/support/api';
import { TestClient } from '../../test/support/client';
import { unique, validPopup } from '../../test/support/fixtures';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../../test/support/server';
import { BCRYPT_BOUND_MS, createStaff, signIn } from '../../test/support/staff';
import { AUDITED_MODELS, SECRET_FIELD } from './log';

type Query = Record<string, string | number>;

/** The fields no entry records: the id is the entry's entityId, the rest is bookkeeping. */
const NOT_RECORDED = new Set(['id', 'createdAt', 'updatedAt', 'lastModified']);

async function audit(api: ApiFixture, query: Query = {}): Promise<AuditPage> {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  const res = await api.admin.get<AuditPage>(`/api/admin/audit?${search}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** The entries of one record, newest first. */
const history = async (api: ApiFixture, entity: string, entityId: string) =>
  (await audit(api, { entity, entityId, limit: 100 })).entries;

const actions = (entries: AuditEntry[]) => entries.map((e) => e.action);

/** A Lazada link of `productId` at Rp 99.000, then edited to Rp 89.000: two entries. */
async function addLinkThenLowerItsPrice(api: ApiFixture, productId: string): Promise<string> {
  const link = await api.addLink(productId, 'Lazada', 'https://www.lazada.co.id/p', 'Rp 99.000');
  await api.admin.put(`/api/admin/platform-links/${link.body.id}`, {
    platform: 'Lazada',
    affiliateUrl: 'https://www.lazada.co.id/p',
    price: 'Rp 89.000',
  });
  return link.body.id;
}

describeApi('audit log', (api) => {
  it(
    'records create, update and delete of each kind of record, with before and after',
    async () => {
      const slug = `audit-${unique()}`;
      const category = await api.admin.post<Category>('/api/admin/categories', {
        name: 'Kategori Audit',
        slug,
        icon: 'StarIcon',
        color: 'text-pink-500',
        group: 'Lifestyle',
      });
      await api.admin.put(`/api/admin/categories/${category.body.id}`, {
        name: 'Kategori Audit Baru',
        slug,
        icon: 'StarIcon',
        color: 'text-pink-500',
        group: 'Lifestyle',
      });
      await api.admin.delete(`/api/admin/categories/${category.body.id}`);
      const categoryLog = await history(api, 'category', category.body.id);
      expect(actions(categoryLog)).toEqual(['delete', 'update', 'create']);
      const [deleted, updated, created] = categoryLog;
      expect(updated!.changes).toEqual({ name: ['Kategori Audit', 'Kategori Audit Baru'] });
      expect(updated!.summary).toContain('Kategori Audit Baru');
      expect(created!.changes?.slug).toEqual([null, slug]);
      expect(deleted!.changes?.name).toEqual(['Kategori Audit Baru', null]);
      for (const entry of categoryLog) {
        expect(entry.username).toBe(ADMIN_USERNAME);
        expect(entry.ip).toMatch(/127\.0\.0\.1/);
        expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
      }

      const product = await api.createProduct({ discountPercentage: '35' });
      const edited = await api.admin.put(`/api/admin/products/${product.id}`, {
        categoryId: product.categoryId,
        title: product.title,
        description: product.description,
        imageUrl: product.imageUrl,
        imageUrls: product.imageUrls,
        videoUrl: '',
        mediaType: product.mediaType,
        discountPercentage: 50,
        badgeText: '',
        badgeColor: product.badgeColor,
        platforms: product.platforms,
        isActive: true,
      });
      expect(edited.status).toBe(200);
      const linkId = await addLinkThenLowerItsPrice(api, product.id);
      const image = await api.admin.post<{ id: string }>('/api/admin/product-images', {
        productId: product.id,
        imageUrl: 'https://example.com/audit.webp',
        altText: 'Audit',
        order: 0,
        isActive: true,
      });
      await api.admin.delete(`/api/admin/product-images/${image.body.id}`);
      await api.admin.delete(`/api/admin/products/${product.id}`);

      const productLog = await history(api, 'product', product.id);
      expect(actions(productLog)).toContain('create');
      expect(actions(productLog)).toContain('delete');
      const discount = productLog.find(
        (e) => e.action === 'update' && e.changes?.discountPercentage,
      );
      expect(discount?.changes?.discountPercentage).toEqual([35, 50]);
      const linkLog = await history(api, 'platform_link', linkId);
      expect(linkLog.find((e) => e.action === 'update')?.changes?.price).toEqual([
        'Rp 99.000',
        'Rp 89.000',
      ]);
      expect(actions(await history(api, 'product_image', image.body.id))).toEqual([
        'delete',
        'create',
      ]);

      const faq = await api.admin.post<{ id: string }>('/api/admin/faqs', {
        question: 'Audit?',
        answer: 'Ya',
        category: 'general',
        order: 0,
        isActive: true,
      });
      await api.admin.delete(`/api/admin/faqs/${faq.body.id}`);
      expect(actions(await history(api, 'faq', faq.body.id))).toEqual(['delete', 'create']);
      const tag = await api.admin.post<{ id: string }>('/api/admin/meta-tags', {
        htmlTag: '<meta name="description" content="Audit">',
        pageUrl: '/',
        isActive: true,
      });
      expect(actions(await history(api, 'meta_tag', tag.body.id))).toEqual(['create']);
      const popup = await api.admin.post<{ id: string }>('/api/admin/popups', validPopup());
      await api.admin.put(`/api/admin/popups/${popup.body.id}`, { ...validPopup(), title: 'Baru' });
      const popupUpdate = (await history(api, 'popup', popup.body.id))[0]!;
      expect(popupUpdate.action).toBe('update');
      expect(popupUpdate.changes?.title?.[1]).toBe('Baru');

      const key = `audit_${unique()}`;
      await api.admin.put(`/api/admin/content/${key}`, {
        key,
        title: 'Audit',
        data: JSON.stringify({ a: 1 }),
        isActive: true,
      });
      expect(actions(await history(api, 'content', key))).toEqual(['create']);
    },
    BCRYPT_BOUND_MS,
  );

  it(
    "names the record of each entry: today's name, and the last one after it is deleted",
    async () => {
      const title = `Sepatu Audit ${unique()}`;
      const product = await api.createProduct({ title });
      const linkId = await addLinkThenLowerItsPrice(api, product.id);
      const linkLog = await history(api, 'platform_link', linkId);
      expect(linkLog.map((e) => e.entityLabel)).toEqual([`Lazada · ${title}`, `Lazada · ${title}`]);
      // The summary names the fields as the form does, not as the model does (priceValue).
      expect(linkLog[0]!.summary).toBe(
        `Mengubah tautan platform “Lazada · ${title}”: Harga tertulis, Harga`,
      );

      const image = await api.admin.post<{ id: string }>('/api/admin/product-images', {
        productId: product.id,
        imageUrl: 'https://example.com/audit-name.webp',
        altText: title,
        order: 0,
        isActive: true,
      });
      const [imageEntry] = await history(api, 'product_image', image.body.id);
      // An alt text that repeats the title is not repeated in the name.
      expect(imageEntry!.entityLabel).toBe(`Gambar · ${title}`);

      const renamed = `${title} Baru`;
      const edited = await api.admin.put(`/api/admin/products/${product.id}`, {
        categoryId: product.categoryId,
        title: renamed,
        description: product.description,
        imageUrl: product.imageUrl,
        imageUrls: product.imageUrls,
        videoUrl: '',
        mediaType: product.mediaType,
        discountPercentage: product.discountPercentage,
        badgeText: '',
        badgeColor: product.badgeColor,
        platforms: product.platforms,
        isActive: true,
      });
      expect(edited.status).toBe(200);
      const renamedLog = await history(api, 'product', product.id);
      expect(renamedLog[0]!.summary).toMatch(`Mengubah produk “${renamed}”: Judul`);
      // Every entry of a record that exists shows its name of today, the create's too.
      expect(new Set(renamedLog.map((e) => e.entityLabel))).toEqual(new Set([renamed]));

      expect((await api.admin.delete(`/api/admin/products/${product.id}`)).status).toBe(204);
      const deletedLog = await history(api, 'product', product.id);
      expect(deletedLog[0]!.action).toBe('delete');
      expect(new Set(deletedLog.map((e) => e.entityLabel))).toEqual(new Set([renamed]));
      // The unfiltered page resolves names too (one lookup per kind of record on the page).
      const page = await audit(api, { limit: 100 });
      const onPage = page.entries.find((e) => e.entity === 'product' && e.entityId === product.id);
      expect(onPage?.entityLabel).toBe(renamed);
      const users = page.entries.filter((e) => e.entity === 'session');
      expect(users.every((e) => e.entityLabel === null)).toBe(true);
    },
    BCRYPT_BOUND_MS,
  );

  it('has a label for every field it records, of every kind of record', () => {
    const { models } = api.server.running.db;
    const unlabelled: string[] = [];
    for (const [name, { entity }] of Object.entries(AUDITED_MODELS)) {
      const model = models[name as keyof typeof models] as ModelStatic<Model>;
      for (const field of Object.keys(model.getAttributes())) {
        if (NOT_RECORDED.has(field) || SECRET_FIELD.test(field)) continue;
        if (auditField(entity, field).label === field) unlabelled.push(`${entity}.${field}`);
      }
    }
    expect(unlabelled).toEqual([]);
  });

  it(
    'a write that fails leaves no entry',
    async () => {
      const before = (await audit(api)).totalCount;
      const withProducts = api.categories[0]!;
      const refused = await api.admin.delete(`/api/admin/categories/${withProducts.id}`);
      expect(refused.status).toBe(409);
      const duplicate = await api.admin.post('/api/admin/categories', {
        name: 'Dup',
        slug: withProducts.slug,
        icon: 'StarIcon',
        color: 'text-pink-500',
        group: 'Lifestyle',
      });
      expect(duplicate.status).toBe(409);
      expect((await audit(api)).totalCount).toBe(before);
    },
    BCRYPT_BOUND_MS,
  );

  it(
    'records sign-ins, failed sign-ins, sign-outs, ended sessions and user changes; never a secret',
    async () => {
      const staff = await createStaff(api, 'audited');
      const failed = await new TestClient(api.url).post('/api/admin/login', {
        username: `  ${staff.username}  `,
        password: 'wrong-password-secret',
      });
      expect(failed.status).toBe(401);
      // A password typed into the username field: no account has that name.
      const misplaced = `Rahasia-${unique()}!`;
      const unknown = await new TestClient(api.url).post('/api/admin/login', {
        username: misplaced,
        password: 'x',
      });
      expect(unknown.status).toBe(401);
      const browser = await signIn(api, staff);
      const other = await signIn(api, staff);
      await browser.post('/api/admin/sessions/revoke-others');
      await browser.post('/api/admin/logout');
      const confirmed = { currentPassword: ADMIN_PASSWORD };
      await api.admin.put(`/api/admin/users/${staff.user.id}`, {
        password: 'reset-password-secret',
        ...confirmed,
      });
      await api.admin.put(`/api/admin/users/${staff.user.id}`, { disabled: true, ...confirmed });
      await api.admin.put(`/api/admin/users/${staff.user.id}`, { disabled: false, ...confirmed });
      expect(await other.get('/api/admin/me')).toMatchObject({ status: 401 });

      const own = (await audit(api, { username: staff.username, limit: 100 })).entries;
      expect(actions(own)).toEqual([
        'logout',
        'session_revoke_others',
        'login',
        'login',
        'login_failed',
      ]);
      expect(own.every((e) => e.entity === 'session')).toBe(true);
      expect(own.find((e) => e.action === 'session_revoke_others')?.summary).toContain('(1)');
      // A failed login of an existing account keeps its name.
      expect(own.at(-1)).toMatchObject({
        action: 'login_failed',
        username: staff.username,
        entity: 'session',
        changes: null,
      });
      // One for a name no account has is recorded as unknown; what was typed is not kept.
      const unknowns = (await audit(api, { username: '(tidak dikenal)', limit: 100 })).entries;
      expect(unknowns[0]).toMatchObject({
        action: 'login_failed',
        username: '(tidak dikenal)',
        summary: 'Gagal masuk',
      });

      const userLog = await history(api, 'user', staff.user.id);
      expect(actions(userLog)).toEqual(['update', 'update', 'update', 'create']);
      expect(userLog[0]!.changes).toEqual({ disabled: [true, false] });
      expect(userLog[1]!.summary).toBe(`Menonaktifkan pengguna “${staff.username}”`);
      expect(userLog[2]!.summary).toBe(`Mengatur ulang kata sandi “${staff.username}”`);
      expect(userLog[2]!.changes).toBeNull();

      // Nothing in the whole log holds a password or a hash.
      const everything = await audit(api, { limit: 100 });
      const pages = [everything];
      for (let page = 2; page <= everything.totalPages; page += 1) {
        pages.push(await audit(api, { limit: 100, page }));
      }
      const text = JSON.stringify(pages);
      for (const secret of [
        staff.password,
        misplaced,
        'wrong-password-secret',
        'reset-password-secret',
        ADMIN_PASSWORD,
      ]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toMatch(/passwordHash|tokenHash|\$2[aby]\$/);
    },
    BCRYPT_BOUND_MS,
  );

  it(
    'pages on the server, newest first, filtered by user, entity and record',
    async () => {
      const faqIds: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await api.admin.post<{ id: string }>('/api/admin/faqs', {
          question: `Halaman ${i}?`,
          answer: 'Ya',
          category: 'general',
          order: i,
          isActive: true,
        });
        faqIds.push(res.body.id);
      }
      const first = await audit(api, { entity: 'faq', limit: 2, page: 1 });
      expect(first.entries).toHaveLength(2);
      expect(first.currentPage).toBe(1);
      expect(first.totalCount).toBeGreaterThanOrEqual(3);
      expect(first.totalPages).toBe(Math.ceil(first.totalCount / 2));
      expect(first.entries.map((e) => e.entityId)).toEqual([faqIds[2], faqIds[1]]);
      const second = await audit(api, { entity: 'faq', limit: 2, page: 2 });
      expect(second.entries[0]!.entityId).toBe(faqIds[0]);
      const times = [...first.entries, ...second.entries].map((e) => Date.parse(e.at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const one = await audit(api, { entity: 'faq', entityId: faqIds[1]! });
      expect(one.totalCount).toBe(1);
      const nobody = await audit(api, { username: `nobody-${unique()}` });
      expect(nobody).toEqual({ entries: [], currentPage: 1, totalPages: 1, totalCount: 0 });
      expect((await api.admin.get('/api/admin/audit?limit=0')).status).toBe(400);
      expect((await api.admin.get('/api/admin/audit?page=x')).status).toBe(400);
    },
    BCRYPT_BOUND_MS,
  );

  it(
    'the database refuses to change or remove an entry',
    async () => {
      const { db } = api.server.running;
      /** The driver's own message (Sequelize wraps SQLite's as a "Validation error"). */
      const refusal = async (sql: string) => {
        try {
          await db.write((transaction) => db.sequelize.query(sql, { transaction }));
          return 'accepted';
        } catch (error) {
          const original = (error as { original?: Error }).original;
          return original?.message ?? (error as Error).message;
        }
      };
      const before = (await audit(api)).totalCount;
      expect(await refusal(`UPDATE audit_log SET summary = 'rewritten'`)).toMatch(/append-only/);
      expect(await refusal('DELETE FROM audit_log')).toMatch(/append-only/);
      expect((await audit(api)).totalCount).toBe(before);
      expect((await audit(api)).entries.some((e) => e.summary === 'rewritten')).toBe(false);
    },
    BCRYPT_BOUND_MS,
  );

  it(
    'admin writes from another user name that user',
    async () => {
      const staff = await createStaff(api, 'writer');
      const browser = await signIn(api, staff);
      const faq = await browser.post<{ id: string }>('/api/admin/faqs', {
        question: 'Siapa?',
        answer: 'Saya',
        category: 'general',
        order: 0,
        isActive: true,
      });
      const [entry] = await history(api, 'faq', faq.body.id);
      expect(entry).toMatchObject({ username: staff.username, action: 'create' });
    },
    BCRYPT_BOUND_MS,
  );
});
