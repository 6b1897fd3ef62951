// Whether the API answers, for the offline banner (docs/contracts.md, "Offline"). Every admin
// request goes through observeNetwork: an answer of any status means reachable; a failed fetch
// (or the desktop proxy's "unreachable" answer) means not, and the monitor then probes with
// exponential backoff until the server answers again.
import { UNREACHABLE_HEADER } from '@shared/unreachable';

export const OFFLINE_MESSAGE = 'Tidak dapat terhubung ke server.';

/** Thrown in place of the browser's "Failed to fetch", so screens show an Indonesian line. */
export class ServerUnreachableError extends Error {
  override readonly name = 'ServerUnreachableError';
  constructor() {
    super(`${OFFLINE_MESSAGE} Periksa koneksi lalu coba lagi.`);
  }
}

export const BACKOFF_FIRST_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

/** Delay before probe number `attempt` (0-based): 1 s, 2 s, 4 s ... capped at 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, attempt));
}

export interface NetworkSnapshot {
  reachable: boolean;
  /** Epoch ms of the last answer from the server; null before the first. */
  lastAnswerAt: number | null;
  /** Epoch ms of the next automatic probe while unreachable. */
  nextRetryAt: number | null;
  /** A probe is in flight. */
  checking: boolean;
}

export interface NetworkMonitorOptions {
  /** Resolves whatever the server answers; rejects when it cannot be reached. */
  probe(): Promise<unknown>;
  /** Runs when the server answers again after being unreachable. */
  onReconnect?(): void;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export class NetworkMonitor {
  private snapshot: NetworkSnapshot = {
    reachable: true,
    lastAnswerAt: null,
    nextRetryAt: null,
    checking: false,
  };
  private readonly listeners = new Set<() => void>();
  private attempt = 0;
  private timer: unknown = null;
  private readonly now: () => number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly options: NetworkMonitorOptions) {
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer =
      options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  getSnapshot = (): NetworkSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(patch: Partial<NetworkSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** The server answered (any HTTP status). */
  reportAnswer(): void {
    const wasUnreachable = !this.snapshot.reachable;
    this.cancelTimer();
    this.attempt = 0;
    this.update({ reachable: true, lastAnswerAt: this.now(), nextRetryAt: null });
    if (wasUnreachable) this.options.onReconnect?.();
  }

  /** A request could not reach the server. */
  reportUnreachable(): void {
    if (!this.snapshot.reachable) return;
    this.attempt = 0;
    this.update({ reachable: false });
    this.schedule();
  }

  /** "Coba sekarang": probe at once instead of waiting for the timer. */
  retryNow(): void {
    if (this.snapshot.reachable || this.snapshot.checking) return;
    this.cancelTimer();
    void this.runProbe();
  }

  dispose(): void {
    this.cancelTimer();
    this.listeners.clear();
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    this.cancelTimer();
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.update({ nextRetryAt: this.now() + delay });
    this.timer = this.setTimer(() => {
      this.timer = null;
      void this.runProbe();
    }, delay);
  }

  private async runProbe(): Promise<void> {
    this.update({ checking: true, nextRetryAt: null });
    let answered = false;
    try {
      await this.options.probe();
      answered = true;
    } catch {
      answered = false;
    }
    this.update({ checking: false });
    if (answered) this.reportAnswer();
    else if (!this.snapshot.reachable) this.schedule();
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * A fetch that tells the monitor whether the server answered. A failed request rejects with
 * ServerUnreachableError; an aborted one (a screen that moved on) says nothing about the server.
 */
export function observeNetwork(baseFetch: typeof fetch, monitor: NetworkMonitor): typeof fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await baseFetch(input, init);
    } catch (error) {
      if (isAbort(error) || init?.signal?.aborted) throw error;
      monitor.reportUnreachable();
      throw new ServerUnreachableError();
    }
    if (response.headers.has(UNREACHABLE_HEADER)) {
      await response.body?.cancel();
      monitor.reportUnreachable();
      throw new ServerUnreachableError();
    }
    monitor.reportAnswer();
    return response;
  };
}
