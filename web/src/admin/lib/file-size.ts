import { SITE_LOCALE } from '@shared/rules/format';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A file size for people, in id-ID digits: '512 B', '1,5 KB', '87,3 MB' (1 KB = 1.024 B). */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  const text = new Intl.NumberFormat(SITE_LOCALE, { maximumFractionDigits: digits }).format(value);
  return `${text} ${UNITS[unit]}`;
}
