// What the desktop's polled alerts share (broken links, feeds): read a figure through the
// signed-in session now and every interval; the first reading is only the baseline; a failed
// reading (offline, 401, bad body) is silent and the next one tries again; a reading under way
// when staff sign out or change server is dropped. Master switch and quiet hours are the
// NotificationManager's job, so the tray still learns of the alert.
import type { AlertSettings, DesktopAlert } from '@shared/desktop-bridge';
import type { z } from 'zod';
import { systemClock, type MonitorClock } from './alert-monitor';

export interface PollingWatchOptions {
  /** GET `path` on the configured server with the session cookie (the main process's proxy). */
  fetchServer(path: string): Promise<Response>;
  getSettings(): AlertSettings;
  onAlert(alert: DesktopAlert): void;
  clock?: MonitorClock;
  intervalMs?: number;
}

export interface PolledFigure<T> {
  path: string;
  schema: z.ZodType<T>;
  defaultIntervalMs: number;
  enabled(settings: AlertSettings): boolean;
  /** The alert that going from `previous` to `current` raises, if any. */
  alertFor(previous: T, current: T, at: number): DesktopAlert | null;
}

export class PollingWatch<T> {
  /** The figure at the last good reading; null before the first one. */
  protected last: T | null = null;
  private ticker: unknown = null;
  /** Bumped by stop(): a reading that was under way for an earlier session is dropped. */
  private generation = 0;
  /** The generation whose reading is under way, so one session never runs two at once. */
  private inFlight: number | null = null;

  constructor(
    private readonly figure: PolledFigure<T>,
    private readonly options: PollingWatchOptions,
  ) {}

  private get clock(): MonitorClock {
    return this.options.clock ?? systemClock;
  }

  /** Signed in: read now (the baseline), then every interval. */
  start(): Promise<void> {
    this.ticker ??= this.clock.setInterval(
      () => void this.check(),
      this.options.intervalMs ?? this.figure.defaultIntervalMs,
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
    if (!this.figure.enabled(this.options.getSettings())) {
      // Switched off: turning it on again starts from what is wrong then.
      this.last = null;
      return;
    }
    const generation = this.generation;
    this.inFlight = generation;
    let current: T | null;
    try {
      current = await this.read();
    } finally {
      if (this.inFlight === generation) this.inFlight = null;
    }
    if (current === null || generation !== this.generation) return;
    const previous = this.last;
    this.last = current;
    if (previous === null || !this.figure.enabled(this.options.getSettings())) return;
    const alert = this.figure.alertFor(previous, current, this.clock.now());
    if (alert) this.options.onAlert(alert);
  }

  private async read(): Promise<T | null> {
    try {
      const response = await this.options.fetchServer(this.figure.path);
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      const parsed = this.figure.schema.safeParse(await response.json());
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
