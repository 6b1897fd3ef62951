import { z } from 'zod';
import { importJobSchema } from '@shared/schemas/responses';
import { documentRoutes } from '../../openapi/registry';
import { importQuery, jobParams } from './routes';

export const importsApi = documentRoutes({ tag: 'Admin: impor dan ekspor', access: 'admin' }, [
  {
    method: 'post',
    path: '/admin/imports/products',
    summary: 'Mengimpor produk dari berkas CSV (diproses di latar belakang)',
    description: 'Kolom dan aturannya: docs/contracts.md, Import and export.',
    query: importQuery,
    body: z.string().meta({ description: 'Berkas CSV (UTF-8, koma atau titik koma)' }),
    bodyType: 'text/csv',
    responses: {
      202: { description: 'Pekerjaan impor dibuat', schema: z.object({ id: z.string() }) },
      413: { description: 'Berkas melebihi IMPORT_MAX_MB' },
    },
  },
  {
    method: 'get',
    path: '/admin/imports/template.csv',
    summary: 'Templat CSV impor dengan satu baris contoh',
    responses: { 200: { description: 'Berkas CSV', body: 'csv' } },
  },
  {
    method: 'get',
    path: '/admin/imports/:id',
    summary: 'Status dan hitungan sebuah impor',
    params: jobParams,
    responses: { 200: { description: 'Pekerjaan impor', schema: importJobSchema } },
  },
  {
    method: 'get',
    path: '/admin/imports/:id/errors.csv',
    summary: 'Baris yang gagal diimpor beserta alasannya',
    params: jobParams,
    responses: { 200: { description: 'Berkas CSV', body: 'csv' } },
  },
  {
    method: 'delete',
    path: '/admin/imports/:id',
    summary: 'Membatalkan impor yang belum selesai',
    params: jobParams,
    responses: {
      200: { description: 'Pekerjaan impor setelah dibatalkan', schema: importJobSchema },
      409: { description: 'Impor sudah selesai' },
    },
  },
]);
