import { HOUR_MS } from '@shared/rules/jakarta-days';

// Asia/Jakarta days and the units they are counted in live with the shared range checks.
export { DAY_MS, HOUR_MS, jakartaDayStart } from '@shared/rules/jakarta-days';
export const MINUTE_MS = 60_000;

/** Rollup bucket: whole hours since the Unix epoch. */
export function hourOf(ms: number): number {
  return Math.floor(ms / HOUR_MS);
}
