import { z } from 'zod';
import { LIMITS, MAX_LENGTH } from '@shared/constants';
import { listingQueryFields, priceOrderCheck } from '@shared/schemas';
import { optionalPage, positiveInt } from '../../lib/params';

/** GET /api/products: the public list's query string. */
export const listQuerySchema = z
  .object({
    page: positiveInt(1, 1_000_000),
    limit: positiveInt(LIMITS.pageSize, LIMITS.searchLimit),
    categoryId: z
      .string()
      .regex(/^\d{1,10}$/, 'must be a category id')
      .optional(),
    /** A category slug, as the public addresses carry it (/?category=elektronik). */
    category: z.string().max(120).optional(),
    search: z.string().max(MAX_LENGTH.search).optional(),
    // Sorting, filters and facets (docs/contracts.md, "Shopping").
    ...listingQueryFields,
    /** `true`: only today's promo (the promo page's products: the featured ones, else discounted). */
    promo: z
      .string()
      .refine((value) => value === 'true' || value === 'false', {
        message: 'promo harus true atau false',
      })
      .optional()
      .transform((value) => value === 'true'),
  })
  .refine(...priceOrderCheck);

export type ProductListQuery = z.infer<typeof listQuerySchema>;

const ADMIN_MAX_LIMIT = 100;

/**
 * GET /api/admin/products: without `page` the whole catalogue (the specification's call,
 * streamed); with it one page of at most 100 rows, filtered and sorted on the server.
 */
export const adminListQuerySchema = z.object({
  page: optionalPage(),
  limit: positiveInt(24, ADMIN_MAX_LIMIT),
  search: z.string().max(200).optional(),
  categoryId: z
    .string()
    .regex(/^(\d{1,10}|all)$/, 'must be a category id')
    .optional()
    .transform((value) => (value === 'all' ? undefined : value)),
  status: z.enum(['active', 'inactive', 'all']).optional(),
  sort: z.enum(['newest', 'oldest', 'title', 'discount']).optional().default('newest'),
  /** `broken`: only products with a link the link checker flagged. */
  linkHealth: z.enum(['broken']).optional(),
});

export type AdminProductListQuery = z.infer<typeof adminListQuerySchema>;

/** GET /api/admin/products/count: the list's filters, without paging or sort. */
export const adminCountQuerySchema = adminListQuerySchema.pick({
  search: true,
  categoryId: true,
  status: true,
  linkHealth: true,
});
