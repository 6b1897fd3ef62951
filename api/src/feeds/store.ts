import { QueryTypes, type Transaction } from 'sequelize';
import type { Platform } from '@shared/constants';
import type {
  FeedCategoryMap,
  FeedFormat,
  FeedInput,
  FeedMapping,
  FeedNewProductState,
  FeedRunStatus,
} from '@shared/schemas/feed';
import type { Feed, FeedRun } from '@shared/types';
import type { Database } from '../db/database';
import { fromDbTimestamp, toDbTimestamp } from '../db/timestamps';
import { timeOrderedUuid } from '../lib/time-ordered-id';

/** A feed as stored (raw row, both engines). */
export interface FeedRow {
  id: string;
  name: string;
  url: string;
  format: FeedFormat;
  platform: Platform;
  scheduleMinutes: number | string;
  newProducts: FeedNewProductState;
  mapping: string;
  categoryMap: string;
  enabled: boolean | number;
  etag: string | null;
  lastModified: string | null;
  contentHash: string | null;
  leaseOwner: string | null;
  leaseUntil: number | string | null;
  lastRunAt: unknown;
  createdAt: unknown;
  updatedAt: unknown;
}

export interface StoredFeed {
  id: string;
  name: string;
  url: string;
  format: FeedFormat;
  platform: Platform;
  scheduleMinutes: number;
  newProducts: FeedNewProductState;
  mapping: FeedMapping;
  categoryMap: FeedCategoryMap;
  enabled: boolean;
  etag: string | null;
  lastModified: string | null;
  contentHash: string | null;
  lastRunAt: number | null;
  createdAt: number;
  updatedAt: number;
}

const parseJson = <T>(value: unknown, fallback: T): T => {
  if (value === null || value === undefined) return fallback;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
};

export function storedFeed(row: FeedRow): StoredFeed {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    format: row.format,
    platform: row.platform,
    scheduleMinutes: Number(row.scheduleMinutes),
    newProducts: row.newProducts,
    mapping: parseJson<FeedMapping>(row.mapping, { sku: 'id' }),
    categoryMap: parseJson<FeedCategoryMap>(row.categoryMap, {}),
    enabled: Boolean(row.enabled),
    etag: row.etag,
    lastModified: row.lastModified,
    contentHash: row.contentHash,
    lastRunAt: row.lastRunAt === null ? null : fromDbTimestamp(row.lastRunAt),
    createdAt: fromDbTimestamp(row.createdAt),
    updatedAt: fromDbTimestamp(row.updatedAt),
  };
}

export async function findFeed(
  db: Database,
  id: string,
  transaction?: Transaction,
): Promise<StoredFeed | null> {
  const [row] = await db.sequelize.query<FeedRow>(`SELECT * FROM feeds WHERE id = :id`, {
    replacements: { id },
    type: QueryTypes.SELECT,
    transaction,
  });
  return row ? storedFeed(row) : null;
}

export async function listFeeds(db: Database): Promise<StoredFeed[]> {
  const rows = await db.sequelize.query<FeedRow>(`SELECT * FROM feeds ORDER BY name, id`, {
    type: QueryTypes.SELECT,
  });
  return rows.map(storedFeed);
}

function feedColumns(input: FeedInput) {
  return {
    name: input.name,
    url: input.url,
    format: input.format,
    platform: input.platform,
    scheduleMinutes: input.scheduleMinutes,
    newProducts: input.newProducts,
    mapping: JSON.stringify(input.mapping),
    categoryMap: JSON.stringify(input.categoryMap),
    enabled: input.enabled,
  };
}

export async function insertFeed(
  db: Database,
  input: FeedInput,
  transaction: Transaction,
): Promise<string> {
  const id = timeOrderedUuid();
  const now = toDbTimestamp(Date.now());
  await db.sequelize.query(
    `INSERT INTO feeds (id, name, url, format, platform, "scheduleMinutes", "newProducts",
       mapping, "categoryMap", enabled, "createdAt", "updatedAt")
     VALUES (:id, :name, :url, :format, :platform, :scheduleMinutes, :newProducts, :mapping,
       :categoryMap, :enabled, :now, :now)`,
    { replacements: { id, now, ...feedColumns(input) }, transaction },
  );
  return id;
}

/** A changed URL or format forgets the conditional-request state: the next run reads all. */
export async function updateFeed(
  db: Database,
  id: string,
  input: FeedInput,
  transaction: Transaction,
): Promise<void> {
  await db.sequelize.query(
    `UPDATE feeds SET name = :name, url = :url, format = :format, platform = :platform,
       "scheduleMinutes" = :scheduleMinutes, "newProducts" = :newProducts, mapping = :mapping,
       "categoryMap" = :categoryMap, enabled = :enabled, "updatedAt" = :now,
       etag = CASE WHEN url = :url AND format = :format THEN etag ELSE NULL END,
       "lastModified" = CASE WHEN url = :url AND format = :format THEN "lastModified" ELSE NULL END,
       "contentHash" = NULL
     WHERE id = :id`,
    { replacements: { id, now: toDbTimestamp(Date.now()), ...feedColumns(input) }, transaction },
  );
}

export async function deleteFeed(db: Database, id: string, transaction: Transaction) {
  await db.sequelize.query(`DELETE FROM feeds WHERE id = :id`, {
    replacements: { id },
    transaction,
  });
}

/* ---------------- runs ---------------- */

export interface FeedRunRow {
  id: string;
  feedId: string;
  status: FeedRunStatus;
  startedAt: unknown;
  finishedAt: unknown;
  rows: number | string;
  created: number | string;
  updated: number | string;
  unchanged: number | string;
  outOfStock: number | string;
  deactivated: number | string;
  failed: number | string;
  notModified: boolean | number;
  complete: boolean | number;
  message: string | null;
}

