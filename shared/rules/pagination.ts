import { LIMITS } from '../constants';

/**
 * Page numbers to show as buttons: at most `max`, centred on the current page and pinned
 * to the first or last `max` pages near either end. Out-of-range input is clamped so a
 * stale `?page=` in the address never yields an empty or shifted window.
 */
export function paginationWindow(
  currentPage: number,
  totalPages: number,
  max: number = LIMITS.maxPageButtons,
): number[] {
  const total = Math.floor(totalPages);
  const size = Math.floor(max);
  if (!Number.isFinite(total) || total < 1 || !Number.isFinite(size) || size < 1) return [];
  const current = Number.isFinite(currentPage)
    ? Math.min(Math.max(Math.floor(currentPage), 1), total)
    : 1;
  const count = Math.min(size, total);
  const centredStart = current - Math.floor((count - 1) / 2);
  const start = Math.min(Math.max(centredStart, 1), total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
