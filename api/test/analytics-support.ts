import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { RealtimeStats, RealtimeStatsMessage } from '@shared/types';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const BROWSER_UA =
  'Mozilla/5.0 (Linux; Android 13; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
export const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export function wsUrl(httpUrl: string): string {
  return `${httpUrl.replace(/^http/, 'ws')}/ws`;
}

export interface SocketOptions {
  origin?: string;
  cookie?: string;
  userAgent?: string;
}

/** A WebSocket that records what it receives and how it closed. */
export class TestSocket {
  readonly received: unknown[] = [];
  closeCode: number | null = null;
  private readonly waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.received.push(JSON.parse(String(data)));
      this.notify();
    });
    ws.on('close', (code) => {
      this.closeCode = code;
      this.notify();
    });
    ws.on('error', () => undefined);
  }

  private notify() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  static open(url: string, options: SocketOptions = {}): Promise<TestSocket> {
    const headers: Record<string, string> = { 'user-agent': options.userAgent ?? BROWSER_UA };
    if (options.cookie) headers.cookie = options.cookie;
    const ws = new WebSocket(url, { headers, origin: options.origin });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestSocket(ws)));
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`Upgrade refused: ${res.statusCode}`)),
      );
      ws.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /**
   * Resolves once the server has read everything sent before: it answers a ping only after
   * the frames ahead of it were handled (message handling is synchronous).
   */
  settled(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.ws.readyState !== WebSocket.OPEN) return reject(new Error('Socket is not open'));
      this.ws.once('pong', () => resolve());
      this.ws.ping();
    });
  }

  /** Waits for the next received message or close that satisfies `done`. */
  async until(done: () => boolean, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error('Timed out waiting on the socket');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 250);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  stats(): RealtimeStats[] {
    return this.received
      .filter((m): m is RealtimeStatsMessage => (m as { type?: string }).type === 'realtime_stats')
      .map((m) => m.data);
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

export function sessionMessage(sessionId: string, overrides: Record<string, unknown> = {}) {
  return {
    type: 'session',
    sessionId,
    country: 'Indonesia',
    city: 'Surabaya',
    ipAddress: '8.8.8.8',
    device: 'Mobile',
    browser: 'Chrome',
    userAgent: BROWSER_UA,
    referrer: 'https://www.google.com/search?q=diskon',
    timestamp: Date.now(),
    ...overrides,
  };
}

export function pageviewMessage(sessionId: string, pagePath: string) {
  return {
    type: 'pageview',
    sessionId,
    path: pagePath,
    title: 'DiskonRadar',
    timestamp: Date.now(),
  };
}

export function eventMessage(sessionId: string, eventType: string, data: Record<string, unknown>) {
  return {
    type: 'event',
    sessionId,
    eventType,
    eventData: JSON.stringify(data),
    timestamp: Date.now(),
  };
}

/** Polls `read` until `done` holds (the server flushes on its own clock). */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Condition not met; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `npm start`'s entry as a real process and resolves once it listens. */
export function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/cli/start.ts'], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin12345',
      SESSION_SECRET: 'analytics-test-secret',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        child.stdout?.off('data', onData);
        child.stdout?.on('data', (more: Buffer) => (output += more.toString()));
        resolve({
          child,
          url: match[1].replace('localhost', '127.0.0.1'),
          output: () => output,
          exited,
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) =>
      reject(new Error(`Server exited (${code}) before listening:\n${output}`)),
    );
  });
}
