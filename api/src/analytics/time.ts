export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Asia/Jakarta is UTC+7 all year (no daylight saving), so its days are whole UTC hours. */
export const JAKARTA_OFFSET_MS = 7 * HOUR_MS;

/** Rollup bucket: whole hours since the Unix epoch. */
export function hourOf(ms: number): number {
  return Math.floor(ms / HOUR_MS);
}

/** Epoch ms at which the Asia/Jakarta day containing `ms` began. */
export function jakartaDayStart(ms: number): number {
  return Math.floor((ms + JAKARTA_OFFSET_MS) / DAY_MS) * DAY_MS - JAKARTA_OFFSET_MS;
}

/** Epoch ms of 00:00 in Asia/Jakarta on a calendar date written YYYY-MM-DD. */
export function jakartaDateStart(date: string): number {
  return Date.parse(`${date}T00:00:00.000+07:00`);
}
