// Which admin addresses the app opens when something outside the renderer names one: a
// `diskonradar://admin/<path>` link, a remembered window state, a notification. Anything that is
// not plainly an admin screen (another host, `..`, escapes, odd characters) is refused, so a link
// in a browser or a chat can only ever choose a screen. See docs/contracts.md, "Desktop".
import {
  DESKTOP_ADMIN_ROUTES,
  SETTINGS_ROUTE,
  type AdminPath,
  type DesktopRoute,
} from '@shared/desktop-bridge';

export const DEEP_LINK_SCHEME = 'diskonradar';

const MAX_LENGTH = 300;
/** Path segments of letters, digits, '-' and '_' only; a query of the same plus '=' and '&'. */
const PATH_SHAPE = /^(\/[A-Za-z0-9_-]+)+(\?[A-Za-z0-9_=&-]*)?$/;

/** An admin address as the app keeps and opens it, or null when it is not one. */
export function parseAdminPath(value: unknown): AdminPath | null {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return null;
  // Windows and some browsers hand a link over with a slash before the query or at the end.
  const tidy = value.replace(/\/(?=\?|$)/, '');
  if (!PATH_SHAPE.test(tidy)) return null;
  const screen = tidy.match(/^\/[A-Za-z0-9_-]+/)?.[0];
  const known = (DESKTOP_ADMIN_ROUTES as readonly string[]).includes(screen ?? '');
  return known ? (tidy.replace(/\?$/, '') as AdminPath) : null;
}

/** A place the app may open: an admin address or the desktop's own Settings. */
export function parseDesktopRoute(value: unknown): DesktopRoute | null {
  return value === SETTINGS_ROUTE ? SETTINGS_ROUTE : parseAdminPath(value);
}

const LINK_PREFIX = `${DEEP_LINK_SCHEME}://admin`;

/** `diskonradar://admin/products?links=broken` -> '/products?links=broken'; anything else null. */
export function parseDeepLink(link: unknown): AdminPath | null {
  if (typeof link !== 'string' || link.length > MAX_LENGTH) return null;
  if (link.slice(0, LINK_PREFIX.length).toLowerCase() !== LINK_PREFIX) return null;
  const rest = link.slice(LINK_PREFIX.length);
  return rest.startsWith('/') ? parseAdminPath(rest) : null;
}

/**
 * The deep link among a process's arguments (Windows and Linux start the app, or a second
 * instance of it, with the link as an argument); flags and the executable are skipped.
 */
export function deepLinkFromArgv(argv: readonly string[]): AdminPath | null {
  const link = argv.find((arg) => arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`));
  return link === undefined ? null : parseDeepLink(link);
}
