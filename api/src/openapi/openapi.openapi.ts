import { z } from 'zod';
import { documentRoutes } from './registry';

export const openApiApi = documentRoutes({ tag: 'Dokumentasi', access: 'public' }, [
  {
    method: 'get',
    path: '/openapi.json',
    summary: 'Dokumen OpenAPI 3.1 ini: rute publik, atau seluruhnya untuk admin yang masuk',
    responses: {
      200: {
        description: 'Dokumen OpenAPI',
        schema: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
      },
    },
  },
  {
    method: 'get',
    path: '/docs',
    summary: 'Halaman referensi API (HTML) dari dokumen yang sama',
    responses: { 200: { description: 'Halaman HTML' } },
  },
]);
