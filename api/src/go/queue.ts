import type { AdmittedClick, ClickInput, ClickRecorder, ClickSink } from './recorder';

/** Clicks held at most (waiting for their claim or for room in the write buffer). */
export const DEFAULT_MAX_QUEUED = 10_000;
/** Bytes held at most, estimated from each click's strings (a user agent may be 16 KB). */
export const DEFAULT_MAX_QUEUED_BYTES = 8 * 1024 * 1024;
/** Clicks claimed and handed to the sink together. */
export const DEFAULT_BATCH = 500;
/** Redirects waiting for room at most; beyond, 503 at once (each holds a connection). */
export const DEFAULT_MAX_WAITING = 1_000;
/** How long a redirect waits for room before it answers 503 instead (never after a 302). */
export const DEFAULT_MAX_WAIT_MS = 2_000;
/**
 * How long a batch that is not full waits for more clicks before its shared claim (PostgreSQL).
 * Without it a busy queue claimed whatever a round trip had let in, a few clicks a statement
 * (each an upsert and a commit of its own); nothing waits on the claim but the click itself,
 * whose 302 is already sent, and close() does not wait.
 */
export const DEFAULT_CLAIM_GATHER_MS = 50;
/** close() gives the write buffer this long to make room before the rest is forced on it. */
const CLOSE_GRACE_MS = 10_000;
/** Fixed part of a queued click's estimated size (the object, hashes, numbers). */
const ENTRY_OVERHEAD_BYTES = 400;

export interface ClickQueueOptions {
  recorder: ClickRecorder;
  /** The recorder's sink: its backpressure (`full`, `onPressure`) holds the queue. */
  sink: ClickSink;
  /**
   * The dedupe shared between processes (PostgreSQL): the keys this process is the first to
   * claim within the window. Without it, the in-memory dedupe is the final word (SQLite: one
   * process). A claim that fails counts the whole batch, as one process on its own would.
   */
  claim?: (keys: string[], windowMs: number) => Promise<Set<string>>;
  windowMs: number;
  maxQueued?: number;
  maxQueuedBytes?: number;
  batchSize?: number;
  /** See DEFAULT_CLAIM_GATHER_MS (0: claim at once). */
  claimGatherMs?: number;
  maxWaitMs?: number;
  maxWaiting?: number;
  log?: (line: string) => void;
}

export interface ClickQueueStats {
  /** Clicks held now (queued and being claimed). */
  queued: number;
  /** Their estimated bytes. */
  queuedBytes: number;
  /** The most held at once since the start. */
  peakQueued: number;
  peakQueuedBytes: number;
  /** Redirects waiting for room right now. */
  waiting: number;
  /** Redirects that had to wait for room (then got their 302). */
  waited: number;
  /** Redirects answered 503 (full for longer than maxWaitMs, or stopping): nothing counted. */
  refused: number;
  /** Claim statements that failed (their clicks were counted anyway). */
  claimErrors: number;
  /** Claim statements run. */
  claims: number;
}

interface Entry {
  admitted: AdmittedClick;
  bytes: number;
  /** Already claimed (a batch cut short by a full sink keeps its claims). */
  claimed: boolean;
  /** The shared claim said another process counted it first. */
  duplicate: boolean;
}

interface Waiter {
  entry: Entry;
  resolve: (taken: boolean) => void;
  timer: NodeJS.Timeout;
}

function entrySize(click: ClickInput): number {
  return (
    ENTRY_OVERHEAD_BYTES +
    2 * ((click.userAgent?.length ?? 0) + (click.fromPath?.length ?? 0) + click.platform.length)
  );
}

/**
 * The work of /go after its redirect, bounded. A countable click is admitted BEFORE the 302:
 * the in-memory dedupe answers at once (a repeat is a duplicate, no slot taken), a new click
 * takes a slot in this queue, and only then is the 302 sent, so every 302 of a new click is a
 * click held here. The queue drains in batches: one shared claim per batch (PostgreSQL), then
 * the clicks go to the analytics write buffer, which writes one transaction per flush with
 * multi-row inserts, and only while that buffer has room (its backpressure).
 *
 * When the queue is at its cap (count or bytes), a redirect waits for a slot, first come first
 * served, up to maxWaitMs (and at most maxWaiting of them); past that it answers 503 with
 * Retry-After and no click is counted.
 * Nothing accepted is ever dropped here: a 302 already sent is a click in the queue.
 */
