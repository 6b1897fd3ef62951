import { PLATFORM_DISPLAY_NAMES, type Platform } from '@shared/constants';
import { formatRupiah } from '@shared/rules/price';
import type { Database } from '../db/database';
import { execute } from '../db/sql';
import type { WatchesConfig } from './config';
import type { WatchMailer } from './mail';
import { sendPush, type PushResult } from './push';
import { mailKey } from './tokens';

/** Rows claimed per round; each is locked for CLAIM_MS (a crashed process's rows come back). */
const BATCH = 100;
const CLAIM_MS = 2 * 60_000;

interface Claimed {
  id: number;
  watchId: string;
  price: number;
  previousPrice: number | null;
  platform: string | null;
  attempts: number;
  channel: 'push' | 'email';
  email: string | null;
  subscriptionId: number | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  productId: string;
  title: string;
}

/** What a shopper's browser shows (the service worker reads it; docs/contracts.md). */
export interface WatchPayload {
  title: string;
  body: string;
  url: string;
  product: string;
  productId: string;
  watchId: string;
  price: number;
  previousPrice: number | null;
}

export function payloadOf(row: {
  watchId: string;
  productId: string;
  title: string;
  price: number;
  previousPrice: number | null;
  platform: string | null;
}): WatchPayload {
  const where = row.platform
    ? ` di ${PLATFORM_DISPLAY_NAMES[row.platform as Platform] ?? row.platform}`
    : '';
  const before =
    row.previousPrice !== null ? `, sebelumnya ${formatRupiah(row.previousPrice)}` : '';
  return {
    title: 'Harga turun',
    body: `Harga turun: ${formatRupiah(row.price)}${where}${before}`,
    url: `/?produk=${encodeURIComponent(row.productId)}`,
    product: row.title,
    productId: row.productId,
    watchId: row.watchId,
    price: row.price,
    previousPrice: row.previousPrice,
  };
}

type Outcome =
  | { kind: 'done' }
  | { kind: 'gone'; subscriptionId: number }
  | { kind: 'retry' }
  | { kind: 'drop' };

function classifyPush(result: PushResult): Outcome['kind'] {
  const { status } = result;
  if (status === null || status === 429 || status >= 500) return 'retry';
  if (status === 404 || status === 410) return 'gone';
  if (status >= 200 && status < 300) return 'done';
  return 'drop';
}

export interface SenderOptions {
  db: Database;
  config: WatchesConfig;
  mailer: WatchMailer;
  /** The site's origin for the links in mails. */
  siteOrigin: () => string;
  sessionSecret: string;
  log: (line: string) => void;
}

export interface DrainResult {
  sent: number;
  gone: number;
  retried: number;
  dropped: number;
}

/**
 * The queue's sender: claims due rows in batches (PostgreSQL: FOR UPDATE SKIP LOCKED, so any
 * number of processes share the queue; SQLite: one process), sends them with bounded
 * concurrency, then records the outcomes: sent rows are deleted, a push service's 404/410
 * deletes the subscription with its watches, 5xx/429/network errors retry with exponential
 * backoff until `maxAttempts`, anything else is dropped.
 */
export class WatchSender {
  constructor(private readonly options: SenderOptions) {}

  /** Sends everything due now; resolves when nothing due is left. */
  async drain(): Promise<DrainResult> {
    const total: DrainResult = { sent: 0, gone: 0, retried: 0, dropped: 0 };
    for (;;) {
      const now = Date.now();
      const rows = await this.claim(now);
      if (rows.length === 0) return total;
      const outcomes = await this.sendAll(rows);
      await this.record(rows, outcomes, Date.now(), total);
    }
  }

  private async claim(now: number): Promise<Claimed[]> {
    const { db } = this.options;
    const lock = db.dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
    return db.write(async (transaction) => {
      const claimed = await execute(
        db,
        transaction,
        `UPDATE watch_notifications SET "lockedUntil" = ?, attempts = attempts + 1
         WHERE id IN (SELECT id FROM watch_notifications
           WHERE state = 'pending' AND "nextAttemptAt" <= ?
             AND ("lockedUntil" IS NULL OR "lockedUntil" < ?)
           ORDER BY "nextAttemptAt", id LIMIT ${BATCH} ${lock})
         RETURNING id`,
        [now + CLAIM_MS, now, now],
      );
      if (claimed.length === 0) return [];
      const ids = claimed.map((row) => Number(row.id));
      const rows = await execute(
        db,
        transaction,
        `SELECT n.id, n."watchId", n.price, n."previousPrice", n.platform, n.attempts,
           w.channel, w.email, w."subscriptionId", s.endpoint, s.p256dh, s.auth,
           w."productId", p.title
         FROM watch_notifications n
         JOIN watches w ON w.id = n."watchId"
         JOIN products p ON p.id = w."productId"
         LEFT JOIN push_subscriptions s ON s.id = w."subscriptionId"
         WHERE n.id IN (${ids.map(() => '?').join(', ')})`,
        ids,
      );
      return rows.map((row) => ({
        id: Number(row.id),
        watchId: String(row.watchId),
        price: Number(row.price),
        previousPrice: row.previousPrice === null ? null : Number(row.previousPrice),
        platform: (row.platform as string | null) ?? null,
        attempts: Number(row.attempts),
        channel: row.channel as 'push' | 'email',
        email: (row.email as string | null) ?? null,
        subscriptionId: row.subscriptionId === null ? null : Number(row.subscriptionId),
        endpoint: (row.endpoint as string | null) ?? null,
        p256dh: (row.p256dh as string | null) ?? null,
        auth: (row.auth as string | null) ?? null,
        productId: String(row.productId),
        title: String(row.title),
      }));
    });
  }