const isoOf = (value: unknown) => new Date(fromDbTimestamp(value)).toISOString();

export function presentRun(row: FeedRunRow): FeedRun {
  return {
    id: row.id,
    feedId: row.feedId,
    status: row.status,
    startedAt: isoOf(row.startedAt),
    finishedAt: row.finishedAt === null ? null : isoOf(row.finishedAt),
    rows: Number(row.rows),
    created: Number(row.created),
    updated: Number(row.updated),
    unchanged: Number(row.unchanged),
    outOfStock: Number(row.outOfStock),
    deactivated: Number(row.deactivated),
    failed: Number(row.failed),
    notModified: Boolean(row.notModified),
    complete: Boolean(row.complete),
    message: row.message,
  };
}

export async function findRun(db: Database, id: string): Promise<FeedRunRow | null> {
  const [row] = await db.sequelize.query<FeedRunRow>(`SELECT * FROM feed_runs WHERE id = :id`, {
    replacements: { id },
    type: QueryTypes.SELECT,
  });
  return row ?? null;
}

export async function listRuns(db: Database, feedId: string, page: number, limit: number) {
  const rows = await db.sequelize.query<FeedRunRow>(
    `SELECT * FROM feed_runs WHERE "feedId" = :feedId
     ORDER BY "startedAt" DESC, id DESC LIMIT :limit OFFSET :offset`,
    { replacements: { feedId, limit, offset: (page - 1) * limit }, type: QueryTypes.SELECT },
  );
  const [count] = await db.sequelize.query<{ total: number | string }>(
    `SELECT count(*) AS total FROM feed_runs WHERE "feedId" = :feedId`,
    { replacements: { feedId }, type: QueryTypes.SELECT },
  );
  return { runs: rows.map(presentRun), totalCount: Number(count?.total ?? 0) };
}

/** The newest run of each feed (one query). */
export async function lastRuns(db: Database, feedIds: string[]): Promise<Map<string, FeedRun>> {
  const result = new Map<string, FeedRun>();
  if (feedIds.length === 0) return result;
  const rows = await db.sequelize.query<FeedRunRow>(
    `SELECT r.* FROM feed_runs r
     WHERE r."feedId" IN (:feedIds) AND r.id = (SELECT r2.id FROM feed_runs r2
       WHERE r2."feedId" = r."feedId" ORDER BY r2."startedAt" DESC, r2.id DESC LIMIT 1)`,
    { replacements: { feedIds }, type: QueryTypes.SELECT },
  );
  for (const row of rows) result.set(row.feedId, presentRun(row));
  return result;
}

/* ---------------- presenter ---------------- */

export const FEED_ALERTS = {
  failed: (message: string | null) => `Proses terakhir gagal${message ? `: ${message}` : ''}`,
  late: 'Feed tidak berjalan sesuai jadwal',
} as const;

/**
 * The alert a feed shows (dashboard card, desktop tray): its last run failed or deactivated
 * nothing because the feed shrank (that run's message), or an enabled feed has not run
 * within twice its schedule.
 */
export function feedAlert(
  feed: StoredFeed,
  lastRun: FeedRun | null,
  now = Date.now(),
): string | null {
  if (lastRun?.status === 'failed') return FEED_ALERTS.failed(lastRun.message);
  // A done run's message is its shrink or empty-feed alert, until staff accept the new size.
  if (lastRun?.status === 'done' && lastRun.message && !lastRun.complete) return lastRun.message;
  if (!feed.enabled) return null;
  const since = lastRun ? Date.parse(lastRun.startedAt) : feed.createdAt;
  return now - since > 2 * feed.scheduleMinutes * 60_000 ? FEED_ALERTS.late : null;
}

export function presentFeed(feed: StoredFeed, lastRun: FeedRun | null): Feed {
  const lastRunAt = lastRun ? lastRun.startedAt : null;
  const base = lastRun ? Date.parse(lastRun.startedAt) : null;
  return {
    id: feed.id,
    name: feed.name,
    url: feed.url,
    format: feed.format,
    platform: feed.platform,
    scheduleMinutes: feed.scheduleMinutes,
    newProducts: feed.newProducts,
    mapping: feed.mapping,
    categoryMap: Object.fromEntries(
      Object.entries(feed.categoryMap).map(([key, value]) => [key, String(value)]),
    ),
    enabled: feed.enabled,
    lastRunAt,
    nextRunAt:
      feed.enabled && base !== null
        ? new Date(base + feed.scheduleMinutes * 60_000).toISOString()
        : feed.enabled
          ? new Date(feed.createdAt).toISOString()
          : null,
    lastRun,
    alert: feedAlert(feed, lastRun),
    createdAt: new Date(feed.createdAt).toISOString(),
    updatedAt: new Date(feed.updatedAt).toISOString(),
  };
}

export async function presentFeeds(db: Database, feeds: StoredFeed[]): Promise<Feed[]> {
  const runs = await lastRuns(
    db,
    feeds.map((feed) => feed.id),
  );
  return feeds.map((feed) => presentFeed(feed, runs.get(feed.id) ?? null));
}

/** Feeds with an alert, for the dashboard card and the desktop tray. */
export async function feedAlerts(db: Database) {
  const feeds = await presentFeeds(db, await listFeeds(db));
  return feeds.flatMap((feed) =>
    feed.alert ? [{ feedId: feed.id, name: feed.name, alert: feed.alert }] : [],
  );
}