export class ClickQueue {
  private entries: Entry[] = [];
  private head = 0;
  /** Clicks taken out of `entries` by the batch being claimed. */
  private inBatch = 0;
  private bytes = 0;
  private readonly waiters: Waiter[] = [];
  private draining: Promise<void> | null = null;
  private idle: Array<() => void> = [];
  private stopping = false;
  /** Set by close() past its grace: the rest goes to the sink whether it is full or not. */
  private forcing = false;
  private roomListeners: Array<() => void> = [];
  private readonly unsubscribe: (() => void) | undefined;
  private readonly maxQueued: number;
  private readonly maxBytes: number;
  private readonly batchSize: number;
  private readonly maxWaitMs: number;
  private readonly maxWaiting: number;
  private readonly log: (line: string) => void;
  private peakQueued = 0;
  private peakBytes = 0;
  private waited = 0;
  private refused = 0;
  private claimErrors = 0;
  private claims = 0;
  private readonly claimGatherMs: number;
  /** Ends the wait of a batch gathering clicks for its claim (full, or closing). */
  private endGather: (() => void) | null = null;

  constructor(private readonly options: ClickQueueOptions) {
    this.maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
    this.maxBytes = options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;
    this.batchSize = options.batchSize ?? DEFAULT_BATCH;
    this.claimGatherMs = options.claimGatherMs ?? DEFAULT_CLAIM_GATHER_MS;
    this.maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    this.maxWaiting = options.maxWaiting ?? DEFAULT_MAX_WAITING;
    this.log = options.log ?? console.error;
    this.unsubscribe = options.sink.onPressure?.((full) => {
      if (!full) this.wakeRoom();
    });
  }

  /** Clicks held: queued plus being claimed. */
  get size(): number {
    return this.entries.length - this.head + this.inBatch;
  }

  stats(): ClickQueueStats {
    return {
      queued: this.size,
      queuedBytes: this.bytes,
      peakQueued: this.peakQueued,
      peakQueuedBytes: this.peakBytes,
      waiting: this.waiters.length,
      waited: this.waited,
      refused: this.refused,
      claimErrors: this.claimErrors,
      claims: this.claims,
    };
  }

