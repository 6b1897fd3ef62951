import { z } from 'zod';
import { contentUpdateSchema } from '@shared/schemas';
import { contentBlockSchema } from '@shared/schemas/responses';
import { documentRoutes } from '../../openapi/registry';
import { contentKeyParams } from './schema';

const blocks = z.array(contentBlockSchema);

export const contentApi = [
  ...documentRoutes({ tag: 'Konten situs', access: 'public' }, [
    {
      method: 'get',
      path: '/content',
      summary: 'Blok konten yang aktif',
      responses: { 200: { description: 'Blok konten', schema: blocks } },
    },
    {
      method: 'get',
      path: '/content/:key',
      summary: 'Satu blok konten aktif (contact_us, homepage_hero)',
      params: contentKeyParams,
      responses: { 200: { description: 'Blok konten', schema: contentBlockSchema } },
    },
  ]),
  ...documentRoutes({ tag: 'Admin: konten situs', access: 'admin' }, [
    {
      method: 'get',
      path: '/admin/content',
      summary: 'Semua blok konten',
      responses: { 200: { description: 'Blok konten', schema: blocks } },
    },
    {
      method: 'get',
      path: '/admin/content/:key',
      summary: 'Satu blok konten, aktif atau tidak',
      params: contentKeyParams,
      responses: { 200: { description: 'Blok konten', schema: contentBlockSchema } },
    },
    {
      method: 'put',
      path: '/admin/content/:key',
      summary: 'Menyimpan blok konten (dibuat bila belum ada)',
      description:
        'Kunci diambil dari path; data contact_us dan homepage_hero diperiksa dengan aturan formulirnya.',
      params: contentKeyParams,
      body: contentUpdateSchema.omit({ key: true }),
      responses: {
        200: { description: 'Blok konten setelah diubah', schema: contentBlockSchema },
        201: { description: 'Blok konten yang dibuat', schema: contentBlockSchema },
      },
    },
  ]),
];
