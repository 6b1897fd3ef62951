// Feed alerts (docs/contracts.md, "Desktop"; DESIGN.md, "Product feeds"): every few minutes, and
// once at sign-in, the app reads the feed list through the signed-in session and raises an alert
// when a feed has an alert it did not have at the last reading (its last run failed, or it has
// not run within twice its schedule). Baseline and failed readings: polling-watch.ts.
import { FEEDS_ROUTE, type DesktopAlert } from '@shared/desktop-bridge';
import { z } from 'zod';
import { PollingWatch, type PollingWatchOptions } from './polling-watch';

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

export class FeedAlertWatch extends PollingWatch<FeedAlertRow[]> {
  constructor(options: PollingWatchOptions) {
    super(
      {
        path: FEEDS_PATH,
        schema: feedsSchema,
        defaultIntervalMs: FEED_ALERT_CHECK_MS,
        enabled: (settings) => settings.feedAlertsEnabled,
        alertFor: (previous, feeds, at) => {
          const before = new Map(previous.map((feed) => [feed.id, feed.alert]));
          // New: a feed that had no alert, or another one, at the last reading.
          const fresh = feeds.filter((feed) => feed.alert && before.get(feed.id) !== feed.alert);
          return fresh.length > 0 ? feedAlert(fresh, at) : null;
        },
      },
      options,
    );
  }

  /** The feeds with an alert at the last good reading (ids), or null before the first. */
  get baseline(): string[] | null {
    return this.last ? this.last.filter((feed) => feed.alert).map((feed) => feed.id) : null;
  }
}
