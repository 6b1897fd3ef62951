import { z } from 'zod';
import { LIMITS, MAX_LENGTH } from '@shared/constants';

const positiveInt = (fallback: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max))
    .optional()
    .transform((value) => value ?? fallback);

/** GET /api/products: the public list's query string. */
export const listQuerySchema = z.object({
  page: positiveInt(1, 1_000_000),
  limit: positiveInt(LIMITS.pageSize, LIMITS.searchLimit),
  categoryId: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a category id')
    .optional(),
  /** A category slug, as the public addresses carry it (/?category=elektronik). */
  category: z.string().max(120).optional(),
  search: z.string().max(MAX_LENGTH.search).optional(),
});

export type ProductListQuery = z.infer<typeof listQuerySchema>;
