import { z } from 'zod';
import { productBulkSchema, productSchema } from '@shared/schemas';
import {
  adminProductCountSchema,
  adminProductListResponseSchema,
  productBulkResultSchema,
  productImageResponseSchema,
  productListResponseSchema,
  productResponseSchema,
} from '@shared/schemas/responses';
import { productIdParams } from '../../lib/params';
import { documentRoutes } from '../../openapi/registry';
import { adminCountQuerySchema, adminListQuerySchema, listQuerySchema } from './schema';

const products = z.array(productResponseSchema);
const featured = (kind: 'promo' | 'popular', what: string) => [
  {
    method: 'get' as const,
    path: `/products/featured/${kind}`,
    summary: `Produk unggulan ${what}, dalam urutan unggulannya`,
    responses: { 200: { description: 'Produk aktif', schema: products } },
  },
  {
    method: 'get' as const,
    path: `/products/fallback/${kind}`,
    summary: `Produk pengganti ${what} saat tidak ada yang diunggulkan`,
    responses: { 200: { description: 'Satu halaman produk aktif', schema: products } },
  },
];

export const productsApi = [
  ...documentRoutes({ tag: 'Produk', access: 'public' }, [
    {
      method: 'get',
      path: '/products',
      summary: 'Daftar produk aktif, per halaman; dengan search, hasil pencarian berperingkat',
      query: listQuerySchema,
      responses: { 200: { description: 'Satu halaman produk', schema: productListResponseSchema } },
    },
    ...featured('promo', 'promo'),
    ...featured('popular', 'populer'),
    {
      method: 'get',
      path: '/products/:id',
      summary: 'Satu produk aktif dengan harga terendahnya',
      params: productIdParams,
      responses: { 200: { description: 'Produk', schema: productResponseSchema } },
    },
    {
      method: 'get',
      path: '/products/:id/images',
      summary: 'Galeri gambar aktif sebuah produk',
      params: productIdParams,
      responses: {
        200: { description: 'Gambar, menurut urutan', schema: z.array(productImageResponseSchema) },
      },
    },
  ]),
  ...documentRoutes({ tag: 'Admin: produk', access: 'admin' }, [
    {
      method: 'get',
      path: '/admin/products',
      summary: 'Daftar produk admin: tanpa page seluruh katalog, dengan page satu halaman',
      query: adminListQuerySchema,
      responses: {
        200: {
          description: 'Satu halaman (dengan page) atau semua produk (tanpa page)',
          schema: z.union([adminProductListResponseSchema, products]),
        },
      },
    },
    {
      method: 'get',
      path: '/admin/products/count',
      summary: 'Jumlah produk yang cocok dengan filter daftar',
      query: adminCountQuerySchema,
      responses: { 200: { description: 'Jumlah', schema: adminProductCountSchema } },
    },
    {
      method: 'get',
      path: '/admin/products/:id',
      summary: 'Satu produk, aktif atau tidak',
      params: productIdParams,
      responses: { 200: { description: 'Produk', schema: productResponseSchema } },
    },
    {
      method: 'get',
      path: '/admin/products/:id/images',
      summary: 'Semua gambar galeri sebuah produk',
      params: productIdParams,
      responses: {
        200: { description: 'Gambar, menurut urutan', schema: z.array(productImageResponseSchema) },
      },
    },
    {
      method: 'post',
      path: '/admin/products',
      summary: 'Membuat produk',
      body: productSchema,
      responses: { 201: { description: 'Produk yang dibuat', schema: productResponseSchema } },
    },
    {
      method: 'post',
      path: '/admin/products/bulk',
      summary: 'Aksi massal atas hingga 10.000 produk dalam satu transaksi',
      body: productBulkSchema,
      responses: {
        200: { description: 'Jumlah produk yang berubah', schema: productBulkResultSchema },
      },
    },
    {
      method: 'put',
      path: '/admin/products/:id',
      summary: 'Mengubah produk',
      params: productIdParams,
      body: productSchema,
      responses: { 200: { description: 'Produk setelah diubah', schema: productResponseSchema } },
    },
    {
      method: 'delete',
      path: '/admin/products/:id',
      summary: 'Menghapus produk beserta tautan dan gambarnya',
      params: productIdParams,
      responses: { 204: { description: 'Terhapus', body: 'none' } },
    },
  ]),
];
