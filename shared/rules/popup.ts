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

/** Reduces a page address (full URL or path) to a comparable path without a trailing slash. */
export function normalizePagePath(page: string): string {
  let path = page.trim();
  if (path === '' || path === '*') return path;
  const schemeAt = path.indexOf('://');
  if (schemeAt > 0) {
    const slash = path.indexOf('/', schemeAt + 3);
    path = slash >= 0 ? path.slice(slash) : '/';
  }
  path = path.split(/[?#]/)[0] ?? '';
  if (!path.startsWith('/')) path = `/${path}`;
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/**
 * `showOnPages` is '*' or a comma-separated list of paths. A page of '*' (the client sent no
 * address) only matches popups shown everywhere.
 */
export function popupMatchesPage(showOnPages: string | null | undefined, page: string): boolean {
  const targets = (showOnPages ?? '*')
    .split(',')
    .map((p) => normalizePagePath(p))
    .filter((p) => p !== '');
  if (targets.length === 0 || targets.includes('*')) return true;
  const path = normalizePagePath(page);
  return path !== '*' && targets.includes(path);
}

export function isPopupVisible(popup: PopupScheduleFields, page: string, now: Date): boolean {
  return popupStatus(popup, now) === 'Active' && popupMatchesPage(popup.showOnPages, page);
}
