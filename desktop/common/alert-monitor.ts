// Runs the alert rules over time: keeps their state, feeds them the live connection's
// snapshots and a clock tick (a lost connection sends nothing), and hands every decision on.
import type { AlertSettings, RealtimeSnapshot } from '@shared/desktop-bridge';
import {
  evaluateAlerts,
  initialAlertState,
  type AlertDecision,
  type AlertState,
  type MonitorInput,
} from './alert-rules';

export interface MonitorClock {
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const systemClock: MonitorClock = {
  now: () => Date.now(),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

const TICK_MS = 10_000;

export class AlertMonitor {
  private state: AlertState = initialAlertState();
  private lastStats: RealtimeSnapshot['stats'] = null;
  private ticker: unknown = null;

  constructor(
    private readonly options: {
      getSettings(): AlertSettings;
      onDecision(decision: AlertDecision): void;
      clock?: MonitorClock;
    },
  ) {}

  private get clock(): MonitorClock {
    return this.options.clock ?? systemClock;
  }

  /** Feeds one snapshot of the live connection (status change and/or new figures). */
  observe(snapshot: RealtimeSnapshot): void {
    const at = this.clock.now();
    this.feed({ type: 'status', at, status: snapshot.status });
    if (snapshot.stats && snapshot.stats !== this.lastStats) {
      this.feed({ type: 'stats', at, stats: snapshot.stats });
    }
    this.lastStats = snapshot.stats;
  }

  start(): void {
    this.ticker ??= this.clock.setInterval(
      () => this.feed({ type: 'tick', at: this.clock.now() }),
      TICK_MS,
    );
  }

  /** Signing out or changing servers starts over: their history is not this one's baseline. */
  reset(): void {
    this.state = initialAlertState();
    this.lastStats = null;
  }

  stop(): void {
    if (this.ticker !== null) this.clock.clearInterval(this.ticker);
    this.ticker = null;
  }

  private feed(input: MonitorInput): void {
    const result = evaluateAlerts(this.state, input, this.options.getSettings());
    this.state = result.state;
    for (const decision of result.decisions) this.options.onDecision(decision);
  }
}
