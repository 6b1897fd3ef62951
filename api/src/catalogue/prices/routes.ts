import { Router } from 'express';
import { parseHistoryDays, PRICE_HISTORY_DAYS } from '@shared/rules/price-history';
import type { Database } from '../../db/database';
import { badRequest, notFound } from '../../errors';
import { isUuid } from '../../lib/params';
import { isActiveProduct, priceHistory } from './queries';

export const INVALID_DAYS_MESSAGE = `days must be a whole number from ${PRICE_HISTORY_DAYS.min} to ${PRICE_HISTORY_DAYS.max}`;

/**
 * `GET /:id/price-history?days=90`, mounted beside the public product routes
 * (`/api/products`). Inactive and unknown products answer 404.
 */
export function priceHistoryRoutes({ db }: { db: Database }): Router {
  const router = Router();
  router.get('/:id/price-history', async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) throw notFound('Product not found');
    const days = parseHistoryDays(req.query.days);
    if (days === null) throw badRequest(INVALID_DAYS_MESSAGE, { days: INVALID_DAYS_MESSAGE });
    const productId = id.toLowerCase();
    if (!(await isActiveProduct(db, productId))) throw notFound('Product not found');
    res.json(await priceHistory(db, productId, days));
  });
  return router;
}
