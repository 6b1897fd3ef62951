import { expect, it } from 'vitest';
import type { Product, StatsResponse } from '@shared/types';
import { describeApi } from '../../../test/support/api';
import { validProduct } from '../../../test/support/fixtures';

describeApi('products', (api) => {
  it('creates with the submit clean-up, updates and deletes', async () => {
    const created = await api.createProduct({ videoUrl: '', badgeText: '  ' });
    expect(created).toMatchObject({
      discountPercentage: 35,
      imageUrls: ['https://example.com/a.webp'],
      videoUrl: null,
      badgeText: null,
      mediaType: 'image',
      isActive: true,
      isFeaturedPromo: false,
      featuredOrder: 0,
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    const updated = await api.admin.put<Product>(`/api/admin/products/${created.id}`, {
      ...validProduct(created.categoryId),
      title: 'Judul Baru',
      mediaType: 'video',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      isActive: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'Judul Baru', isActive: false });
    const stats = await api.admin.get<StatsResponse>('/api/admin/stats');
    expect(stats.body.inactiveProducts).toBeGreaterThanOrEqual(1);
    expect((await api.admin.delete(`/api/admin/products/${created.id}`)).status).toBe(204);
    expect((await api.admin.get(`/api/admin/products/${created.id}`)).status).toBe(404);
  });

  it('gives every product form message of spec section 5', async () => {
    const res = await api.admin.post<{ errors: Record<string, string> }>('/api/admin/products', {
      categoryId: '',
      title: '',
      description: '',
      imageUrl: 'not a url',
      imageUrls: ['javascript:alert(1)'],
      videoUrl: 'ftp://video',
      discountPercentage: 101,
      platforms: [],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      categoryId: 'Kategori harus dipilih',
      title: 'Judul produk harus diisi',
      description: 'Deskripsi harus diisi',
      imageUrl: 'URL gambar tidak valid',
      'imageUrls.0': 'Invalid image URL',
      videoUrl: 'URL video tidak valid',
      platforms: 'Minimal pilih 1 platform',
    });
    expect(res.body.errors.discountPercentage).toEqual(expect.any(String));
  });

  it('rejects a product in an unknown category', async () => {
    const res = await api.admin.post<{ errors: Record<string, string> }>(
      '/api/admin/products',
      validProduct('999999'),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.categoryId).toEqual(expect.any(String));
  });
});
