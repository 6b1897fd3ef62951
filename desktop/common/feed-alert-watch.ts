// Feed alerts (docs/contracts.md, "Desktop"; DESIGN.md, "Product feeds"): every few minutes, and
// once at sign-in, the app reads the feed list through the signed-in session and raises an alert
// when a feed has an alert it did not have at the last reading (its last run failed, or it has
// not run within twice its schedule). Like the broken-link watch: the first reading is only the
// baseline, a failed reading (offline, 401, bad body) is silent and the next one tries again, and
// the master switch and quiet hours are the NotificationManager's job, so the tray still learns.
import { FEEDS_ROUTE, type AlertSettings, type DesktopAlert } from '@shared/desktop-bridge';
import { z } from 'zod';
import { systemClock, type MonitorClock } from './alert-monitor';

/** What is used of each feed (Feed in the OpenAPI document). */
const feedsSchema = z.array(
  z.object({ id: z.string().min(1), name: z.string(), alert: z.string().nullable() }),
);
type FeedAlertRow = z.infer<typeof feedsSchema>[number];

export const FEEDS_PATH = '/api/admin/feeds';
export const FEED_ALERT_CHECK_MS = 5 * 60_000;

/** An id the admin-path check accepts in a route; any other opens the list. */
const ROUTE_ID = /^[A-Za-z0-9_-]{1,100}$/;

export function feedAlert(feeds: FeedAlertRow[], at: number): DesktopAlert {
  const [first] = feeds;
  if (feeds.length === 1 && first) {
    return {
      kind: 'feed_alert',
      title: 'Feed bermasalah',
      body: `${first.name}: ${first.alert ?? ''}`,
      at,
      route: ROUTE_ID.test(first.id) ? `${FEEDS_ROUTE}/${first.id}` : FEEDS_ROUTE,
    };
  }
  return {
    kind: 'feed_alert',
    title: 'Feed bermasalah',
    body: `${feeds.length} feed bermasalah: ${feeds.map((feed) => feed.name).join(', ')}`,
    at,
    route: FEEDS_ROUTE,
  };
}

export class FeedAlertWatch {
  /** Feed id -> its alert at the last good reading; null before the first one. */
  private last: Map<string, string> | null = null;
  private ticker: unknown = null;
  /** Bumped by stop(): a reading that was under way for an earlier session is dropped. */
  private generation = 0;
  /** The generation whose reading is under way, so one session never runs two at once. */
  private inFlight: number | null = null;

  constructor(
    private readonly options: {
      /** GET `path` on the configured server with the session cookie (the main process's proxy). */
      fetchServer(path: string): Promise<Response>;
      getSettings(): AlertSettings;
      onAlert(alert: DesktopAlert): void;
      clock?: MonitorClock;
      intervalMs?: number;
    },
  ) {}

  private get clock(): MonitorClock {
    return this.options.clock ?? systemClock;
  }

  /** The feeds with an alert at the last good reading (ids), or null before the first. */
  get baseline(): string[] | null {
    return this.last ? [...this.last.keys()] : null;
  }

  /** Signed in: read now (the baseline), then every interval. */
  start(): Promise<void> {
    this.ticker ??= this.clock.setInterval(
      () => void this.check(),
      this.options.intervalMs ?? FEED_ALERT_CHECK_MS,
    );
    return this.check();
  }

  /** Signed out or another server: stop, and the next start takes a fresh baseline. */
  stop(): void {
    if (this.ticker !== null) this.clock.clearInterval(this.ticker);
    this.ticker = null;
    this.last = null;
    this.generation += 1;
  }

  async check(): Promise<void> {
    if (this.inFlight === this.generation) return;
    if (!this.options.getSettings().feedAlertsEnabled) {
      // Switched off: turning it on again starts from what is wrong then.
      this.last = null;
      return;
    }
    const generation = this.generation;
    this.inFlight = generation;
    let feeds: FeedAlertRow[] | null;
    try {
      feeds = await this.read();
    } finally {
      if (this.inFlight === generation) this.inFlight = null;
    }
    if (feeds === null || generation !== this.generation) return;
    const previous = this.last;
    const current = new Map<string, string>();
    for (const feed of feeds) if (feed.alert) current.set(feed.id, feed.alert);
    this.last = current;
    if (previous === null || !this.options.getSettings().feedAlertsEnabled) return;
    // New: a feed that had no alert, or another one, at the last reading.
    const fresh = feeds.filter((feed) => feed.alert && previous.get(feed.id) !== feed.alert);
    if (fresh.length > 0) this.options.onAlert(feedAlert(fresh, this.clock.now()));
  }

  private async read(): Promise<FeedAlertRow[] | null> {
    try {
      const response = await this.options.fetchServer(FEEDS_PATH);
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      const parsed = feedsSchema.safeParse(await response.json());
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
