import {
  watchConfigResponseSchema,
  watchCreatedSchema,
  watchListResponseSchema,
  watchStatusSchema,
} from '@shared/schemas/responses';
import { watchCreateSchema, watchListQuery, watchTokenQuery } from '@shared/schemas/watch';
import { documentRoutes } from '../openapi/registry';
import { confirmQuery, unsubscribeQuery, watchIdParams } from './routes';

const mailPage = { description: 'Halaman HTML singkat (tanpa JSON)' };

export const watchesApi = documentRoutes({ tag: 'Pantauan harga', access: 'public' }, [
  {
    method: 'get',
    path: '/push/public-key',
    summary: 'Kunci publik VAPID untuk langganan Web Push, dan apakah pantauan e-mail tersedia',
    responses: { 200: { description: 'Kunci dan kanal', schema: watchConfigResponseSchema } },
  },
  {
    method: 'post',
    path: '/watches',
    summary: 'Buat pantauan harga (Web Push, atau e-mail dengan konfirmasi)',
    description:
      'Tanpa akun: jawabannya memuat token, satu-satunya kunci pantauan. Batas: 100 pantauan ' +
      'baru per hari per langganan atau alamat e-mail, 500 per langganan, 1.000 per hari per ' +
      'alamat klien (IPv4, atau IPv6 /64): 429. Endpoint push harus https dan beralamat publik.',
    body: watchCreateSchema,
    responses: {
      201: { description: 'Pantauan dibuat', schema: watchCreatedSchema },
      404: { description: 'Produk tidak ditemukan' },
      429: { description: 'Terlalu banyak pantauan' },
      503: { description: 'E-mail konfirmasi tidak dapat dikirim' },
    },
  },
  {
    method: 'get',
    path: '/watches',
    summary: 'Keadaan daftar pantauan dari token-token browser (harga dulu dan kini)',
    query: watchListQuery,
    responses: { 200: { description: 'Pantauan yang masih ada', schema: watchListResponseSchema } },
  },
  {
    method: 'get',
    path: '/watches/:id',
    summary: 'Satu pantauan, dengan tokennya',
    params: watchIdParams,
    query: watchTokenQuery,
    responses: {
      200: { description: 'Pantauan', schema: watchStatusSchema },
      404: { description: 'Pantauan tidak ditemukan' },
    },
  },
  {
    method: 'delete',
    path: '/watches/:id',
    summary: 'Hapus pantauan, dengan tokennya',
    params: watchIdParams,
    query: watchTokenQuery,
    responses: {
      204: { description: 'Dihapus', body: 'none' },
      404: { description: 'Pantauan tidak ditemukan' },
    },
  },
  {
    method: 'get',
    path: '/watches/:id/confirm',
    summary: 'Tautan konfirmasi e-mail (berlaku 24 jam): pantauan menjadi aktif',
    params: watchIdParams,
    query: confirmQuery,
    responses: { 200: mailPage, 404: { description: 'Tautan kedaluwarsa atau tidak dikenal' } },
  },
  {
    method: 'get',
    path: '/watches/:id/unsubscribe',
    summary: 'Tautan berhenti memantau di setiap e-mail: pantauan dihapus',
    params: watchIdParams,
    query: unsubscribeQuery,
    responses: { 200: mailPage, 404: { description: 'Tautan tidak dikenal' } },
  },
  {
    method: 'post',
    path: '/watches/:id/unsubscribe',
    summary: 'Berhenti memantau sekali klik dari aplikasi e-mail (List-Unsubscribe-Post)',
    params: watchIdParams,
    query: unsubscribeQuery,
    responses: { 200: mailPage, 404: { description: 'Tautan tidak dikenal' } },
  },
]);