  /**
   * Before the redirect: true when the 302 may be sent now (a new click is queued, or it is a
   * repeat); otherwise a promise of the same answer once there is room, or false (answer 503,
   * the click is not counted) after maxWaitMs or when stopping.
   */
  admit(click: ClickInput): true | Promise<boolean> {
    if (this.stopping) {
      this.refused += 1;
      return Promise.resolve(false);
    }
    const admitted = this.options.recorder.admit(click);
    if (!admitted) return true;
    const entry: Entry = { admitted, bytes: entrySize(click), claimed: false, duplicate: false };
    if (this.waiters.length === 0 && this.hasRoom(entry.bytes)) {
      this.push(entry);
      return true;
    }
    if (this.waiters.length >= this.maxWaiting) return Promise.resolve(this.refuse(entry));
    this.waited += 1;
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        entry,
        resolve,
        timer: setTimeout(() => {
          const index = this.waiters.indexOf(waiter);
          if (index >= 0) this.waiters.splice(index, 1);
          resolve(this.refuse(entry));
        }, this.maxWaitMs),
      };
      this.waiters.push(waiter);
    });
  }

  /** Resolves once every click queued so far is in the sink (or refused by it). */
  async settle(): Promise<void> {
    while (this.size > 0 || this.waiters.length > 0 || this.draining) {
      await new Promise<void>((resolve) => {
        this.idle.push(resolve);
        this.kick();
      });
    }
  }

  /**
   * Stops taking clicks (new redirects answer 503, waiting ones too) and hands every queued
   * click to the sink: while it has room, and after CLOSE_GRACE_MS whatever it says (the write
   * buffer, still running, counts and logs any it refuses).
   */
  async close(graceMs = CLOSE_GRACE_MS): Promise<void> {
    this.stopping = true;
    this.endGather?.();
    for (const waiter of this.waiters.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.resolve(this.refuse(waiter.entry));
    }
    const force = setTimeout(() => {
      if (this.size === 0) return;
      this.log(`[go] ${this.size} queued clicks handed to a full write buffer at shutdown`);
      this.forcing = true;
      this.wakeRoom();
    }, graceMs);
    force.unref();
    try {
      await this.settle();
    } finally {
      clearTimeout(force);
      this.unsubscribe?.();
    }
  }

  private refuse(entry: Entry): false {
    this.options.recorder.forget(entry.admitted);
    this.refused += 1;
    return false;
  }

  private hasRoom(bytes: number): boolean {
    const size = this.size;
    // One click always fits in an empty queue, however large.
    return size === 0 || (size < this.maxQueued && this.bytes + bytes <= this.maxBytes);
  }

  private push(entry: Entry): void {
    this.entries.push(entry);
    this.bytes += entry.bytes;
    this.peakQueued = Math.max(this.peakQueued, this.size);
    this.peakBytes = Math.max(this.peakBytes, this.bytes);
    if (this.endGather && this.entries.length - this.head >= this.batchSize) this.endGather();
    this.kick();
  }

  /** Moves waiting redirects into the queue while there is room (they then send their 302). */
  private admitWaiters(): void {
    while (this.waiters.length > 0 && this.hasRoom(this.waiters[0]!.entry.bytes)) {
      const waiter = this.waiters.shift()!;
      clearTimeout(waiter.timer);
      this.push(waiter.entry);
      waiter.resolve(true);
    }
  }

  private kick(): void {
    if (this.draining) return;
    // On the next turn: a burst's redirects are queued before the first batch is taken.
    this.draining = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.drain())
      .catch((error: unknown) => this.log(`[go] click queue: ${String(error)}`))
      .finally(() => {
        this.draining = null;
        // A click queued between the loop's end and here starts the next drain.
        if (this.size > 0) this.kick();
        else for (const resolve of this.idle.splice(0)) resolve();
      });
  }

  private sinkFull(): boolean {
    return !this.forcing && this.options.sink.full === true;
  }

  private wakeRoom(): void {
    for (const listener of this.roomListeners.splice(0)) listener();
  }

  /** Resolves when the sink has room again (its pressure listener, or a poll as a backstop). */
  private sinkRoom(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, 100);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.roomListeners.push(done);
    });
  }

  /**
   * Waits up to claimGatherMs for the queue to hold a full batch (or close() to begin): a
   * batch to be claimed is then one statement for many clicks rather than a few.
   */
  private gather(): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.endGather = null;
        resolve();
      };
      const timer = setTimeout(done, this.claimGatherMs);
      this.endGather = done;
    });
  }

  private async drain(): Promise<void> {
    const { recorder, claim, windowMs } = this.options;
    // Each batch gathers once at most (then it is claimed as it stands).
    let gathered = false;
    while (this.entries.length - this.head > 0) {
      if (this.sinkFull()) {
        await this.sinkRoom();
        continue;
      }
      if (
        !gathered &&
        claim &&
        this.claimGatherMs > 0 &&
        !this.stopping &&
        this.entries.length - this.head < this.batchSize &&
        !this.entries[this.head]!.claimed
      ) {
        await this.gather();
        gathered = true;
        continue;
      }
      gathered = false;
      const end = Math.min(this.entries.length, this.head + this.batchSize);
      const batch = this.entries.slice(this.head, end);
      this.head = end;
      this.inBatch = batch.length;
      if (this.head > 4096 && this.head * 2 > this.entries.length) {
        this.entries = this.entries.slice(this.head);
        this.head = 0;
      }
      const unclaimed = batch.filter((entry) => !entry.claimed);
      if (claim && unclaimed.length > 0) {
        this.claims += 1;
        try {
          const first = await claim(
            unclaimed.map((entry) => `go:${entry.admitted.key}`),
            windowMs,
          );
          for (const entry of unclaimed) entry.duplicate = !first.has(`go:${entry.admitted.key}`);
        } catch (error) {
          this.claimErrors += 1;
          this.log(`[go] shared click dedupe unavailable, counting the batch: ${String(error)}`);
        }
      }
      for (const entry of unclaimed) entry.claimed = true;
      const taken = new Set<string>();
      let index = 0;
      for (; index < batch.length; index += 1) {
        if (this.sinkFull()) break;
        const entry = batch[index]!;
        const { key } = entry.admitted;
        this.bytes -= entry.bytes;
        this.inBatch -= 1;
        // A key twice in one batch (the memory dedupe forgot it under its bound): once only.
        if (entry.duplicate || taken.has(key)) {
          recorder.countDuplicate();
          continue;
        }
        taken.add(key);
        recorder.emitAdmitted(entry.admitted);
      }
      if (index < batch.length) {
        // The sink filled up mid-batch: the rest waits at the front, its claims kept.
        const rest = batch.slice(index);
        this.entries = [...rest, ...this.entries.slice(this.head)];
        this.head = 0;
        this.inBatch = 0;
      }
      this.admitWaiters();
    }
  }
}
