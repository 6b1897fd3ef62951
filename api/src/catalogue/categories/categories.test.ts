import { expect, it } from 'vitest';
import type { Category, CategoryWithCount } from '@shared/types';
import { describeApi } from '../../../test/support/api';
import { unique, validProduct } from '../../../test/support/fixtures';

describeApi('categories', (api) => {
  it('creates, updates and deletes a category, with 409 for a taken slug', async () => {
    const slug = `uji-${unique()}`;
    const created = await api.admin.post<Category>('/api/admin/categories', {
      name: 'Kategori Uji',
      slug,
      icon: 'StarIcon',
      color: 'text-pink-500',
      group: 'Lifestyle',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug, name: 'Kategori Uji' });
    const duplicate = await api.admin.post<{ message: string }>('/api/admin/categories', {
      name: 'Lain',
      slug,
      icon: 'StarIcon',
      color: 'text-pink-500',
      group: 'Lifestyle',
    });
    expect(duplicate.status).toBe(409);
    const updated = await api.admin.put<Category>(`/api/admin/categories/${created.body.id}`, {
      name: 'Kategori Uji Baru',
      slug,
      icon: 'GiftIcon',
      color: 'text-red-500',
      group: 'Seasonal',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('Kategori Uji Baru');
    const listed = await api.visitor.get<Category[]>('/api/categories');
    expect(listed.body.find((c) => c.id === created.body.id)?.group).toBe('Seasonal');
    expect((await api.admin.delete(`/api/admin/categories/${created.body.id}`)).status).toBe(204);
    expect((await api.admin.delete(`/api/admin/categories/${created.body.id}`)).status).toBe(404);
    expect((await api.admin.put(`/api/admin/categories/abc`, {})).status).toBe(404);
  });

  it('refuses to delete a category that still has products (409)', async () => {
    const product = await api.createProduct();
    const res = await api.admin.delete<{ message: string }>(
      `/api/admin/categories/${product.categoryId}`,
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('gives every category form message of spec section 5', async () => {
    const res = await api.admin.post<{ errors: Record<string, string> }>('/api/admin/categories', {
      name: '',
      slug: ' ',
      icon: '',
      color: '',
      group: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      name: 'Nama kategori harus diisi',
      slug: 'Slug harus diisi',
      icon: 'Icon harus diisi',
      color: 'Warna harus diisi',
      group: 'Grup harus diisi',
    });
  });

  it('counts active products on the public list and all products on the admin list', async () => {
    const category = await api.admin.post<Category>('/api/admin/categories', {
      name: 'Kategori Hitung',
      slug: `hitung-${unique()}`,
      icon: 'StarIcon',
      color: 'text-pink-500',
      group: 'Lifestyle',
    });
    const countsOf = async () => {
      const visible = await api.visitor.get<CategoryWithCount[]>('/api/categories');
      const all = await api.admin.get<CategoryWithCount[]>('/api/admin/categories');
      return {
        active: visible.body.find((c) => c.id === category.body.id)?.productCount,
        all: all.body.find((c) => c.id === category.body.id)?.productCount,
      };
    };
    expect(await countsOf()).toEqual({ active: 0, all: 0 });

    const categoryId = category.body.id;
    const shown = await api.createProduct({ categoryId, isActive: true });
    await api.createProduct({ categoryId, isActive: false });
    const moved = await api.createProduct({ categoryId, isActive: true });
    expect(await countsOf()).toEqual({ active: 2, all: 3 });

    // Moving a product to another category and deleting one are counted too.
    const moveRes = await api.admin.put(`/api/admin/products/${moved.id}`, {
      ...validProduct(api.someCategoryId()),
      title: moved.title,
    });
    expect(moveRes.status).toBe(200);
    expect((await api.admin.delete(`/api/admin/products/${shown.id}`)).status).toBeLessThan(300);
    expect(await countsOf()).toEqual({ active: 0, all: 1 });

    // Every category of the demo catalogue carries a count.
    const listed = await api.visitor.get<CategoryWithCount[]>('/api/categories');
    expect(listed.body.every((c) => Number.isInteger(c.productCount))).toBe(true);
    expect(listed.body.some((c) => c.productCount > 0)).toBe(true);
  });
});
