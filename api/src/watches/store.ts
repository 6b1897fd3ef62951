import { randomUUID } from 'node:crypto';
import type { Transaction } from 'sequelize';
import type { WatchCreated, WatchStatus } from '@shared/types';
import { WATCH_LIMITS, WATCH_MESSAGES, type WatchCreateInput } from '@shared/schemas/watch';
import type { Database } from '../db/database';
import { execute, select } from '../db/sql';
import { badRequest, HttpError, notFound } from '../errors';
import { isPublicAddress, literalAddress } from '../lib/safe-fetch';
import type { WatchesConfig } from './config';
import { countNewWatch } from './limits';
import { newWatchToken, sha256 } from './tokens';

const HOUR_MS = 60 * 60 * 1000;

/** The current price a watch compares against, for the watch row `w` (SQL). */
export const CURRENT_PRICE = `CASE WHEN w.platform IS NULL THEN p."lowestPrice" ELSE
    (SELECT min(l."priceValue") FROM platform_links l
      WHERE l."productId" = w."productId" AND l.platform = w.platform
        AND l.availability = 'in_stock' AND l."priceValue" IS NOT NULL) END`;

/**
 * A push endpoint the server may post to: https on a public address. Tests (the fake push
 * service on 127.0.0.1) pass with `allowTestEndpoints` (FETCH_ALLOW_PRIVATE=true and
 * NODE_ENV=test, never production). A name is checked again when it is resolved at send time.
 */
export function endpointProblem(endpoint: string, config: WatchesConfig): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return WATCH_MESSAGES.endpoint;
  }
  if (url.username || url.password) return WATCH_MESSAGES.endpoint;
  if (config.allowTestEndpoints) {
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : WATCH_MESSAGES.endpoint;
  }
  if (url.protocol !== 'https:') return WATCH_MESSAGES.endpoint;
  const literal = literalAddress(url.hostname);
  if (literal !== null && !isPublicAddress(literal)) return WATCH_MESSAGES.endpointAddress;
  if (url.hostname === 'localhost' || url.hostname.endsWith('.localhost')) {
    return WATCH_MESSAGES.endpointAddress;
  }
  return null;
}

interface ProductRow {
  id: string;
  lowestPrice: number | string | null;
  platformPrice: number | string | null;
}

const num = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

export interface CreateOptions {
  config: WatchesConfig;
  /** The client's address key (clientKey). */
  address: string;
  now: number;
}

export interface CreatedWatch extends WatchCreated {
  /** E-mail watches: where the confirmation goes (the caller mails it after the commit). */
  email: string | null;
  confirmExpiresAt: number | null;
}

/** POST /api/watches: checks, counts against the limits and stores in one transaction. */
export async function createWatch(
  db: Database,
  input: WatchCreateInput,
  options: CreateOptions,
): Promise<CreatedWatch> {
  const { config, now } = options;
  const push = 'push' in input.channel ? input.channel.push : null;
  const email = 'email' in input.channel ? input.channel.email : null;
  if (email !== null && !config.smtpUrl) {
    throw badRequest(WATCH_MESSAGES.emailDisabled, { channel: WATCH_MESSAGES.emailDisabled });
  }
  if (push) {
    const problem = endpointProblem(push.endpoint, config);
    if (problem) throw badRequest(problem, { 'channel.push.endpoint': problem });
  }
  const platformParam = input.platform ?? null;
  const [product] = await select<ProductRow>(
    db,
    `SELECT p.id, p."lowestPrice",
       (SELECT min(l."priceValue") FROM platform_links l
         WHERE l."productId" = p.id AND l.platform = ?
           AND l.availability = 'in_stock' AND l."priceValue" IS NOT NULL) AS "platformPrice"
     FROM products p WHERE p.id = ? AND p."isActive" = ?`,
    [platformParam ?? '', input.productId, true],
  );
  if (!product) throw notFound(WATCH_MESSAGES.product);
  const priceAtCreation = num(platformParam ? product.platformPrice : product.lowestPrice);

  const token = newWatchToken();
  const id = randomUUID();
  const state = email !== null ? 'pending' : 'active';
  const confirmExpiresAt = email !== null ? now + WATCH_LIMITS.confirmHours * HOUR_MS : null;
  await db.write(async (transaction) => {
    let subscriptionId: number | null = null;
    let channelKey: string;
    if (push) {
      subscriptionId = await upsertSubscription(db, transaction, push, now);
      channelKey = `sub:${subscriptionId}`;
      const [held] = await execute(
        db,
        transaction,
        'SELECT count(*) AS n FROM watches WHERE "subscriptionId" = ?',
        [subscriptionId],
      );
      if (Number(held?.n ?? 0) >= WATCH_LIMITS.heldPerSubscription) {
        throw new HttpError(429, WATCH_MESSAGES.tooManyHeld);
      }
    } else {
      channelKey = `mail:${sha256(email ?? '')}`;
    }
    await countNewWatch(db, transaction, { channel: channelKey, address: options.address }, now);
    await execute(
      db,
      transaction,
      `INSERT INTO watches (id, "tokenHash", "productId", platform, "ruleKind", "targetPrice",
         channel, "subscriptionId", email, state, "priceAtCreation", "lastNotifiedPrice",
         "lastNotifiedAt", "confirmExpiresAt", "lastUsedAt", "createdAt")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?, ?)`,
      [
        id,
        sha256(token),
        input.productId,
        platformParam,
        input.rule.kind,
        input.rule.kind === 'below' ? input.rule.price : null,
        push ? 'push' : 'email',
        subscriptionId,
        email,
        state,
        priceAtCreation,
        confirmExpiresAt,
        now,
        now,
      ],
    );
  });
  return { id, token, state, email, confirmExpiresAt };
}

