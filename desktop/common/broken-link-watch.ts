// Broken-link alerts (docs/contracts.md, "Desktop"): every few minutes, and once at sign-in, the
// app reads the link health summary through the signed-in session and raises an alert when more
// links are broken than at the last reading (polling-watch.ts: baseline, failed readings).
import { BROKEN_LINKS_ROUTE, type DesktopAlert } from '@shared/desktop-bridge';
import { z } from 'zod';
import { PollingWatch, type PollingWatchOptions } from './polling-watch';

/** The one figure used from the link health summary (LinkHealthSummary in the OpenAPI document). */
const summarySchema = z.object({ broken: z.number().int().min(0) }).transform((s) => s.broken);

export const LINK_HEALTH_PATH = '/api/admin/link-health';
export const BROKEN_LINK_CHECK_MS = 10 * 60_000;

export function brokenLinksAlert(added: number, total: number, at: number): DesktopAlert {
  return {
    kind: 'broken_links',
    title: 'Tautan rusak',
    body: `${added} tautan rusak baru (${total} total)`,
    at,
    route: BROKEN_LINKS_ROUTE,
  };
}

export class BrokenLinkWatch extends PollingWatch<number> {
  constructor(options: PollingWatchOptions) {
    super(
      {
        path: LINK_HEALTH_PATH,
        schema: summarySchema,
        defaultIntervalMs: BROKEN_LINK_CHECK_MS,
        enabled: (settings) => settings.brokenLinksEnabled,
        alertFor: (previous, broken, at) =>
          broken > previous ? brokenLinksAlert(broken - previous, broken, at) : null,
      },
      options,
    );
  }

  /** Broken links at the last good reading; null before the first one. */
  get baseline(): number | null {
    return this.last;
  }
}
