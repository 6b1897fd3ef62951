import type { Server } from 'node:net';
import type { Socket } from 'node:net';
import { clientKey } from './ip';

export interface ConnectionLimitOptions {
  /** Open connections in total (HTTP and upgraded WebSockets alike). */
  maxConnections: number;
  /** Open connections per client key (an IPv4 address or an IPv6 /64). */
  maxPerAddress: number;
  /**
   * Peers that are trusted proxies (Express's compiled `trust proxy`): every visitor behind
   * them shares their address, so only the total cap applies to them; the WebSocket server
   * applies its own per-client cap on the forwarded address.
   */
  isTrustedProxy?: (address: string) => boolean;
}

export interface ConnectionLimitStats {
  open: number;
  refusedTotal: number;
  refusedPerAddress: number;
}

/**
 * Caps the sockets one server holds, checked on 'connection' before HTTP parses a byte:
 * a socket beyond a cap is destroyed at once, so a flood of idle connections from one
 * address cannot use up the file descriptors that every other visitor needs. The count of
 * a socket lasts until it closes, upgraded to a WebSocket or not.
 */
export class ConnectionLimiter {
  private open = 0;
  private readonly perAddress = new Map<string, number>();
  private refusedTotal = 0;
  private refusedPerAddress = 0;

  constructor(private readonly options: ConnectionLimitOptions) {}

  attach(server: Server): void {
    // Ahead of the HTTP server's own listener: a refused socket is never parsed.
    server.prependListener('connection', this.onConnection);
  }

  stats(): ConnectionLimitStats {
    return {
      open: this.open,
      refusedTotal: this.refusedTotal,
      refusedPerAddress: this.refusedPerAddress,
    };
  }

  /** Open connections of one client key (for tests and logs). */
  openFrom(address: string): number {
    return this.perAddress.get(clientKey(address)) ?? 0;
  }

  private readonly onConnection = (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (this.open >= this.options.maxConnections) {
      this.refusedTotal += 1;
      socket.destroy();
      return;
    }
    const counted = !this.options.isTrustedProxy?.(address);
    const key = clientKey(address);
    if (counted && (this.perAddress.get(key) ?? 0) >= this.options.maxPerAddress) {
      this.refusedPerAddress += 1;
      socket.destroy();
      return;
    }
    this.open += 1;
    if (counted) this.perAddress.set(key, (this.perAddress.get(key) ?? 0) + 1);
    socket.once('close', () => {
      this.open -= 1;
      if (!counted) return;
      const left = (this.perAddress.get(key) ?? 1) - 1;
      if (left > 0) this.perAddress.set(key, left);
      else this.perAddress.delete(key);
    });
  };
}