async function upsertSubscription(
  db: Database,
  transaction: Transaction,
  push: { endpoint: string; keys: { p256dh: string; auth: string } },
  now: number,
): Promise<number> {
  // The browser's keys may change for the same endpoint (a resubscribe): the newest win.
  const rows = await execute(
    db,
    transaction,
    `INSERT INTO push_subscriptions ("endpointHash", endpoint, p256dh, auth, "createdAt")
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT ("endpointHash") DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth
     RETURNING id`,
    [sha256(push.endpoint), push.endpoint, push.keys.p256dh, push.keys.auth, now],
  );
  return Number(rows[0]!.id);
}

interface StatusRow {
  id: string;
  productId: string;
  platform: string | null;
  ruleKind: 'any' | 'below';
  targetPrice: number | string | null;
  channel: 'push' | 'email';
  state: 'pending' | 'active';
  priceAtCreation: number | string | null;
  lastNotifiedPrice: number | string | null;
  lastNotifiedAt: number | string | null;
  createdAt: number | string;
  title: string | null;
  imageUrl: string | null;
  isActive: boolean | number | null;
  priceNow: number | string | null;
}

function toStatus(row: StatusRow): WatchStatus {
  const priceAtCreation = num(row.priceAtCreation);
  const priceNow = row.isActive ? num(row.priceNow) : null;
  const change = priceAtCreation !== null && priceNow !== null ? priceNow - priceAtCreation : null;
  const lastNotifiedAt = num(row.lastNotifiedAt);
  return {
    id: row.id,
    productId: row.productId,
    platform: row.platform,
    rule:
      row.ruleKind === 'below'
        ? { kind: 'below', price: Number(row.targetPrice) }
        : { kind: 'any' },
    channel: row.channel,
    state: row.state,
    product:
      row.title === null
        ? null
        : {
            title: row.title,
            imageUrl: row.imageUrl ?? '',
            url: `/?produk=${encodeURIComponent(row.productId)}`,
            isActive: Boolean(row.isActive),
          },
    priceAtCreation,
    priceNow,
    change,
    changePercent:
      change !== null && priceAtCreation
        ? Math.round((change / priceAtCreation) * 1000) / 10
        : null,
    lastNotifiedAt: lastNotifiedAt === null ? null : new Date(lastNotifiedAt).toISOString(),
    lastNotifiedPrice: num(row.lastNotifiedPrice),
    createdAt: new Date(Number(row.createdAt)).toISOString(),
  };
}

const STATUS_SELECT = `SELECT w.id, w."productId", w.platform, w."ruleKind", w."targetPrice",
    w.channel, w.state, w."priceAtCreation", w."lastNotifiedPrice", w."lastNotifiedAt",
    w."createdAt", p.title, p."imageUrl", p."isActive", ${CURRENT_PRICE} AS "priceNow"
  FROM watches w LEFT JOIN products p ON p.id = w."productId"`;

/**
 * The watches of these tokens, in the tokens' order; unknown ones are left out. Reading is
 * using: each read watch's lastUsedAt moves to now (the 180-day expiry counts from it).
 */
