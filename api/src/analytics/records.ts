import type { EventMessage, PageviewMessage, SessionMessage } from '@shared/schemas';
import { classifyReferrer } from '@shared/rules/referrer-source';
import type { SourceGroup } from '@shared/schemas/analytics-reports';
import { storedEventType } from './cta';
import { UNKNOWN } from './rollups';

/** What the write buffer stores; field lengths already fit the columns. */
export interface SessionRecord {
  sessionId: string;
  ipAddress: string | null;
  userAgent: string | null;
  country: string;
  city: string;
  device: string;
  browser: string;
  referrer: string | null;
  referrerHost: string | null;
  /** The group of `referrer` (used until a landing page view names the visit's source). */
  sourceGroup: SourceGroup;
  at: number;
}

/** Where a visit came from: its first page view's referrer and landing address utm_*. */
export interface LandingRecord {
  sourceGroup: SourceGroup;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/** The visitor behind a socket or a /go request, as the server reads it from the request. */
export interface VisitorInfo {
  /** visitorKey(): address + user agent + daily salt. */
  key: string;
  /** phone, tablet or desktop (bowser). */
  device: string;
  browser: string;
}

export interface PageviewRecord {
  sessionId: string;
  path: string;
  title: string | null;
  duration: number | null;
  at: number;
  /** Set on the visit's first page view (`landing: true`). */
  landing?: LandingRecord;
}

export interface EventRecord {
  sessionId: string;
  eventType: string;
  eventData: string;
  productId: string | null;
  categoryId: string | null;
  platform: string | null;
  at: number;
}

/** Duration or scroll depth reported for the latest view of a path in a session. */
export interface PageMetricRecord {
  sessionId: string;
  path: string;
  duration?: number;
  scrollDepth?: number;
}

/** Who sent a message, as the server saw it (never what the message claims). */
export interface SenderContext {
  ipAddress: string | null;
  userAgent: string | null;
  /** The site's own hosts: a referrer from them is a direct visit. */
  ownHosts?: readonly string[];
}

const PATH_MAX = 512;
const DAY_MS = 24 * 60 * 60 * 1000;

function text(value: string | null | undefined, max: number): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

export function referrerHost(referrer: string | null): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.replace(/^www\./, '').slice(0, 255) || null;
  } catch {
    return null;
  }
}

export function toSessionRecord(
  message: SessionMessage,
  sender: SenderContext,
  at: number,
): SessionRecord {
  const referrer = text(message.referrer, 2048);
  return {
    sessionId: message.sessionId,
    ipAddress: sender.ipAddress,
    userAgent: text(message.userAgent, 512) ?? text(sender.userAgent, 512),
    country: text(message.country, 100) ?? UNKNOWN,
    city: text(message.city, 100) ?? UNKNOWN,
    device: text(message.device, 20) ?? UNKNOWN,
    browser: text(message.browser, 20) ?? UNKNOWN,
    referrer,
    referrerHost: referrerHost(referrer),
    sourceGroup: classifyReferrer(referrer, sender.ownHosts).group,
    at,
  };
}

export function toPageviewRecord(
  message: PageviewMessage,
  at: number,
  ownHosts: readonly string[] = [],
): PageviewRecord {
  const record: PageviewRecord = {
    sessionId: message.sessionId,
    path: message.path.slice(0, PATH_MAX),
    title: text(message.title, 300),
    duration: message.duration ?? null,
    at,
  };
  if (message.landing) {
    const source = classifyReferrer(message.referrer, ownHosts);
    record.landing = {
      sourceGroup: source.group,
      referrerHost: source.host || null,
      utmSource: text(message.utmSource, 100),
      utmMedium: text(message.utmMedium, 100),
      utmCampaign: text(message.utmCampaign, 100),
    };
  }
  return record;
}

type JsonObject = Record<string, unknown>;

function parseObject(json: string): JsonObject {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as JsonObject)
      : {};
  } catch {
    return {};
  }
}

function stringField(data: JsonObject, key: string, max: number): string | null {
  const value = data[key];
  if (typeof value === 'string') return text(value, max);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value).slice(0, max);
  return null;
}

function numberField(data: JsonObject, keys: string[]): number | undefined {
  for (const key of keys) {
    const value = data[key];
    const number = typeof value === 'string' ? Number(value) : value;
    if (typeof number === 'number' && Number.isFinite(number)) return number;
  }
  return undefined;
}

export function toEventRecord(message: EventMessage, at: number): EventRecord {
  const data = parseObject(message.eventData);
  return {
    sessionId: message.sessionId,
    // The visitor's cta_click is kept as cta_click_client: /go/{linkId} counts the click.
    eventType: storedEventType(message.eventType).slice(0, 40),
    eventData: message.eventData,
    productId: text(message.productId, 64) ?? stringField(data, 'productId', 64),
    categoryId: text(message.categoryId, 64) ?? stringField(data, 'categoryId', 64),
    platform: text(message.platform, 20) ?? stringField(data, 'platform', 20),
    at,
  };
}

/**
 * `scroll_depth` {path, depth} and `page_duration` {path, duration} events also update the
 * page view they describe, so reports can read both from page_views.
 */
export function toPageMetric(event: EventRecord): PageMetricRecord | null {
  if (event.eventType !== 'scroll_depth' && event.eventType !== 'page_duration') return null;
  const data = parseObject(event.eventData);
  const path = stringField(data, 'path', PATH_MAX);
  if (!path?.startsWith('/')) return null;
  if (event.eventType === 'scroll_depth') {
    const depth = numberField(data, ['depth', 'scrollDepth', 'percent', 'percentage']);
    if (depth === undefined) return null;
    return {
      sessionId: event.sessionId,
      path,
      scrollDepth: Math.round(Math.min(100, Math.max(0, depth))),
    };
  }
  const duration = numberField(data, ['duration', 'durationMs']);
  if (duration === undefined) return null;
  return {
    sessionId: event.sessionId,
    path,
    duration: Math.round(Math.min(DAY_MS, Math.max(0, duration))),
  };
}
