// The returnTo round trip of spec section 2: protected pages send the visitor to the login page
// with the encoded current page; after signing in they come back to it.

export const DEFAULT_ROUTE = '/dashboard';
export const LOGIN_ROUTE = '/login';

export function normalizeBasename(basename: string): string {
  const trimmed = basename.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The full address of the current admin page, e.g. '/admin/products?x=1'. */
export function buildReturnTo(basename: string, pathname: string, search: string): string {
  return `${normalizeBasename(basename)}${pathname}${search}`;
}

export function loginPath(returnTo: string): string {
  return `${LOGIN_ROUTE}?returnTo=${encodeURIComponent(returnTo)}`;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    if (text.charCodeAt(i) < 0x20) return true;
  }
  return false;
}

/**
 * The in-router path to go to after signing in. Only addresses inside the admin base are
 * followed, so a crafted link cannot send a freshly signed-in admin to another site.
 */
export function resolveReturnTo(raw: string | null, basename: string): string {
  if (!raw) return DEFAULT_ROUTE;
  const base = normalizeBasename(basename);
  if (raw.startsWith('//') || raw.includes('\\') || hasControlCharacter(raw)) {
    return DEFAULT_ROUTE;
  }
  let inner: string;
  if (base === '') inner = raw;
  else if (raw === base) inner = '/';
  else if (raw.startsWith(`${base}/`) || raw.startsWith(`${base}?`)) inner = raw.slice(base.length);
  else return DEFAULT_ROUTE;
  if (!inner.startsWith('/') || inner.startsWith('//')) return DEFAULT_ROUTE;
  const path = inner.split(/[?#]/)[0] ?? '';
  if (path === LOGIN_ROUTE || path === '/') return DEFAULT_ROUTE;
  return inner;
}
