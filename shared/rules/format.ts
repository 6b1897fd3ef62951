// id-ID formatting, pinned to Asia/Jakarta so the server render and the browser agree.

export const SITE_LOCALE = 'id-ID';
export const SITE_TIME_ZONE = 'Asia/Jakarta';

const numberFormat = new Intl.NumberFormat(SITE_LOCALE);

export function formatNumber(value: number): string {
  return Number.isFinite(value) ? numberFormat.format(value) : '-';
}

export interface DateTimeOptions {
  timeZone?: string;
  weekday?: boolean;
  seconds?: boolean;
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** e.g. '1 Desember 2024 pukul 17.05'; '-' for an invalid date. */
export function formatDateTime(
  value: Date | string | number,
  options: DateTimeOptions = {},
): string {
  const date = toDate(value);
  if (!date) return '-';
  return new Intl.DateTimeFormat(SITE_LOCALE, {
    weekday: options.weekday ? 'long' : undefined,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: options.seconds ? '2-digit' : undefined,
    timeZone: options.timeZone ?? SITE_TIME_ZONE,
  }).format(date);
}

/** e.g. '1 Desember 2024'; '-' for an invalid date. */
export function formatDate(
  value: Date | string | number,
  timeZone: string = SITE_TIME_ZONE,
): string {
  const date = toDate(value);
  if (!date) return '-';
  return new Intl.DateTimeFormat(SITE_LOCALE, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(date);
}
