import { documentRoutes } from '../../openapi/registry';
import { adminListQuerySchema } from '../products/schema';

export const exportsApi = documentRoutes({ tag: 'Admin: impor dan ekspor', access: 'admin' }, [
  {
    method: 'get',
    path: '/admin/exports/products.csv',
    summary: 'Katalog sebagai CSV, dengan filter daftar produk admin',
    description: 'Halaman dan urutan tidak berlaku untuk berkas seluruh katalog.',
    query: adminListQuerySchema,
    responses: { 200: { description: 'Berkas CSV, kolom yang sama dengan impor', body: 'csv' } },
  },
]);