  private async sendAll(rows: Claimed[]): Promise<Map<number, Outcome>> {
    const outcomes = new Map<number, Outcome>();
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        outcomes.set(row.id, await this.sendOne(row));
      }
    };
    const workers = Math.min(this.options.config.concurrency, rows.length);
    await Promise.all(Array.from({ length: workers }, worker));
    return outcomes;
  }

  private async sendOne(row: Claimed): Promise<Outcome> {
    const payload = payloadOf(row);
    if (row.channel === 'push') {
      if (!row.endpoint || !row.p256dh || !row.auth || row.subscriptionId === null) {
        return { kind: 'drop' };
      }
      const result = await sendPush(
        { endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth },
        JSON.stringify(payload),
        this.options.config,
      );
      const kind = classifyPush(result);
      if (kind === 'gone') return { kind, subscriptionId: row.subscriptionId };
      if (kind !== 'done') {
        this.options.log(
          `[watches] push to ${new URL(row.endpoint).host} answered ${result.status ?? result.error}`,
        );
      }
      return { kind } as Outcome;
    }
    if (!row.email || !this.options.mailer.enabled) return { kind: 'drop' };
    const origin = this.options.siteOrigin();
    const key = mailKey(this.options.sessionSecret, 'unsubscribe', row.watchId);
    const unsubscribeUrl = `${origin}/api/watches/${row.watchId}/unsubscribe?key=${key}`;
    try {
      await this.options.mailer.send({
        to: row.email,
        subject: `Harga turun: ${row.title}`,
        text:
          `${payload.body}.\n\n${row.title}\n${origin}${payload.url}\n\n` +
          `Berhenti memantau produk ini: ${unsubscribeUrl}\n`,
        unsubscribeUrl,
      });
      return { kind: 'done' };
    } catch (error) {
      this.options.log(
        `[watches] mail failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return { kind: 'retry' };
    }
  }

  private async record(
    rows: Claimed[],
    outcomes: Map<number, Outcome>,
    now: number,
    total: DrainResult,
  ): Promise<void> {
    const { db, config } = this.options;
    const finished: number[] = [];
    const gone = new Set<number>();
    const retries: { id: number; at: number }[] = [];
    for (const row of rows) {
      const outcome = outcomes.get(row.id) ?? { kind: 'retry' };
      if (outcome.kind === 'gone') {
        gone.add(outcome.subscriptionId);
        total.gone++;
      } else if (outcome.kind === 'retry' && row.attempts < config.maxAttempts) {
        retries.push({ id: row.id, at: now + config.retryBaseMs * 2 ** (row.attempts - 1) });
        total.retried++;
      } else {
        finished.push(row.id);
        if (outcome.kind === 'done') total.sent++;
        else total.dropped++;
      }
    }
    await db.write(async (transaction) => {
      if (finished.length > 0) {
        await execute(
          db,
          transaction,
          `DELETE FROM watch_notifications WHERE id IN (${finished.map(() => '?').join(', ')})`,
          finished,
        );
      }
      for (const retry of retries) {
        await execute(
          db,
          transaction,
          `UPDATE watch_notifications SET "nextAttemptAt" = ?, "lockedUntil" = NULL WHERE id = ?`,
          [retry.at, retry.id],
        );
      }
      if (gone.size > 0) {
        const ids = [...gone];
        const marks = ids.map(() => '?').join(', ');
        // Explicit rather than by cascade: the same on both engines whatever the pragma.
        await execute(
          db,
          transaction,
          `DELETE FROM watch_notifications WHERE "watchId" IN
             (SELECT id FROM watches WHERE "subscriptionId" IN (${marks}))`,
          ids,
        );
        await execute(
          db,
          transaction,
          `DELETE FROM watches WHERE "subscriptionId" IN (${marks})`,
          ids,
        );
        await execute(
          db,
          transaction,
          `DELETE FROM push_subscriptions WHERE id IN (${marks})`,
          ids,
        );
      }
    });
  }
}
