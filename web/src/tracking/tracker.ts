// Visitor tracking (spec section 7): one session message, page views on history changes after
// 100 ms, scroll depth on increase throttled to 1 s, page duration on unload, named events.
import { TIMINGS } from '@shared/constants';
import { detectBrowser, detectDevice } from './device';
import { lookupGeo } from './geo';
import { SocketQueue, type SocketLike } from './socket-queue';

export type NamedEvent =
  | {
      eventType: 'cta_click';
      data: { productId: string; platform: string; categoryId: string; path: string };
    }
  | { eventType: 'search'; data: { query: string; path: string; resultCount: number } }
  | { eventType: 'search_no_results'; data: { query: string; path: string } }
  | { eventType: 'category_filter'; data: { category: string; path: string } }
  | { eventType: 'product_view'; data: { productId: string; path: string } }
  | { eventType: 'scroll_depth'; data: { depth: number; path: string } }
  | { eventType: 'page_duration'; data: { duration: number; path: string } };

export interface TrackerOptions {
  geoLookupUrl: string;
  socketUrl?: string;
  createSocket?(url: string): SocketLike;
}

const SESSION_KEY = 'dr_session_id';
const SESSION_SENT_KEY = 'dr_session_sent';
const LANDING_KEY = 'dr_landing';

/**
 * Where the visit came from, sent once with its first page view: document.referrer and the
 * landing address's utm_source/medium/campaign (the server groups the referrer), and
 * navigator.webdriver (an automated browser is counted as a bot).
 */
