// Broken-link alerts (docs/contracts.md, "Desktop"): every few minutes, and once at sign-in, the
// app reads the link health summary through the signed-in session and raises an alert when more
// links are broken than at the last reading. The first reading is only the baseline; a failed
// reading (offline, 401, bad body) is silent and the next one tries again. Master switch and
// quiet hours are the NotificationManager's job, so the tray still learns of the alert.
import { BROKEN_LINKS_ROUTE, type AlertSettings, type DesktopAlert } from '@shared/desktop-bridge';
import { z } from 'zod';
import { systemClock, type MonitorClock } from './alert-monitor';

/** The one figure used from the link health summary (LinkHealthSummary in the OpenAPI document). */
const summarySchema = z.object({ broken: z.number().int().min(0) });

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

export class BrokenLinkWatch {
  /** Broken links at the last good reading; null before the first one. */
  private last: number | null = null;
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

  get baseline(): number | null {
    return this.last;
  }

  /** Signed in: read now (the baseline), then every interval. */
  start(): Promise<void> {
    this.ticker ??= this.clock.setInterval(
      () => void this.check(),
      this.options.intervalMs ?? BROKEN_LINK_CHECK_MS,
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
    if (!this.options.getSettings().brokenLinksEnabled) {
      // Switched off: turning it on again starts from what is broken then.
      this.last = null;
      return;
    }
    const generation = this.generation;
    this.inFlight = generation;
    let broken: number | null;
    try {
      broken = await this.read();
    } finally {
      if (this.inFlight === generation) this.inFlight = null;
    }
    if (broken === null || generation !== this.generation) return;
    const previous = this.last;
    this.last = broken;
    if (previous !== null && broken > previous && this.options.getSettings().brokenLinksEnabled) {
      this.options.onAlert(brokenLinksAlert(broken - previous, broken, this.clock.now()));
    }
  }

  private async read(): Promise<number | null> {
    try {
      const response = await this.options.fetchServer(LINK_HEALTH_PATH);
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      const parsed = summarySchema.safeParse(await response.json());
      return parsed.success ? parsed.data.broken : null;
    } catch {
      return null;
    }
  }
}
