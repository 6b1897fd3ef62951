import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express, Request } from 'express';
import cookieSession from 'cookie-session';
import { isbot } from 'isbot';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { trackingMessageSchema, type TrackingMessage } from '@shared/schemas';
import { resolveSessionUser, SESSION_COOKIE, sessionCookieOptions } from '../auth/session';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { cleanStrings } from '../lib/clean-text';
import { requestOrigin } from '../middleware/origin';
import { anonymizeIp, clientKey } from '../lib/ip';
import type { VisitorInfo } from './records';
import { isBotUserAgent, userAgentInfo, visitorKey } from './visitor';
import { BOT_VISIT_EVENT } from './visits';
import { AddressLimiter, TokenBucket } from './rate-limit';
import type { RealtimeBroadcaster } from './realtime';
import { SharedAddressBudget } from './shared-budget';
import { SharedCounters } from '../lib/shared-limits';
import {
  toEventRecord,
  toPageMetric,
  toPageviewRecord,
  toSessionRecord,
  type SenderContext,
} from './records';
import type { AnalyticsWriteBuffer } from './write-buffer';
import { MINUTE_MS } from './time';

export const SOCKET_PATH = '/ws';
const BURST_FACTOR = 5;
/** Messages dropped by one socket (floods, bad input) before it is closed. */
const MAX_STRIKES = 200;
const HEARTBEAT_MS = 30_000;
/** Messages one socket may have waiting for the shared budget's answer (then: 'rate'). */
const MAX_WAITING = 10_000;
/** A client clock within this window is believed (queued messages keep their time). */
const CLOCK_PAST_MS = 15 * MINUTE_MS;
const CLOCK_FUTURE_MS = 30_000;
/**
 * Close code for a socket whose message the full write buffer refused: 1013 "Try Again
 * Later" (RFC 6455 registry). The tracking client reconnects after a pause on any close.
 */
export const CLOSE_TRY_AGAIN_LATER = 1013;
/**
 * Close code of a rolling reload's retiring worker: 1012 "Service Restart". The tracking client
 * reconnects (to another worker) and sends what it queued meanwhile (docs/operations.md).
 */
export const CLOSE_SERVICE_RESTART = 1012;

export type DropReason = 'binary' | 'rate' | 'json' | 'invalid' | 'bot' | 'full';

export interface IngestCounters {
  accepted: number;
  dropped: Record<DropReason, number>;
  rejectedUpgrades: number;
  /** Times reading from the sockets was paused because the write buffer was full. */
  pauses: number;
}

interface SocketState {
  /** clientKey of the address: the per-client budget and socket count are kept under it. */
  client: string;
  sender: SenderContext;
  bucket: TokenBucket;
  isBot: boolean;
  /** Whether this socket's bot visit was counted (once per socket). */
  botCounted: boolean;
  /** The visitor as the server reads it from the upgrade request (./visitor.ts). */
  visitor: VisitorInfo;
  strikes: number;
  alive: boolean;
  /** Messages that passed this process's limits and wait for the shared budget's answer. */
  waiting: Array<{ data: RawData; isBinary: boolean; at: number }>;
}

/** cookie-session's middleware, called on a bare upgrade request: it only reads the cookie. */
type SessionReader = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  next: () => void,
) => void;

function receivedAt(claimed: number, now: number): number {
  return claimed >= now - CLOCK_PAST_MS && claimed <= now + CLOCK_FUTURE_MS ? claimed : now;
}

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

export interface SocketServerOptions {
  server: http.Server;
  app: Express;
  config: AppConfig;
  /** Admin sockets are recognised by their session cookie, checked against the users. */
  db: Database;
  buffer: AnalyticsWriteBuffer;
  realtime: RealtimeBroadcaster;
  log: (line: string) => void;
}

/**
 * The /ws endpoint. Visitors send tracking messages, which are checked and handed to the
 * write buffer; a socket opened with a valid admin session cookie also receives
 * realtime_stats. Whatever a visitor sends, the worst outcome is that its own message or its
 * own socket is dropped.
 */
