import { HOUR_MS } from '@shared/rules/jakarta-days';

// Asia/Jakarta days and the units they are counted in live with the shared range checks.
export { DAY_MS, HOUR_MS, jakartaDayStart, MINUTE_MS } from '@shared/rules/jakarta-days';

/** Rollup bucket: whole hours since the Unix epoch. */
export function hourOf(ms: number): number {
  return Math.floor(ms / HOUR_MS);
}
