import { formatNumber } from './format';

/**
 * A count that may have stopped at a cap (a public or admin search with very many matches):
 * the number as the site writes it, with "+" when more match ("1.000+").
 */
export function cappedCountText(count: number, capped: boolean | undefined): string {
  return capped ? `${formatNumber(count)}+` : formatNumber(count);
}

export interface CountedPage {
  /** Matches counted: exact, or a lower bound when `capped`. */
  count: number;
  capped: boolean;
  /** The page asked for (1-based) and its size. */
  page: number;
  limit: number;
}

/**
 * How many pages a list offers. Exact counts give every page; a capped count gives the pages
 * it fills and at least one after the current page, since more rows exist (the pagination
 * then runs on page by page without knowing the total).
 */
export function pagesOf({ count, capped, page, limit }: CountedPage): number {
  const counted = Math.ceil(count / limit);
  return capped ? Math.max(counted, page + 1) : counted;
}