export class TrackingSocketServer {
  private readonly wss: WebSocketServer;
  private readonly addresses: AddressLimiter;
  /** PostgreSQL: the same per-address budget, counted over every process. */
  private readonly shared: SharedAddressBudget | null;
  private readonly allowedOrigins: Set<string>;
  /** The site's own hosts besides the request's Host: a referrer from them is a direct visit. */
  private readonly ownHosts: string[] = [];
  private readonly readSession: SessionReader;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly states = new Map<WebSocket, SocketState>();
  /** Open sockets per client key (behind a trusted proxy the TCP cap sees only the proxy). */
  private readonly socketsPerClient = new Map<string, number>();
  /** Sockets with messages waiting for the shared budget (paused meanwhile). */
  private readonly waiting = new Map<WebSocket, SocketState>();
  private accepting = true;
  readonly counters: IngestCounters = {
    accepted: 0,
    dropped: { binary: 0, rate: 0, json: 0, invalid: 0, bot: 0, full: 0 },
    rejectedUpgrades: 0,
    pauses: 0,
  };
  private readonly stopPressure: () => void;

  constructor(private readonly options: SocketServerOptions) {
    const { config } = options;
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: config.analytics.maxPayloadBytes,
      perMessageDeflate: false,
    });
    this.addresses = new AddressLimiter(
      config.analytics.addressMessagesPerSecond,
      config.analytics.addressMessagesPerSecond * BURST_FACTOR,
    );
    // Several processes may share one PostgreSQL: an address's sockets on any of them draw on
    // one budget there, the address rate over a window as long as the burst (5 s).
    this.shared =
      options.db.dialect === 'postgres'
        ? new SharedAddressBudget({
            counter: new SharedCounters(options.db),
            limit: config.analytics.addressMessagesPerSecond * BURST_FACTOR,
            windowMs: BURST_FACTOR * 1000,
            onReady: (address) => this.drainWaiting(address),
            log: options.log,
          })
        : null;
    this.allowedOrigins = new Set(config.desktopOrigins);
    if (config.publicUrl) {
      this.allowedOrigins.add(new URL(config.publicUrl).origin);
      this.ownHosts.push(new URL(config.publicUrl).host);
    }
    this.readSession = cookieSession(sessionCookieOptions(config)) as unknown as SessionReader;
    this.heartbeat = setInterval(() => this.checkHeartbeats(), HEARTBEAT_MS);
    this.heartbeat.unref();
    options.server.on('upgrade', this.onUpgrade);
    // Backpressure: while the write buffer is full, nothing more is read from any socket; the
    // clients' messages wait in their socket buffers (nothing is refused, nothing is lost).
    this.stopPressure = options.buffer.onPressure((full) => {
      if (full) this.counters.pauses += 1;
      for (const ws of this.states.keys()) {
        if (full) ws.pause();
        else if (!this.waiting.has(ws)) ws.resume();
      }
    });
  }

  get connections(): number {
    return this.states.size;
  }

  private readonly onUpgrade = (incoming: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    // Express's request prototype gives the upgrade request the same ip, protocol and host
    // rules (trust proxy) as every HTTP request of the app.
    const req = Object.setPrototypeOf(incoming, this.options.app.request) as Request;
    let pathname = '';
    try {
      pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    } catch {
      pathname = '';
    }
    if (pathname !== SOCKET_PATH) {
      // Another upgrade handler (a dev server) may own other paths.
      if (this.options.server.listeners('upgrade').length === 1)
        rejectUpgrade(socket, 404, 'Not Found');
      return;
    }
    if (!this.accepting) return rejectUpgrade(socket, 503, 'Service Unavailable');
    const client = clientKey(req.ip ?? req.socket.remoteAddress);
    if (
      (this.socketsPerClient.get(client) ?? 0) >= this.options.config.limits.maxConnectionsPerIp
    ) {
      this.counters.rejectedUpgrades += 1;
      return rejectUpgrade(socket, 429, 'Too Many Requests');
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !this.isAllowedOrigin(req, origin)) {
      this.counters.rejectedUpgrades += 1;
      return rejectUpgrade(socket, 403, 'Forbidden');
    }
    void this.isAdmin(req).then(
      (admin) => {
        if (!this.accepting || socket.destroyed) return socket.destroy();
        this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws, req, admin));
      },
      () => rejectUpgrade(socket, 500, 'Internal Server Error'),
    );
  };

  private isAllowedOrigin(req: Request, origin: string): boolean {
    return origin === requestOrigin(req) || this.allowedOrigins.has(origin);
  }

  private async isAdmin(req: Request): Promise<boolean> {
    if (!req.headers.cookie?.includes(SESSION_COOKIE)) return false;
    // cookie-session reads and verifies the signed cookie; the response is never sent.
    this.readSession(req, new http.ServerResponse(req), () => undefined);
    return (await resolveSessionUser(this.options.db, req)) !== null;
  }

  private onConnection(ws: WebSocket, req: Request, admin: boolean): void {
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const userAgent = req.headers['user-agent'] ?? null;
    const rate = this.options.config.analytics.socketMessagesPerSecond;
    const client = clientKey(address);
    const ownHosts = [req.headers.host ?? '', ...this.ownHosts].filter(Boolean);
    const state: SocketState = {
      client,
      sender: { ipAddress: anonymizeIp(address), userAgent, ownHosts },
      bucket: new TokenBucket(rate, rate * BURST_FACTOR),
      isBot: isBotUserAgent(userAgent),
      botCounted: false,
      visitor: {
        key: visitorKey(this.options.config.sessionSecret, address, userAgent, Date.now()),
        ...userAgentInfo(userAgent),
      },
      strikes: 0,
      alive: true,
      waiting: [],
    };
    this.states.set(ws, state);
    this.socketsPerClient.set(client, (this.socketsPerClient.get(client) ?? 0) + 1);
    this.shared?.open(client);
    ws.on('pong', () => {
      state.alive = true;
    });
    ws.on('message', (data, isBinary) => this.onMessage(ws, state, data, isBinary));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      // What it sent before closing passed this process's limits: it is stored, not lost.
      if (this.waiting.delete(ws)) this.acceptWaiting(ws, state);
      this.states.delete(ws);
      const left = (this.socketsPerClient.get(client) ?? 1) - 1;
      if (left > 0) this.socketsPerClient.set(client, left);
      else this.socketsPerClient.delete(client);
      this.shared?.close(client);
    });
    if (admin) void this.options.realtime.add(ws);
    if (this.options.buffer.full) ws.pause();
  }

  private drop(ws: WebSocket, state: SocketState, reason: DropReason): void {
    this.counters.dropped[reason] += 1;
    if (reason === 'full') {
      // Only past the buffer's margin, which paused sockets should never reach: this client
      // is told to come back later rather than having its messages silently ignored.
      if (ws.readyState === ws.OPEN) ws.close(CLOSE_TRY_AGAIN_LATER, 'Try again later');
      return;
    }
    if (reason === 'bot') return;
    state.strikes += 1;
    if (state.strikes === MAX_STRIKES) ws.close(1008, 'Too many rejected messages');
  }

  private onMessage(ws: WebSocket, state: SocketState, data: RawData, isBinary: boolean): void {
    if (state.strikes >= MAX_STRIKES) return;
    const now = Date.now();
    if (!state.bucket.take(now) || !this.addresses.take(state.client, now)) {
      return this.drop(ws, state, 'rate');
    }
    if (this.shared) {
      // Behind waiting messages a message waits too: the socket's order is kept.
      const verdict = state.waiting.length > 0 ? 'wait' : this.shared.take(state.client, now);
      if (verdict === 'refuse') return this.drop(ws, state, 'rate');
      if (verdict === 'wait') {
        if (state.waiting.length >= MAX_WAITING) return this.drop(ws, state, 'rate');
        state.waiting.push({ data, isBinary, at: now });
        this.waiting.set(ws, state);
        ws.pause();
        return;
      }
    }
    this.accept(ws, state, data, isBinary, now);
  }

  /** The shared budget answered for `client`: its sockets' waiting messages go on, in order. */
  private drainWaiting(client: string): void {
    for (const [ws, state] of this.waiting) {
      if (state.client !== client) continue;
      while (state.waiting.length > 0) {
        const verdict = this.shared!.take(client, Date.now());
        if (verdict === 'wait') break;
        const message = state.waiting.shift()!;
        if (verdict === 'refuse') this.drop(ws, state, 'rate');
        else this.accept(ws, state, message.data, message.isBinary, message.at);
      }
      if (state.waiting.length > 0) continue;
      this.waiting.delete(ws);
      if (!this.options.buffer.full) ws.resume();
    }
  }

  /** Takes a socket's waiting messages without asking the shared budget (closing, shutdown). */
  private acceptWaiting(ws: WebSocket, state: SocketState): void {
    for (const message of state.waiting.splice(0)) {
      this.accept(ws, state, message.data, message.isBinary, message.at);
    }
  }

  /** A message within every rate limit: checked and handed to the write buffer. */
  private accept(
    ws: WebSocket,
    state: SocketState,
    data: RawData,
    isBinary: boolean,
    now: number,
  ): void {
    if (isBinary) return this.drop(ws, state, 'binary');
    let json: unknown;
    try {
      // NUL characters and lone surrogates go at the door: PostgreSQL refuses NUL in text.
      json = cleanStrings(JSON.parse(data.toString()) as unknown);
    } catch {
      return this.drop(ws, state, 'json');
    }
    const parsed = trackingMessageSchema.safeParse(json);
    if (!parsed.success) return this.drop(ws, state, 'invalid');
    if (state.isBot) {
      this.countBot(state, parsed.data.sessionId, now);
      return this.drop(ws, state, 'bot');
    }
    const refused = this.store(state, parsed.data, now);
    if (refused) return this.drop(ws, state, refused);
    this.counters.accepted += 1;
  }

  /** Hands a message to the write buffer; returns why it was refused, if it was. */
  private store(state: SocketState, message: TrackingMessage, now: number): DropReason | null {
    const { buffer } = this.options;
    const at = receivedAt(message.timestamp, now);
    switch (message.type) {
      case 'session': {
        if (message.userAgent && isbot(message.userAgent)) {
          // A crawler announcing itself: nothing it sends from now on is counted.
          state.isBot = true;
          this.countBot(state, message.sessionId, at);
          return 'bot';
        }
        return buffer.addSession(toSessionRecord(message, state.sender, at), state.visitor)
          ? null
          : 'full';
      }
      case 'pageview':
        if (message.webdriver) {
          // An automated browser (navigator.webdriver): a bot, and so is its session so far.
          state.isBot = true;
          this.countBot(state, message.sessionId, at);
          return 'bot';
        }
        return buffer.addPageview(
          toPageviewRecord(message, at, state.sender.ownHosts),
          state.sender.ipAddress,
          state.visitor,
        )
          ? null
          : 'full';
      case 'event': {
        const record = toEventRecord(message, at);
        return buffer.addEvent(record, state.sender.ipAddress, toPageMetric(record), state.visitor)
          ? null
          : 'full';
      }
    }
  }

  /**
   * One `bot_visit` row per bot socket (the dashboard's `bots`); its session, when some of it
   * was stored before the socket showed itself a bot, leaves every report.
   */
  private countBot(state: SocketState, sessionId: string, at: number): void {
    if (state.botCounted) return;
    state.botCounted = true;
    this.options.buffer.addBot(
      {
        sessionId: `bot:${state.visitor.key}`,
        eventType: BOT_VISIT_EVENT,
        eventData: JSON.stringify({ source: 'socket', sessionId }),
        productId: null,
        categoryId: null,
        platform: null,
        at,
      },
      sessionId,
    );
  }

  private checkHeartbeats(): void {
    for (const [ws, state] of this.states) {
      // A paused socket's pong waits unread behind its messages: it is not a dead peer.
      if (ws.isPaused) {
        state.alive = true;
        continue;
      }
      if (!state.alive) {
        ws.terminate();
        continue;
      }
      state.alive = false;
      ws.ping();
    }
  }

  /** New upgrades are refused from now on; open sockets stay until close(). */
  stopAccepting(): void {
    this.accepting = false;
  }

  /**
   * Closes every socket (1001 going away, or 1012 on a reload) and waits for them,
   * terminating stragglers. Frames a client sent before it read the close are still taken.
   */
  async close(graceMs = 1000, code = 1001): Promise<void> {
    this.stopAccepting();
    this.stopPressure();
    clearInterval(this.heartbeat);
    for (const [ws, state] of this.waiting) this.acceptWaiting(ws, state);
    this.waiting.clear();
    this.options.server.off('upgrade', this.onUpgrade);
    const sockets = [...this.states.keys()];
    await Promise.all(
      sockets.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === ws.CLOSED) return resolve();
            const timer = setTimeout(() => ws.terminate(), graceMs);
            ws.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
            ws.close(
              code,
              code === CLOSE_SERVICE_RESTART ? 'Service restart' : 'Server shutting down',
            );
          }),
      ),
    );
    // Every socket is closed above; the server itself holds nothing else to wait for.
    this.wss.close();
  }
}
