// The visitor's tracking socket: messages queue until the socket is open and then go out in
// order; a closed socket reconnects after 5 s (spec sections 4 and 7).
import { TIMINGS } from '@shared/constants';

/** The part of the WebSocket API the queue uses (the browser's, or `ws` in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: unknown) => void) | null;
}

const OPEN = 1;

export interface SocketQueueOptions {
  url: string;
  createSocket(url: string): SocketLike;
  reconnectDelay?: number;
  setTimer?(callback: () => void, ms: number): unknown;
  clearTimer?(timer: unknown): void;
  log?(message: string, error?: unknown): void;
}

export class SocketQueue {
  private socket: SocketLike | null = null;
  private readonly queue: string[] = [];
  private reconnectTimer: unknown = null;
  private stopped = false;
  private readonly options: Required<SocketQueueOptions>;

  constructor(options: SocketQueueOptions) {
    this.options = {
      reconnectDelay: TIMINGS.socketReconnect,
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
      log: (message, error) => console.warn(message, error ?? ''),
      ...options,
    };
  }

  get connected(): boolean {
    return this.socket?.readyState === OPEN;
  }

  get pending(): number {
    return this.queue.length;
  }

  connect(): void {
    if (this.stopped || this.socket) return;
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url);
    } catch (error) {
      this.options.log('Tracking socket could not be created', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.flush();
    socket.onerror = (event) => this.options.log('Tracking socket error', event);
    socket.onmessage = null;
    socket.onclose = () => {
      if (this.socket === socket) this.socket = null;
      this.scheduleReconnect();
    };
  }

  send(message: object): void {
    this.queue.push(JSON.stringify(message));
    this.flush();
  }

  /** Sends what is queued, oldest first; stops at the first failure and keeps the rest. */
  flush(): void {
    const socket = this.socket;
    while (socket && socket.readyState === OPEN && this.queue.length > 0) {
      const next = this.queue[0] as string;
      try {
        socket.send(next);
      } catch (error) {
        this.options.log('Tracking message could not be sent', error);
        return;
      }
      this.queue.shift();
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.reconnectTimer !== null) this.options.clearTimer(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer !== null) return;
    this.reconnectTimer = this.options.setTimer(() => {
      this.reconnectTimer = null;
      this.connect();
    }, this.options.reconnectDelay);
  }
}