export function landingFields(
  href: string,
  referrer: string,
  webdriver: boolean,
): Record<string, unknown> {
  let params = new URLSearchParams();
  try {
    params = new URL(href).searchParams;
  } catch {
    // An address the URL parser refuses has no utm values.
  }
  const utm = (name: string) => (params.get(name) ?? '').trim().slice(0, 100);
  return {
    landing: true,
    referrer: referrer.slice(0, 2048),
    utmSource: utm('utm_source'),
    utmMedium: utm('utm_medium'),
    utmCampaign: utm('utm_campaign'),
    ...(webdriver ? { webdriver: true } : {}),
  };
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The visit's landing fields, kept for the tab session and sent with every page view: a
 * shopper who taps a product before the socket opens would otherwise lose the first page
 * view and, with it, where the visit came from. The server takes the first one it receives
 * (`sourceSet`), so repeating it changes nothing.
 */
export function landingFor(
  store: Storage | null,
  sessionId: string,
  compute: () => Record<string, unknown>,
): Record<string, unknown> {
  try {
    const kept = JSON.parse(store?.getItem(LANDING_KEY) ?? 'null') as {
      sessionId?: unknown;
      fields?: unknown;
    } | null;
    if (kept?.sessionId === sessionId && kept.fields && typeof kept.fields === 'object') {
      return kept.fields as Record<string, unknown>;
    }
  } catch {
    // A value this script did not write is replaced.
  }
  const fields = compute();
  store?.setItem(LANDING_KEY, JSON.stringify({ sessionId, fields }));
  return fields;
}

/** One id per browser tab session, kept across reloads of the tab. */
export function sessionIdFor(store: Storage | null): string {
  const existing = store?.getItem(SESSION_KEY);
  if (existing && /^[A-Za-z0-9_-]{1,64}$/.test(existing)) return existing;
  const id = randomId();
  store?.setItem(SESSION_KEY, id);
  return id;
}

/** Percentage of the page seen so far, 0 to 100. */
export function scrollDepth(scrollY: number, viewportHeight: number, pageHeight: number): number {
  if (pageHeight <= 0) return 100;
  return Math.max(0, Math.min(100, Math.round(((scrollY + viewportHeight) / pageHeight) * 100)));
}

export function socketUrlFor(location: Location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export class Tracker {
  readonly sessionId: string;
  private readonly socket: SocketQueue;
  /** Messages held until the session message is built, so it is always the first one out. */
  private held: object[] | null = [];
  private lastHref = '';
  private pagePath = '';
  private pageStart = Date.now();
  private maxDepth = 0;
  private scrollTimer: ReturnType<typeof setTimeout> | null = null;
  private lastScrollSent = 0;
  private pageViewTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: TrackerOptions) {
    this.sessionId = sessionIdFor(storage());
    this.socket = new SocketQueue({
      url: options.socketUrl ?? socketUrlFor(window.location),
      createSocket: options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike),
    });
  }

  start(): void {
    this.socket.connect();
    void this.sendSession();
    this.patchHistory();
    window.addEventListener('popstate', () => this.schedulePageView());
    window.addEventListener('scroll', () => this.onScroll(), { passive: true });
    window.addEventListener('pagehide', () => this.sendDuration());
    this.recordPageView();
  }

  track(event: NamedEvent): void {
    const data = event.data as Record<string, unknown>;
    const message: Record<string, unknown> = {
      type: 'event',
      sessionId: this.sessionId,
      eventType: event.eventType,
      eventData: JSON.stringify(data),
      timestamp: Date.now(),
    };
    for (const key of ['productId', 'categoryId', 'platform'] as const) {
      if (typeof data[key] === 'string' && data[key] !== '') message[key] = data[key];
    }
    this.enqueue(message);
  }

  private enqueue(message: object): void {
    if (this.held) this.held.push(message);
    else this.socket.send(message);
  }

  private async sendSession(): Promise<void> {
    const store = storage();
    if (store?.getItem(SESSION_SENT_KEY) !== this.sessionId) {
      const geo = await lookupGeo(this.options.geoLookupUrl);
      const userAgent = navigator.userAgent;
      this.socket.send({
        type: 'session',
        sessionId: this.sessionId,
        country: geo.country,
        city: geo.city,
        ipAddress: geo.ipAddress,
        device: detectDevice(userAgent),
        browser: detectBrowser(userAgent),
        userAgent: userAgent.slice(0, 512),
        referrer: document.referrer.slice(0, 2048),
        timestamp: Date.now(),
      });
      store?.setItem(SESSION_SENT_KEY, this.sessionId);
    }
    const held = this.held ?? [];
    this.held = null;
    for (const message of held) this.socket.send(message);
  }

  private patchHistory(): void {
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        this.schedulePageView();
      };
    }
  }

  /** The 100 ms delay lets the page set its new title first. */
  private schedulePageView(): void {
    if (this.pageViewTimer) clearTimeout(this.pageViewTimer);
    this.pageViewTimer = setTimeout(() => this.recordPageView(), TIMINGS.pageViewDelay);
  }

  private recordPageView(): void {
    const href = window.location.href;
    if (href === this.lastHref) return;
    this.lastHref = href;
    const path = window.location.pathname;
    if (path !== this.pagePath) {
      this.pagePath = path;
      this.pageStart = Date.now();
      this.maxDepth = 0;
    }
    const landing = landingFor(storage(), this.sessionId, () =>
      landingFields(href, document.referrer, navigator.webdriver === true),
    );
    this.enqueue({
      type: 'pageview',
      sessionId: this.sessionId,
      path: path.slice(0, 2048),
      title: document.title.slice(0, 200),
      timestamp: Date.now(),
      ...landing,
    });
  }

  private onScroll(): void {
    const wait = TIMINGS.scrollThrottle - (Date.now() - this.lastScrollSent);
    if (this.scrollTimer) return;
    this.scrollTimer = setTimeout(
      () => {
        this.scrollTimer = null;
        this.lastScrollSent = Date.now();
        const depth = scrollDepth(
          window.scrollY,
          window.innerHeight,
          document.documentElement.scrollHeight,
        );
        if (depth <= this.maxDepth) return;
        this.maxDepth = depth;
        this.track({ eventType: 'scroll_depth', data: { depth, path: window.location.pathname } });
      },
      Math.max(0, wait),
    );
  }

  private sendDuration(): void {
    this.track({
      eventType: 'page_duration',
      data: { duration: Date.now() - this.pageStart, path: this.pagePath },
    });
  }
}
