import { z } from 'zod';
import { formatNumber } from '../rules/format';
import { idField } from './fields';
import { PRODUCT_MESSAGES } from './product';

/** docs/contracts.md#bulk-actions: what `POST /api/admin/products/bulk` can do to many products. */
export const PRODUCT_BULK_ACTIONS = [
  'activate',
  'deactivate',
  'delete',
  'setCategory',
  'featurePromo',
  'unfeaturePromo',
  'featurePopular',
  'unfeaturePopular',
] as const;

export type ProductBulkAction = (typeof PRODUCT_BULK_ACTIONS)[number];

/** docs/contracts.md#bulk-actions: at most 10,000 products per call, whether named by ids or by a filter. */
export const MAX_BULK_PRODUCTS = 10_000;

const PRODUCT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const PRODUCT_BULK_MESSAGES = {
  noProducts: 'Pilih minimal 1 produk',
  tooMany: `Maksimal ${formatNumber(MAX_BULK_PRODUCTS)} produk per aksi massal`,
  idsAndFilter: 'Kirim ids atau filter, tidak keduanya',
  productId: 'ID produk tidak valid',
  action: 'Aksi massal tidak dikenal',
  categoryId: PRODUCT_MESSAGES.categoryId,
  filter: 'Filter tidak valid',
  filterTooMany: `Filter cocok dengan lebih dari ${formatNumber(MAX_BULK_PRODUCTS)} produk; persempit filter terlebih dahulu`,
} as const;

const M = PRODUCT_BULK_MESSAGES;

/**
 * The admin product list's filters (GET /api/admin/products: search, categoryId, status,
 * linkHealth) as a bulk action's alternative to ids: "every product that matches". Strict, so
 * a misspelt filter is a 400 rather than silently matching the whole catalogue.
 */
export const productBulkFilterSchema = z.strictObject(
  {
    search: z.string({ error: M.filter }).max(200, M.filter).optional(),
    categoryId: z
      .string({ error: M.filter })
      .regex(/^(\d{1,10}|all)$/, M.filter)
      .optional()
      .transform((value) => (value === 'all' ? undefined : value)),
    status: z.enum(['active', 'inactive', 'all'], { error: M.filter }).optional(),
    linkHealth: z.enum(['broken'], { error: M.filter }).optional(),
  },
  { error: M.filter },
);

export type ProductBulkFilter = z.input<typeof productBulkFilterSchema>;

/**
 * `{ids | filter, action, categoryId?}`: exactly one of ids (1 to 10,000 product ids) and
 * filter; categoryId only matters, and is then required, for setCategory.
 */
export const productBulkSchema = z
  .object({
    ids: z
      .array(
        z
          .string({ error: M.productId })
          .regex(PRODUCT_ID, M.productId)
          .transform((id) => id.toLowerCase()),
        { error: M.noProducts },
      )
      .min(1, M.noProducts)
      .max(MAX_BULK_PRODUCTS, M.tooMany)
      // The same product named twice is one product.
      .transform((ids) => [...new Set(ids)])
      .optional(),
    filter: productBulkFilterSchema.optional(),
    action: z.enum(PRODUCT_BULK_ACTIONS, { error: M.action }),
    categoryId: idField(M.categoryId).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.ids === undefined && body.filter === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: M.noProducts });
    }
    if (body.ids !== undefined && body.filter !== undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: M.idsAndFilter });
    }
    if (body.action === 'setCategory' && body.categoryId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['categoryId'], message: M.categoryId });
    }
  });

export type ProductBulkInput = z.input<typeof productBulkSchema>;
export type ProductBulkRequest = z.output<typeof productBulkSchema>;

export interface ProductBulkResult {
  /** How many products the action changed (products already in that state are left alone). */
  affected: number;
}
