// Asia/Jakarta calendar days, which the analytics reports count in. Jakarta is UTC+7 all year
// (no daylight saving), so its days are whole UTC hours.

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const JAKARTA_OFFSET_MS = 7 * HOUR_MS;

/** Epoch ms at which the Asia/Jakarta day containing `ms` began. */
export function jakartaDayStart(ms: number): number {
  return Math.floor((ms + JAKARTA_OFFSET_MS) / DAY_MS) * DAY_MS - JAKARTA_OFFSET_MS;
}

/** The Asia/Jakarta calendar date (YYYY-MM-DD) of an instant between the years 0 and 9999. */
export function jakartaDate(ms: number): string {
  return new Date(ms + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * Epoch ms of 00:00 in Asia/Jakarta on a calendar date written YYYY-MM-DD; NaN for a date
 * that does not exist (Date.parse would roll 2024-02-30 over into March).
 */
export function jakartaDateStart(date: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return NaN;
  const ms = Date.parse(`${date}T00:00:00.000+07:00`);
  return Number.isFinite(ms) && jakartaDate(ms) === date ? ms : NaN;
}
