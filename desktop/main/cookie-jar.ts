// The session cookie of the one configured server, held by the main process. The renderer
// never sees it: the main process attaches it to the API requests it carries and to the live
// socket, so the app signs in with the same cookie session as a browser would.

export interface StoredCookie {
  name: string;
  value: string;
  /** Epoch ms; null for a cookie that lasts as long as the app runs. */
  expiresAt: number | null;
}

const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Parses one Set-Cookie header; null when it is not a usable name=value pair. */
export function parseSetCookie(header: string, now: number): StoredCookie | null {
  const [pair = '', ...attributes] = header.split(';');
  const equals = pair.indexOf('=');
  if (equals <= 0) return null;
  const name = pair.slice(0, equals).trim();
  const value = pair.slice(equals + 1).trim();
  if (!COOKIE_NAME.test(name)) return null;
  let expiresAt: number | null = null;
  let maxAgeSeen = false;
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=');
    const key = rawKey.trim().toLowerCase();
    const attrValue = rest.join('=').trim();
    if (key === 'max-age') {
      const seconds = Number(attrValue);
      if (Number.isFinite(seconds)) {
        expiresAt = now + seconds * 1000;
        maxAgeSeen = true;
      }
    } else if (key === 'expires' && !maxAgeSeen) {
      const time = Date.parse(attrValue);
      if (Number.isFinite(time)) expiresAt = time;
    }
  }
  return { name, value, expiresAt };
}

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  constructor(private readonly onChange: (cookies: StoredCookie[]) => void = () => undefined) {}

  /** Stores the Set-Cookie headers of a response; expired ones delete their cookie. */
  store(setCookieHeaders: string[], now = Date.now()): void {
    let changed = false;
    for (const header of setCookieHeaders) {
      const cookie = parseSetCookie(header, now);
      if (!cookie) continue;
      if (cookie.expiresAt !== null && cookie.expiresAt <= now) {
        changed = this.cookies.delete(cookie.name) || changed;
      } else {
        this.cookies.set(cookie.name, cookie);
        changed = true;
      }
    }
    if (changed) this.onChange(this.persistent(now));
  }

  /** The Cookie request header, or '' when there is nothing to send. */
  header(now = Date.now()): string {
    return [...this.cookies.values()]
      .filter((cookie) => cookie.expiresAt === null || cookie.expiresAt > now)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  /** Restores cookies kept from an earlier run (without telling onChange). */
  restore(cookies: StoredCookie[], now = Date.now()): void {
    for (const cookie of cookies) {
      if (cookie.expiresAt !== null && cookie.expiresAt > now)
        this.cookies.set(cookie.name, cookie);
    }
  }

  clear(): void {
    if (this.cookies.size === 0) return;
    this.cookies.clear();
    this.onChange([]);
  }

  /** What outlives the app: cookies with an expiry, like a browser keeps them. */
  persistent(now = Date.now()): StoredCookie[] {
    return [...this.cookies.values()].filter(
      (cookie) => cookie.expiresAt !== null && cookie.expiresAt > now,
    );
  }
}
