import { hash as digest } from 'node:crypto';
import {
  BOT_VISIT_EVENT,
  anonymousVisitorKey,
  userAgentInfo,
  type ClickRow,
  type EventRecord,
} from '../analytics';
import { anonymizeIp } from '../lib/ip';

export const CLICK_WINDOW_MS = 60 * 60 * 1000;
/**
 * About 100 bytes each (dedupeKey's flat key, the map's slot, the expiry): the dedupe memory
 * stays near 10 MB however busy the site is.
 */
export const DEFAULT_MAX_ENTRIES = 100_000;

/** dedupeKey()'s scratch: the key is written here and read back as one string. */
const KEY_SCRATCH = Buffer.alloc(256);

/**
 * The dedupe key `<first 32 hex characters of the visitor hash>:<suffix>` as one flat string.
 * Built with a template, it was a concatenation of a slice of the 64-character hash and the
 * suffix, which a Map keeps as it is: about 230 bytes per entry, the whole hash kept alive by
 * its slice (22 MB of the server's heap at DEFAULT_MAX_ENTRIES, where 10 was meant;
 * docs/decisions.md, session 43). Suffixes are short ASCII (`:<link id>`, `:bot`).
 */
export function dedupeKey(hash: string, suffix: string): string {
  KEY_SCRATCH.write(hash, 0, 32, 'latin1');
  const end = 32 + KEY_SCRATCH.write(suffix, 32, 'latin1');
  return KEY_SCRATCH.toString('latin1', 0, end);
}

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
  /** A crawler or headless browser: counted once per visitor and hour as a bot visit. */
  bot?: boolean;
}

export type ClickOutcome = 'counted' | 'duplicate' | 'dropped';

/** Where counted clicks go: the analytics write buffer (false: it refused the click). */
export interface ClickSink {
  /**
   * The click as its click log row: its visitor's key, device and browser (so it joins that
   * visitor's visit, and its source), the link's product, category and platform, the page.
   */
  addClick(row: ClickRow): boolean;
  /** A bot's request (the dashboard's `bots`); sinks without it do not count bots. */
  addBot?(record: EventRecord): boolean;
  /** True while the sink asks its producers to wait (the write buffer's backpressure). */
  readonly full?: boolean;
  /** Called with false when a full sink has room again; returns the unsubscribe. */
  onPressure?(listener: (full: boolean) => void): () => void;
}

/** A click admitted by ClickRecorder.admit(): new to this process's dedupe, not yet counted. */
export interface AdmittedClick {
  click: ClickInput;
  at: number;
  hash: string;
  /** The dedupe key (visitor and link, or visitor and `bot`). */
  key: string;
  /** The client address anonymised (anonymizeIp), worked out once for both hashes. */
  address: string | null;
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
  return anonymousVisitorHash(secret, anonymizeIp(ip), userAgent);
}

/** visitorHash() of an address already anonymised; one string hashed in one call. */
function anonymousVisitorHash(secret: string, anonymizedIp: string | null, userAgent: string) {
  return digest('sha256', `${secret}\u0000${anonymizedIp ?? ''}\u0000${userAgent}`, 'hex');
}

/**
 * Counts a redirect's click once per visitor and link per hour (from the first counted click)
 * and hands it to the sink. The dedupe is in memory and bounded: past `maxEntries` the oldest
 * entries go first. The /go queue (./queue.ts) uses admit() before the redirect and, on
 * PostgreSQL, a shared claim per batch, so that several processes count one click between them.
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
    const identified = this.identify(click);
    if (this.isDuplicate(identified.key, identified.at)) return 'duplicate';
    const outcome = this.emit(identified);
    if (outcome === 'counted') this.remember(identified.key, identified.at);
    return outcome;
  }

  /**
   * The in-memory half of record(), for a queue: null when this process already counted the
   * visitor's click on the link within the window; otherwise the click, remembered at once
   * (a repeat while it waits is a duplicate). forget() undoes it for a click that was refused.
   */
  admit(click: ClickInput): AdmittedClick | null {
    const admitted = this.identify(click);
    if (this.isDuplicate(admitted.key, admitted.at)) return null;
    this.remember(admitted.key, admitted.at);
    return admitted;
  }

  /** Forgets an admitted click that was refused before its redirect was sent. */
  forget(admitted: AdmittedClick): void {
    if (this.seen.get(admitted.key) === admitted.at + this.windowMs) {
      this.seen.delete(admitted.key);
    }
  }

  /** An admitted click another process counted first (the shared claim said no). */
  countDuplicate(): void {
    this.duplicates += 1;
  }

  /** Hands an admitted click to the sink ('dropped' if it refused, then forgotten). */
  emitAdmitted(admitted: AdmittedClick): ClickOutcome {
    const outcome = this.emit(admitted);
    if (outcome === 'dropped') this.forget(admitted);
    return outcome;
  }

  private identify(click: ClickInput): AdmittedClick {
    const at = click.at ?? Date.now();
    const address = anonymizeIp(click.ip);
    const hash = anonymousVisitorHash(this.options.secret, address, click.userAgent ?? '');
    // A bot counts once per visitor per window, whatever links it follows.
    const key = dedupeKey(hash, click.bot ? ':bot' : `:${click.linkId}`);
    return { click, at, hash, key, address };
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

  private emit({ click, at, address }: AdmittedClick): ClickOutcome {
    const key = anonymousVisitorKey(this.options.secret, address, click.userAgent, at);
    if (click.bot) {
      const taken = this.options.sink.addBot?.({
        sessionId: `go:${key}`,
        eventType: BOT_VISIT_EVENT,
        eventData: JSON.stringify({ source: 'redirect', linkId: click.linkId }),
        productId: null,
        categoryId: null,
        platform: null,
        at,
      });
      if (taken === false) {
        this.dropped += 1;
        return 'dropped';
      }
      return 'counted';
    }
    // One compact row: its event (`cta_click`, eventData as JSON.stringify writes
    // {source: 'redirect', linkId, productId, platform, categoryId, path}) and its visit are
    // derived from it when the write buffer writes it (api/src/analytics/click-log.ts).
    const agent = userAgentInfo(click.userAgent);
    const row: ClickRow = [
      at,
      click.linkId,
      key,
      agent.device,
      agent.browser,
      click.productId,
      click.categoryId,
      click.platform,
      click.fromPath ?? null,
    ];
    if (!this.options.sink.addClick(row)) {
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
