import { expect, it } from 'vitest';
import type { ProductImage } from '@shared/types';
import { describeApi } from '../../../test/support/api';

describeApi('product images', (api) => {
  it('adds, reorders and deletes gallery images; visitors see only active ones', async () => {
    const product = await api.createProduct();
    const first = await api.admin.post<ProductImage>('/api/admin/product-images', {
      productId: product.id,
      imageUrl: 'https://example.com/1.webp',
      altText: 'Satu',
      order: 0,
      isActive: true,
    });
    expect(first.status).toBe(201);
    const hidden = await api.admin.post<ProductImage>('/api/admin/product-images', {
      productId: product.id,
      imageUrl: 'https://example.com/2.webp',
      order: 1,
      isActive: false,
    });
    expect(hidden.body.altText).toBe('');
    const moved = await api.admin.put<ProductImage>(`/api/admin/product-images/${first.body.id}`, {
      order: 2,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ order: 2, imageUrl: 'https://example.com/1.webp' });
    const publicImages = await api.visitor.get<ProductImage[]>(
      `/api/products/${product.id}/images`,
    );
    expect(publicImages.body.map((i) => i.id)).toEqual([first.body.id]);
    const adminImages = await api.admin.get<ProductImage[]>(
      `/api/admin/products/${product.id}/images`,
    );
    expect(adminImages.body.map((i) => i.id)).toEqual([hidden.body.id, first.body.id]);
    expect((await api.admin.delete(`/api/admin/product-images/${hidden.body.id}`)).status).toBe(
      204,
    );
  });

  it('gives the product image messages of spec section 5', async () => {
    const res = await api.admin.post<{ errors: Record<string, string> }>(
      '/api/admin/product-images',
      { productId: '', imageUrl: 'data:image/png;base64,AAAA', order: -1 },
    );
    expect(res.body.errors).toMatchObject({
      productId: 'Product ID is required',
      imageUrl: 'Invalid image URL',
      order: 'Order must be a positive number',
    });
  });
});
