import { z } from 'zod';
import { PRICE_HISTORY_DAYS } from '@shared/rules/price-history';
import { priceHistorySchema } from '@shared/schemas/responses';
import { productIdParams } from '../../lib/params';
import { documentRoutes } from '../../openapi/registry';

/** What parseHistoryDays accepts; the route reads `days` with it, not with zod. */
const historyQuery = z.object({
  days: z
    .string()
    .regex(/^\d{1,3}$/)
    .optional()
    .meta({
      description: `Hari ke belakang, ${PRICE_HISTORY_DAYS.min} sampai ${PRICE_HISTORY_DAYS.max} (bawaan ${PRICE_HISTORY_DAYS.default})`,
    }),
});

export const pricesApi = documentRoutes({ tag: 'Produk', access: 'public' }, [
  {
    method: 'get',
    path: '/products/:id/price-history',
    summary: 'Riwayat harga per platform, harga terendah kini dan terendah 30 hari',
    params: productIdParams,
    query: historyQuery,
    responses: { 200: { description: 'Riwayat harga', schema: priceHistorySchema } },
  },
]);
