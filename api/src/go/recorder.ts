import { createHash } from 'node:crypto';
import { CTA_CLICK_EVENT, type EventRecord } from '../analytics';
import { anonymizeIp } from '../lib/ip';

export const CLICK_WINDOW_MS = 60 * 60 * 1000;
/** About 100 bytes each: the dedupe memory stays near 10 MB however busy the site is. */
export const DEFAULT_MAX_ENTRIES = 100_000;

export interface ClickInput {
  linkId: number;
  productId: string;
  categoryId: string | null;
  platform: string;
  /** The client address as Express reports it (trust proxy applied); never stored. */
  ip: string | null | undefined;
  userAgent: string | null | undefined;
  /** Path of the page the click came from, when it was this site. */
  fromPath?: string | null;
  at?: number;
}

export type ClickOutcome = 'counted' | 'duplicate' | 'dropped';

/** Where counted clicks go: the analytics write buffer (false: it refused the click). */
export interface ClickSink {
  addClick(record: EventRecord): boolean;
}

/**
 * sha256 of a server secret, the anonymised address and the user agent: stable for one
 * visitor for as long as the secret is, useless for finding the address.
 */
export function visitorHash(
  secret: string,
  ip: string | null | undefined,
  userAgent: string,
): string {
  return createHash('sha256')
    .update(secret)
    .update('\u0000')
    .update(anonymizeIp(ip) ?? '')
    .update('\u0000')
    .update(userAgent)
    .digest('hex');
}

/**
 * Counts a redirect's click once per visitor and link per hour (from the first counted click)
 * and hands it to the sink. The dedupe is in memory and bounded: past `maxEntries` the oldest
 * entries go first. On PostgreSQL, recordShared() also asks the database, so that several
 * processes count one click between them.
 */
export class ClickRecorder {
  private readonly seen = new Map<string, number>();
  private readonly windowMs: number;
  private readonly maxEntries: number;
  counted = 0;
  duplicates = 0;
  dropped = 0;

  constructor(
    private readonly options: {
      secret: string;
      sink: ClickSink;
      windowMs?: number;
      maxEntries?: number;
    },
  ) {
    this.windowMs = options.windowMs ?? CLICK_WINDOW_MS;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  }

  get trackedVisitors(): number {
    return this.seen.size;
  }

  record(click: ClickInput): ClickOutcome {
    const { at, hash, key } = this.identify(click);
    if (this.isDuplicate(key, at)) return 'duplicate';
    const outcome = this.emit(click, at, hash);
    if (outcome === 'counted') this.remember(key, at);
    return outcome;
  }

  /**
   * Like record(), with the dedupe shared by every process on the database: a click this
   * process has not seen counts only if `claim` (SharedCounters.claim) says no process counted
   * this visitor and link within the window. A database that cannot answer counts the click,
   * as one process on its own would.
   */
  async recordShared(
    click: ClickInput,
    claim: (key: string, windowMs: number) => Promise<boolean>,
  ): Promise<ClickOutcome> {
    const { at, hash, key } = this.identify(click);
    if (this.isDuplicate(key, at)) return 'duplicate';
    // At once: another click here while the database answers is a duplicate.
    this.remember(key, at);
    const first = await claim(`go:${key}`, this.windowMs).catch(() => true);
    if (!first) {
      this.duplicates += 1;
      return 'duplicate';
    }
    const outcome = this.emit(click, at, hash);
    if (outcome === 'dropped') this.seen.delete(key);
    return outcome;
  }

  private identify(click: ClickInput): { at: number; hash: string; key: string } {
    const at = click.at ?? Date.now();
    const hash = visitorHash(this.options.secret, click.ip, click.userAgent ?? '');
    return { at, hash, key: `${hash.slice(0, 32)}:${click.linkId}` };
  }

  private isDuplicate(key: string, at: number): boolean {
    this.evict(at);
    const until = this.seen.get(key);
    if (until === undefined || until <= at) return false;
    this.duplicates += 1;
    return true;
  }

  private remember(key: string, at: number): void {
    // Re-inserted at the end, so the map stays in expiry order.
    this.seen.delete(key);
    this.seen.set(key, at + this.windowMs);
  }

  private emit(click: ClickInput, at: number, hash: string): ClickOutcome {
    const record: EventRecord = {
      // No tracking session: a stable pseudonym of the visitor, so clicks can still be grouped.
      sessionId: `go:${hash.slice(0, 32)}`,
      eventType: CTA_CLICK_EVENT,
      eventData: JSON.stringify({
        source: 'redirect',
        linkId: click.linkId,
        productId: click.productId,
        platform: click.platform,
        categoryId: click.categoryId,
        path: click.fromPath ?? null,
      }),
      productId: click.productId,
      categoryId: click.categoryId,
      platform: click.platform,
      at,
    };
    if (!this.options.sink.addClick(record)) {
      this.dropped += 1;
      return 'dropped';
    }
    this.counted += 1;
    return 'counted';
  }

  /** Drops expired entries from the front (the oldest), and the oldest beyond the bound. */
  private evict(now: number): void {
    for (const [key, until] of this.seen) {
      if (until > now && this.seen.size < this.maxEntries) break;
      this.seen.delete(key);
    }
  }
}