export async function readWatches(
  db: Database,
  tokens: string[],
  now: number,
): Promise<WatchStatus[]> {
  if (tokens.length === 0) return [];
  const hashes = tokens.map(sha256);
  const marks = hashes.map(() => '?').join(', ');
  const rows = await select<StatusRow & { tokenHash: string }>(
    db,
    `${STATUS_SELECT.replace('SELECT w.id,', 'SELECT w."tokenHash", w.id,')}
     WHERE w."tokenHash" IN (${marks})`,
    hashes,
  );
  if (rows.length > 0)
    await touch(
      db,
      rows.map((row) => row.id),
      now,
    );
  const order = new Map(hashes.map((hash, index) => [hash, index]));
  rows.sort((a, b) => (order.get(a.tokenHash) ?? 0) - (order.get(b.tokenHash) ?? 0));
  return rows.map(toStatus);
}

/** One watch, by id and token (the token is the key: a wrong one is an unknown watch). */
export async function readWatch(
  db: Database,
  id: string,
  token: string,
  now: number,
): Promise<WatchStatus> {
  const [row] = await select<StatusRow>(
    db,
    `${STATUS_SELECT} WHERE w.id = ? AND w."tokenHash" = ?`,
    [id, sha256(token)],
  );
  if (!row) throw notFound(WATCH_MESSAGES.notFound);
  await touch(db, [row.id], now);
  return toStatus(row);
}

async function touch(db: Database, ids: string[], now: number): Promise<void> {
  // Once an hour is enough for a 180-day expiry: most reads write nothing.
  const marks = ids.map(() => '?').join(', ');
  await db.write((transaction) =>
    execute(
      db,
      transaction,
      `UPDATE watches SET "lastUsedAt" = ? WHERE id IN (${marks}) AND "lastUsedAt" < ?`,
      [now, ...ids, now - HOUR_MS],
    ),
  );
}

/** DELETE /api/watches/{id}?token=: false when no such watch (already gone). */
export async function deleteWatch(db: Database, id: string, token: string): Promise<boolean> {
  return db.write(async (transaction) => {
    const rows = await execute(
      db,
      transaction,
      'DELETE FROM watches WHERE id = ? AND "tokenHash" = ? RETURNING "subscriptionId"',
      [id, sha256(token)],
    );
    const subscriptionId = rows[0]?.subscriptionId;
    if (subscriptionId !== undefined && subscriptionId !== null) {
      await dropUnusedSubscription(db, transaction, Number(subscriptionId));
    }
    return rows.length > 0;
  });
}

/** A subscription without watches is not kept: the server holds only what it needs to send. */
export async function dropUnusedSubscription(
  db: Database,
  transaction: Transaction,
  subscriptionId: number,
): Promise<void> {
  await execute(
    db,
    transaction,
    `DELETE FROM push_subscriptions WHERE id = ?
       AND NOT EXISTS (SELECT 1 FROM watches WHERE "subscriptionId" = ?)`,
    [subscriptionId, subscriptionId],
  );
}

/** The e-mail link: a pending watch becomes active (false: unknown or the link expired). */
export async function confirmWatch(db: Database, id: string, now: number): Promise<boolean> {
  return db.write(async (transaction) => {
    const rows = await execute(
      db,
      transaction,
      `UPDATE watches SET state = 'active', "confirmExpiresAt" = NULL, "lastUsedAt" = ?
       WHERE id = ? AND channel = 'email'
         AND (state = 'active' OR "confirmExpiresAt" >= ?)
       RETURNING id`,
      [now, id, now],
    );
    return rows.length > 0;
  });
}

/** The unsubscribe link of a watch mail: deletes the watch. */
export async function unsubscribeWatch(db: Database, id: string): Promise<boolean> {
  return db.write(async (transaction) => {
    const rows = await execute(
      db,
      transaction,
      `DELETE FROM watches WHERE id = ? AND channel = 'email' RETURNING id`,
      [id],
    );
    return rows.length > 0;
  });
}

/**
 * Daily housekeeping: watches unused for 180 days, e-mail watches never confirmed within
 * their link's life, and push subscriptions left without watches.
 */
export async function expireWatches(db: Database, now: number): Promise<number> {
  return db.write(async (transaction) => {
    const expired = await execute(
      db,
      transaction,
      `DELETE FROM watches
       WHERE "lastUsedAt" < ? OR (state = 'pending' AND "confirmExpiresAt" < ?)
       RETURNING id`,
      [now - WATCH_LIMITS.expiryDays * 24 * HOUR_MS, now],
    );
    await execute(
      db,
      transaction,
      `DELETE FROM push_subscriptions
       WHERE NOT EXISTS (SELECT 1 FROM watches w WHERE w."subscriptionId" = push_subscriptions.id)`,
    );
    return expired.length;
  });
}
