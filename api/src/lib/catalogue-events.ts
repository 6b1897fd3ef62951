import pg from 'pg';

/** The PostgreSQL channel that tells every process the catalogue changed. */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

/**
 * "The catalogue changed": published after a successful admin write, heard by every process
 * serving the site, which then drops its cached catalogue reads.
 */
export interface CatalogueEvents {
  /** Tells every process (this one included) that the catalogue changed. */
  publish(): void;
  /** Calls `listener` on every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  close(): Promise<void>;
}

class Listeners {
  private readonly listeners = new Set<() => void>();

  add(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** One process (SQLite): a change is heard at once, in the same process. */
export class LocalCatalogueEvents implements CatalogueEvents {
  private readonly listeners = new Listeners();

  publish(): void {
    this.listeners.emit();
  }

  subscribe(listener: () => void): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {}
}

export interface PostgresCatalogueEventsOptions {
  /** The connection string of the dedicated listening connection. */
  databaseUrl: string;
  /** Runs one statement on the application's pool (the NOTIFY: no extra connection). */
  notify: (sql: string) => Promise<unknown>;
  log: (line: string) => void;
  /** First reconnect delay after the listening connection drops (doubles up to maxRetryMs). */
  retryMs?: number;
  maxRetryMs?: number;
}

/**
 * PostgreSQL LISTEN/NOTIFY. Publishing is a NOTIFY on a short-lived pooled query; every process
 * LISTENs on a dedicated connection of its own (a pooled one would be handed to other queries
 * and lose the subscription). When that connection drops, it reconnects with backoff and, once
 * listening again, tells its listeners that the catalogue changed: a notification sent while it
 * was away is lost, so caches are dropped rather than trusted.
 */
export class PostgresCatalogueEvents implements CatalogueEvents {
  private readonly listeners = new Listeners();
  private client: pg.Client | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs: number;
  private closed = false;
  private connected = false;
  private attempts = 0;
  private readonly ready: Promise<void>;

  constructor(private readonly options: PostgresCatalogueEventsOptions) {
    this.retryMs = options.retryMs ?? 250;
    this.ready = this.connect();
  }

  /** Resolves once the first LISTEN succeeded or failed (a failure retries in the background). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  get listening(): boolean {
    return this.connected;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    this.attempts += 1;
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) this.listeners.emit();
    });
    const dropped = (error?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      this.connected = false;
      client.removeAllListeners('end');
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.options.log(
        `[catalogue-events] listening connection lost${error ? ` (${error.message})` : ''}; ` +
          `reconnecting in ${this.retryMs} ms`,
      );
      this.scheduleRetry();
    };
    client.on('error', dropped);
    client.on('end', () => dropped());
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    } catch (error) {
      dropped(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (this.client !== client) return;
    const reconnected = this.attempts > 1;
    this.connected = true;
    this.retryMs = this.options.retryMs ?? 250;
    // Whatever changed while the connection was down was not heard.
    if (reconnected) this.listeners.emit();
  }

  private scheduleRetry(): void {
    if (this.retryTimer || this.closed) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 10_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  publish(): void {
    // This process hears its own notification too; it has cleared its caches already anyway.
    this.options.notify(`NOTIFY ${CATALOGUE_CHANNEL}`).catch((error: unknown) => {
      this.options.log(
        `[catalogue-events] NOTIFY failed (other processes see the change when their caches ` +
          `expire): ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }

  subscribe(listener: () => void): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    this.connected = false;
    if (client) {
      client.removeAllListeners('end');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
