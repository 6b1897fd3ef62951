import { z } from 'zod';
import { loginSchema } from '@shared/schemas';
import {
  adminSessionSchema,
  authResponseSchema,
  messageResponseSchema,
} from '@shared/schemas/responses';
import { idParams } from '../lib/params';
import { documentRoutes } from '../openapi/registry';

export const authApi = documentRoutes({ tag: 'Admin: sesi', access: 'admin' }, [
  {
    method: 'post',
    path: '/admin/login',
    access: 'public',
    summary: 'Masuk sebagai admin; mengatur cookie sesi dr_session',
    body: loginSchema,
    responses: {
      200: { description: 'Masuk', schema: authResponseSchema },
      401: { description: 'Username atau kata sandi salah' },
      429: { description: 'Terlalu banyak percobaan gagal' },
    },
  },
  {
    method: 'get',
    path: '/admin/me',
    summary: 'Admin yang sedang masuk',
    responses: { 200: { description: 'Admin', schema: authResponseSchema } },
  },
  {
    method: 'post',
    path: '/admin/logout',
    summary: 'Keluar: mengakhiri sesi ini saja',
    responses: { 200: { description: 'Keluar', schema: messageResponseSchema } },
  },
  {
    method: 'get',
    path: '/admin/sessions',
    summary: 'Sesi aktif milik admin yang masuk',
    responses: { 200: { description: 'Sesi', schema: z.array(adminSessionSchema) } },
  },
  {
    method: 'delete',
    path: '/admin/sessions/:id',
    summary: 'Mengakhiri satu sesi',
    params: idParams('Session'),
    responses: { 204: { description: 'Berakhir', body: 'none' } },
  },
  {
    method: 'post',
    path: '/admin/sessions/revoke-others',
    summary: 'Mengakhiri semua sesi lain',
    responses: {
      200: { description: 'Jumlah sesi yang diakhiri', schema: z.object({ ended: z.number() }) },
    },
  },
]);
