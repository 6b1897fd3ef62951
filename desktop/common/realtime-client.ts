// The live analytics connection (spec section 4): Disconnected at start, Live once the socket
// is open, Disconnected on close or error, a new attempt 5 seconds later; only realtime_stats
// messages the shared schema accepts update the figures (the admin screen checks the same). The
// socket factory is injected: `ws` with the session cookie in the main process, the page's
// WebSocket in the browser bridge.
import { TIMINGS } from '@shared/constants';
import type { RealtimeSnapshot, Unsubscribe } from '@shared/desktop-bridge';
import { parseRealtimeStatsFrame } from '@shared/schemas/realtime-stats';

export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

/** A SocketLike with no handlers set yet, closing through `close`: what an adapter starts from. */
export function socketLike(close: SocketLike['close']): SocketLike {
  return { onopen: null, onclose: null, onerror: null, onmessage: null, close };
}

export interface ReconnectTimer {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const systemTimer: ReconnectTimer = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class LiveConnection {
  private socket: SocketLike | null = null;
  private url: string | null = null;
  private retry: unknown = null;
  private current: RealtimeSnapshot = { status: 'Disconnected', stats: null };
  private readonly listeners = new Set<(snapshot: RealtimeSnapshot) => void>();

  constructor(
    private readonly options: {
      createSocket: SocketFactory;
      reconnectMs?: number;
      timer?: ReconnectTimer;
      log?: (line: string) => void;
    },
  ) {}

  get snapshot(): RealtimeSnapshot {
    return this.current;
  }

  get wanted(): boolean {
    return this.url !== null;
  }

  subscribe(listener: (snapshot: RealtimeSnapshot) => void): Unsubscribe {
    this.listeners.add(listener);
    listener(this.current);
    return () => this.listeners.delete(listener);
  }

  /** Opens (or reopens) the connection and keeps it open until disconnect(). */
  connect(url: string): void {
    this.disconnect();
    this.url = url;
    this.open();
  }

  disconnect(): void {
    this.url = null;
    this.clearRetry();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      detach(socket);
      socket.close(1000, 'Closed by the app');
    }
    this.update({ status: 'Disconnected', stats: null });
  }

  private open(): void {
    if (!this.url) return;
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.url);
    } catch (error) {
      this.options.log?.(`[live] could not open the socket: ${String(error)}`);
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.update({ ...this.current, status: 'Live' });
    socket.onmessage = (event) => {
      const stats = parseRealtimeStatsFrame(event.data);
      if (stats) this.update({ ...this.current, stats });
    };
    socket.onerror = () => this.options.log?.('[live] socket error');
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.update({ ...this.current, status: 'Disconnected' });
      this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    this.clearRetry();
    if (!this.url) return;
    const timer = this.options.timer ?? systemTimer;
    this.retry = timer.set(() => {
      this.retry = null;
      this.open();
    }, this.options.reconnectMs ?? TIMINGS.socketReconnect);
  }

  private clearRetry(): void {
    if (this.retry === null) return;
    (this.options.timer ?? systemTimer).clear(this.retry);
    this.retry = null;
  }

  private update(next: RealtimeSnapshot): void {
    if (next.status === this.current.status && next.stats === this.current.stats) return;
    this.current = next;
    for (const listener of this.listeners) listener(next);
  }
}

function detach(socket: SocketLike): void {
  socket.onopen = null;
  socket.onclose = null;
  socket.onerror = null;
  socket.onmessage = null;
}
