import { statsResponseSchema } from '@shared/schemas/responses';
import { documentRoutes } from '../openapi/registry';

export const statsApi = documentRoutes({ tag: 'Admin: analitik', access: 'admin' }, [
  {
    method: 'get',
    path: '/admin/stats',
    summary: 'Angka dasbor: kategori, produk, tautan rusak',
    responses: { 200: { description: 'Angka', schema: statsResponseSchema } },
  },
]);
