import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { Mutex } from '../lib/mutex';
import { evaluateWatches } from './evaluate';
import { pruneWatchLimits } from './limits';
import { WatchMailer } from './mail';
import { closePushAgents } from './push';
import { WatchSender, type DrainResult } from './sender';
import { expireWatches } from './store';
import { mailKey } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface WatchServiceOptions {
  db: Database;
  config: AppConfig;
  log?: (line: string) => void;
}

/**
 * Price watches' background work in one server process (docs/contracts.md, "Price watches"):
 * - a catalogue change (any source: form, import, bulk, feed) calls `wake()`; a burst is
 *   evaluated once, `debounceMs` later, for the products whose price changed since the last
 *   pass (price_points ids above a high-water mark);
 * - every `sweepMs` a full evaluation (it also sees stock coming back at a lower price);
 * - every `pollMs` the queue is drained of what is due (retries, rows other processes
 *   enqueued);
 * - once a day (and at start) the housekeeping: 180-day expiry, unconfirmed e-mail watches,
 *   ended limit windows.
 * Passes never overlap within a process; across PostgreSQL processes the evaluation takes an
 * advisory lock and the sender claims rows with SKIP LOCKED.
 */
export class WatchService {
  readonly mailer: WatchMailer;
  private readonly sender: WatchSender;
  private readonly passes = new Mutex();
  private readonly timers: NodeJS.Timeout[] = [];
  private debounce: NodeJS.Timeout | null = null;
  private highWater: number | null = null;
  private closed = false;
  private rememberedOrigin: string | null = null;
  private idle: Promise<unknown> = Promise.resolve();
  private readonly log: (line: string) => void;

  constructor(private readonly options: WatchServiceOptions) {
    this.log = options.log ?? (() => undefined);
    const { config, db } = options;
    this.mailer = new WatchMailer(config.watches);
    this.sender = new WatchSender({
      db,
      config: config.watches,
      mailer: this.mailer,
      siteOrigin: () => this.siteOrigin(),
      sessionSecret: config.sessionSecret,
      log: this.log,
    });
  }

  get emailEnabled(): boolean {
    return this.mailer.enabled;
  }

  /** Starts the timers; the first pass (a full evaluation, then the housekeeping) runs now. */
  start(): void {
    const { watches } = this.options.config;
    const every = (ms: number, work: () => void) => {
      const timer = setInterval(work, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(watches.sweepMs, () => void this.run(true));
    every(watches.pollMs, () => void this.drainQuietly());
    every(DAY_MS, () => void this.housekeeping());
    void this.run(true).then(() => this.housekeeping());
  }

  /** A price may have changed somewhere: evaluate soon (debounced). */
  wake(): void {
    if (this.closed || this.debounce) return;
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.run(false);
    }, this.options.config.watches.debounceMs);
    this.debounce.unref();
  }

  /** One evaluation then a drain; `full` evaluates every watch. Never throws. */
  run(full: boolean): Promise<void> {
    const pass = this.passes.run(async () => {
      if (this.closed) return;
      try {
        const { enqueued, highWater } = await evaluateWatches(
          this.options.db,
          { full, after: this.highWater },
          Date.now(),
        );
        this.highWater = highWater;
        if (enqueued > 0) this.log(`[watches] ${enqueued} notifications enqueued`);
        await this.sender.drain();
      } catch (error) {
        this.logError('evaluation', error);
      }
    });
    this.idle = pass;
    return pass;
  }

  /** Sends what is due now (tests and the poll). */
  drain(): Promise<DrainResult | null> {
    return this.passes.run(async () => (this.closed ? null : this.sender.drain()));
  }

  private async drainQuietly(): Promise<void> {
    try {
      await this.drain();
    } catch (error) {
      this.logError('send', error);
    }
  }

  async housekeeping(now = Date.now()): Promise<number> {
    try {
      const expired = await expireWatches(this.options.db, now);
      await pruneWatchLimits(this.options.db, now);
      if (expired > 0) this.log(`[watches] ${expired} stale watches expired`);
      return expired;
    } catch (error) {
      this.logError('housekeeping', error);
      return 0;
    }
  }

  /** The request's origin stands in for PUBLIC_URL in mail links until one is configured. */
  rememberOrigin(origin: string): void {
    this.rememberedOrigin = origin;
  }

  siteOrigin(): string {
    return (
      this.options.config.publicUrl ??
      this.rememberedOrigin ??
      `http://localhost:${this.options.config.port}`
    );
  }

  /** The double opt-in mail: the link activates the watch until `expires`. */
  async sendConfirmation(watch: {
    id: string;
    email: string;
    expires: number;
    productTitle: string;
  }): Promise<void> {
    const origin = this.siteOrigin();
    const { sessionSecret } = this.options.config;
    const key = mailKey(sessionSecret, 'confirm', watch.id, watch.expires);
    const confirmUrl = `${origin}/api/watches/${watch.id}/confirm?expires=${watch.expires}&key=${key}`;
    const unsubscribeUrl = `${origin}/api/watches/${watch.id}/unsubscribe?key=${mailKey(
      sessionSecret,
      'unsubscribe',
      watch.id,
    )}`;
    await this.mailer.send({
      to: watch.email,
      subject: 'Konfirmasi pantauan harga',
      text:
        `Anda (atau seseorang) meminta kabar saat harga "${watch.productTitle}" turun.\n\n` +
        `Aktifkan pantauan (berlaku 24 jam): ${confirmUrl}\n\n` +
        `Bukan Anda? Abaikan e-mail ini; tanpa konfirmasi pantauan dihapus.\n` +
        `Hapus sekarang: ${unsubscribeUrl}\n`,
      unsubscribeUrl,
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.debounce) clearTimeout(this.debounce);
    for (const timer of this.timers) clearInterval(timer);
    await this.idle.catch(() => undefined);
    await this.passes.run(async () => undefined);
    this.mailer.close();
    closePushAgents(this.options.config.watches);
  }

  private logError(what: string, error: unknown): void {
    this.log(`[watches] ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
