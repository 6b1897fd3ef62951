import type { WebSocket } from 'ws';
import type { RealtimeStats, RealtimeStatsMessage } from '@shared/types';
import type { Database } from '../db/database';
import { getRealtimeStats } from './queries/get-realtime-stats';

/**
 * Sends realtime_stats to the admin sockets of this process: on connect, then whenever the
 * figures differ from the last ones sent, checking at most every `intervalMs`. The figures
 * are read from the database each time, so changes made through other processes show too.
 * Nothing is queried while no admin is connected.
 */
export class RealtimeBroadcaster {
  private readonly sockets = new Set<WebSocket>();
  private timer: NodeJS.Timeout | null = null;
  private lastSent = '';
  private computing = false;

  constructor(
    private readonly db: Database,
    private readonly intervalMs: number,
    private readonly log: (line: string) => void,
  ) {}

  get size(): number {
    return this.sockets.size;
  }

  async add(socket: WebSocket): Promise<void> {
    this.sockets.add(socket);
    socket.once('close', () => {
      this.sockets.delete(socket);
      if (this.sockets.size === 0) this.stopTimer();
    });
    this.timer ??= setInterval(() => void this.tick(), this.intervalMs);
    try {
      send(socket, await getRealtimeStats(this.db));
    } catch (error) {
      this.log(`[analytics] realtime stats failed: ${String(error)}`);
    }
  }

  private async tick(): Promise<void> {
    if (this.computing || this.sockets.size === 0) return;
    this.computing = true;
    try {
      const stats = await getRealtimeStats(this.db);
      const json = JSON.stringify(stats);
      if (json === this.lastSent) return;
      this.lastSent = json;
      for (const socket of this.sockets) send(socket, stats);
    } catch (error) {
      this.log(`[analytics] realtime stats failed: ${String(error)}`);
    } finally {
      this.computing = false;
    }
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.lastSent = '';
  }

  stop(): void {
    this.stopTimer();
    this.sockets.clear();
  }
}

function send(socket: WebSocket, data: RealtimeStats): void {
  if (socket.readyState !== socket.OPEN) return;
  const message: RealtimeStatsMessage = { type: 'realtime_stats', data };
  socket.send(JSON.stringify(message));
}
