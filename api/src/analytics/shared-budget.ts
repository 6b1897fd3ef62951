import type { SharedCount } from '../lib/shared-limits';

/** What the budget needs of the shared counters (SharedCounters.increment). */
export interface BudgetCounter {
  increment(key: string, windowMs: number, by: number): Promise<SharedCount>;
}

export interface SharedBudgetOptions {
  counter: BudgetCounter;
  /** Messages all sockets of one address may send, over every process, per window. */
  limit: number;
  windowMs: number;
  /** Tokens reserved per database round trip (default limit / 20, at least 1). */
  chunk?: number;
  /** Called when a reservation for `address` was answered: its waiting messages may go on. */
  onReady?: (address: string) => void;
  log?: (line: string) => void;
}

/** ok: send it on; refuse: over the budget; wait: ask again after onReady (nothing is lost). */
export type BudgetVerdict = 'ok' | 'refuse' | 'wait';

interface Entry {
  /** Reserved tokens not used yet; below zero while messages run on credit. */
  available: number;
  /** Local time at which the reserved tokens' window ends. */
  windowEnds: number;
  /** That window's identity: its end on the database clock. */
  windowId: number;
  /** The shared window is used up: refuse until it ends. */
  exhausted: boolean;
  pending: boolean;
  sockets: number;
}

/**
 * The per-address message budget of /ws across processes. Every process reserves tokens from
 * one counter per address in the shared_limits table (a fixed window on the database clock),
 * `chunk` at a time, so the database sees one statement per `chunk` messages rather than one
 * per message. The next chunk is asked for when half of the current one is used; while it is on
 * its way, messages are accepted on credit for at most one chunk, and that credit is paid from
 * the grant; beyond the credit the verdict is "wait" (the socket server holds those messages and
 * pauses the socket until onReady). A grant smaller than asked means the window is used up: the
 * address is refused here until the window ends.
 *
 * Bound: every accepted message was reserved in the database or is credit, and a process never
 * owes more than one chunk, so one address gets at most `limit + processes x chunk` messages
 * per window over all processes (at the defaults 2,500 + 125 per process per 5 s). Reserved
 * tokens left unused when a window ends are dropped, which only makes the budget stricter.
 *
 * If the database cannot be asked, the process falls back on its own token bucket (which
 * always applies too) for a second, then asks again: ingest never waits on the database. (A
 * database that hangs rather than fails costs the address its messages beyond the credit until
 * the query gives up.)
 */
export class SharedAddressBudget {
  private readonly entries = new Map<string, Entry>();
  private readonly chunk: number;
  /** Until then the database is not asked (it just failed) and the shared check passes. */
  private fallbackUntil = 0;
  private warned = false;

  constructor(private readonly options: SharedBudgetOptions) {
    this.chunk = Math.max(1, Math.floor(options.chunk ?? options.limit / 20));
  }

  open(address: string): void {
    const entry = this.entries.get(address);
    if (entry) entry.sockets += 1;
    else
      this.entries.set(address, {
        available: 0,
        windowEnds: 0,
        windowId: 0,
        exhausted: false,
        pending: false,
        sockets: 1,
      });
  }

  close(address: string): void {
    const entry = this.entries.get(address);
    if (!entry) return;
    entry.sockets -= 1;
    // Credit still owed is forgotten with the entry; it is at most one chunk.
    if (entry.sockets <= 0) this.entries.delete(address);
  }

  take(address: string, now = Date.now()): BudgetVerdict {
    const entry = this.entries.get(address);
    if (!entry) return 'refuse';
    if (now >= entry.windowEnds) {
      // A new window: unused tokens of the old one are dropped, a debt is kept.
      entry.exhausted = false;
      entry.available = Math.min(entry.available, 0);
    }
    if (now < this.fallbackUntil) return 'ok';
    if (entry.exhausted) {
      // The window is used up: what this process holds still counts, then nothing.
      if (entry.available <= 0) return 'refuse';
      entry.available -= 1;
      return 'ok';
    }
    if (entry.available < this.chunk / 2) this.reserve(address, entry, now);
    if (entry.available <= -this.chunk) return entry.pending ? 'wait' : 'refuse';
    entry.available -= 1;
    return 'ok';
  }

  private reserve(address: string, entry: Entry, now: number): void {
    if (entry.pending) return;
    entry.pending = true;
    const asked = this.chunk;
    this.options.counter.increment(`ws:${address}`, this.options.windowMs, asked).then(
      ({ hits, resetAt, resetInMs }) => {
        entry.pending = false;
        // Hits before this reservation were others' (or ours); what is left of the limit is ours.
        const granted = Math.max(0, Math.min(asked, this.options.limit - (hits - asked)));
        if (resetAt !== entry.windowId) {
          // The grant belongs to a window this process had not seen yet.
          entry.windowId = resetAt;
          entry.available = Math.min(entry.available, 0);
          entry.exhausted = false;
        }
        // From the time of asking: never later than the database's own window end.
        entry.windowEnds = now + resetInMs;
        entry.available += granted;
        if (granted < asked) entry.exhausted = true;
        this.options.onReady?.(address);
      },
      (error: unknown) => {
        entry.pending = false;
        // For a second the process's own limits alone apply; then the database is asked again.
        this.fallbackUntil = now + 1000;
        this.options.onReady?.(address);
        if (!this.warned) {
          this.warned = true;
          this.options.log?.(
            `[analytics] shared socket budget unavailable, using this process's own: ${String(error)}`,
          );
        }
      },
    );
  }
}
