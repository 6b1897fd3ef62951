import type { FindOptions, Model, ModelStatic, Order, WhereOptions } from 'sequelize';
import { z } from 'zod';
import { optionalPage, positiveInt } from '../lib/params';
import { json, validate } from '../middleware/validate';

/** Rows per page of the FAQ, meta tag and popup managers unless the client asks otherwise. */
export const ADMIN_SITE_PAGE_SIZE = 20;

/**
 * GET /api/admin/faqs, /meta-tags and /popups: without `page` the whole list (the
 * specification's call); with it one page of at most 100 rows. `search` narrows either form.
 */
export const adminSiteListQuery = z.object({
  page: optionalPage(),
  limit: positiveInt(ADMIN_SITE_PAGE_SIZE, 100),
  search: z.string().max(200).optional(),
});

export type AdminSiteListQuery = z.output<typeof adminSiteListQuery>;

/** GET / of the FAQ, meta tag and popup managers: the whole list, or the page asked for. */
export const adminSiteList = (
  whole: (search: string | undefined) => Promise<unknown>,
  onePage: (query: AdminSiteListQuery & { page: number }) => Promise<unknown>,
) =>
  json(validate({ query: adminSiteListQuery }), ({ query }) =>
    query.page === undefined ? whole(query.search) : onePage({ ...query, page: query.page }),
  );

export interface PageOfRows<M> {
  rows: M[];
  currentPage: number;
  totalPages: number;
  totalCount: number;
}

/** One page of `model`'s rows and the count of all that match, read together. */
export async function pageOfRows<M extends Model>(
  model: ModelStatic<M>,
  options: { where: WhereOptions; order: Order; page: number; limit: number },
): Promise<PageOfRows<M>> {
  const find: FindOptions = {
    where: options.where,
    order: options.order,
    limit: options.limit,
    offset: (options.page - 1) * options.limit,
  };
  const [rows, totalCount] = await Promise.all([
    model.findAll(find),
    model.count({ where: options.where }),
  ]);
  return {
    rows,
    currentPage: options.page,
    totalPages: Math.ceil(totalCount / options.limit),
    totalCount,
  };
}
