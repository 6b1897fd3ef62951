import { pageTargets } from './pages';

export type PopupStatus = 'Disabled' | 'Scheduled' | 'Expired' | 'Active';

export interface PopupScheduleFields {
  isActive: boolean;
  startDate: string | Date;
  endDate: string | Date;
  showOnPages?: string | null;
}

function toTime(value: string | Date): number {
  return value instanceof Date ? value.getTime() : Date.parse(value);
}

/** Admin display status; an unparseable date counts as outside the schedule. */
export function popupStatus(popup: PopupScheduleFields, now: Date): PopupStatus {
  if (!popup.isActive) return 'Disabled';
  const start = toTime(popup.startDate);
  const end = toTime(popup.endDate);
  const t = now.getTime();
  if (Number.isNaN(start) || start > t) return 'Scheduled';
  if (Number.isNaN(end) || end < t) return 'Expired';
  return 'Active';
}

/**
 * The page a visitor is on, from the address the client sends (full URL or path): its path,
 * or '*' when there is none (GET /api/popups/active without `url`).
 */
export function popupPagePath(url: unknown): string {
  if (typeof url !== 'string' || url === '' || url === '*') return '*';
  try {
    return new URL(url, 'http://localhost').pathname || '/';
  } catch {
    return '*';
  }
}

/**
 * `showOnPages` is '*' or a comma-separated list of paths, in the admin's page names
 * ('/categories' selects /kategori, see pages.ts). Without a page ('*') every popup applies.
 */
export function popupMatchesPage(showOnPages: string | null | undefined, page: string): boolean {
  const path = popupPagePath(page);
  const pages = (showOnPages ?? '*').split(',').map((p) => p.trim());
  return pages.includes('*') || path === '*' || pageTargets(path).some((p) => pages.includes(p));
}

export function isPopupVisible(popup: PopupScheduleFields, page: string, now: Date): boolean {
  return popupStatus(popup, now) === 'Active' && popupMatchesPage(popup.showOnPages, page);
}
