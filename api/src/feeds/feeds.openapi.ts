import { z } from 'zod';
import { feedPreviewSchema, feedSchema } from '@shared/schemas/feed';
import {
  feedPreviewResponseSchema,
  feedResponseSchema,
  feedRunPageSchema,
  feedRunResponseSchema,
} from '@shared/schemas/responses';
import { documentRoutes, recordWritesDoc } from '../openapi/registry';
import { feedParams, feedRunParams, feedRunsQuery } from './routes';

export const feedsApi = documentRoutes({ tag: 'Admin: sumber feed', access: 'admin' }, [
  {
    method: 'get',
    path: '/admin/feeds',
    summary: 'Semua sumber feed dengan proses terakhir dan peringatannya',
    responses: { 200: { description: 'Feed', schema: z.array(feedResponseSchema) } },
  },
  {
    method: 'get',
    path: '/admin/feeds/:id',
    summary: 'Satu sumber feed',
    params: feedParams,
    responses: { 200: { description: 'Feed', schema: feedResponseSchema } },
  },
  ...recordWritesDoc({
    base: '/admin/feeds',
    noun: 'sumber feed',
    params: feedParams,
    createBody: feedSchema,
    updateBody: feedSchema,
    schema: feedResponseSchema,
  }),
  {
    method: 'post',
    path: '/admin/feeds/preview',
    summary: 'Pratinjau 20 baris pertama sebuah feed dan kolom yang terlihat',
    body: feedPreviewSchema,
    responses: {
      200: { description: 'Pratinjau', schema: feedPreviewResponseSchema },
      400: { description: 'Feed tidak dapat diambil atau dibaca' },
    },
  },
  {
    method: 'post',
    path: '/admin/feeds/:id/run',
    summary: 'Menjalankan feed sekarang (diproses di latar belakang)',
    params: feedParams,
    responses: {
      202: { description: 'Proses dimulai', schema: z.object({ id: z.string() }) },
      409: { description: 'Feed sedang diproses' },
    },
  },
  {
    method: 'post',
    path: '/admin/feeds/:id/accept-size',
    summary:
      'Menerima ukuran baru feed yang menyusut: run terakhirnya menjadi acuan run berikutnya',
    params: feedParams,
    responses: {
      200: { description: 'Feed', schema: feedResponseSchema },
      409: { description: 'Run terakhir tidak menyusut, atau feed sedang diproses' },
    },
  },
  {
    method: 'get',
    path: '/admin/feeds/:id/runs',
    summary: 'Riwayat proses sebuah feed, terbaru dulu',
    params: feedParams,
    query: feedRunsQuery,
    responses: { 200: { description: 'Proses feed', schema: feedRunPageSchema } },
  },
  {
    method: 'get',
    path: '/admin/feed-runs/:id',
    summary: 'Satu proses feed dengan hitungannya',
    params: feedRunParams,
    responses: { 200: { description: 'Proses feed', schema: feedRunResponseSchema } },
  },
  {
    method: 'get',
    path: '/admin/feed-runs/:id/errors.csv',
    summary: 'Baris feed yang gagal beserta alasannya',
    params: feedRunParams,
    responses: { 200: { description: 'Berkas CSV', body: 'csv' } },
  },
]);
