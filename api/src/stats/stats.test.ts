import { expect, it } from 'vitest';
import type { Product, StatsResponse } from '@shared/types';
import { describeApi } from '../../test/support/api';

describeApi('dashboard stats', (api) => {
  it('reports dashboard stats that add up', async () => {
    const stats = await api.admin.get<StatsResponse>('/api/admin/stats');
    const s = stats.body;
    expect(s.categoriesWithProducts + s.categoriesWithoutProducts).toBe(s.totalCategories);
    expect(s.activeProducts + s.inactiveProducts).toBe(s.totalProducts);
    const all = await api.admin.get<Product[]>('/api/admin/products');
    expect(all.body).toHaveLength(s.totalProducts);
  });
});
