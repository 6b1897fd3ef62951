import type { WatchRule } from '@shared/types';

/**
 * The shopper's watchlist lives in the browser (docs/contracts.md, "Price watches"): the server
 * holds only what it needs to send. This module is in the main bundle (the button reads it), so
 * it stays small; everything else of the watch UI is loaded when the shopper asks for it.
 */
export const WATCHES_KEY = 'diskonradar.watches';

export interface StoredWatch {
  /** The server's id and token, or null for a watch kept only on this device. */
  id: string | null;
  token: string | null;
  productId: string;
  slug: string;
  title: string;
  image: string;
  /** One marketplace, or null for all. */
  platform: string | null;
  rule: WatchRule;
  /** The lowest price seen when the watch was made (rupiah), null when unknown. */
  priceAtWatch: number | null;
  createdAt: string;
  /** 'push', 'email' (waits for its confirmation link) or 'local' (this device only). */
  channel?: 'push' | 'email' | 'local';
}

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: StoredWatch[] } = { raw: null, list: [] };

function isStoredWatch(value: unknown): value is StoredWatch {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.productId === 'string' && typeof item.title === 'string';
}

/** The stored list (the same array while the stored text is unchanged). */
export function readWatches(): StoredWatch[] {
  if (typeof window === 'undefined') return [];
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(WATCHES_KEY);
  } catch {
    return cache.list;
  }
  if (raw === cache.raw) return cache.list;
  let list: StoredWatch[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    list = Array.isArray(parsed) ? parsed.filter(isStoredWatch) : [];
  } catch {
    list = [];
  }
  cache = { raw, list };
  return list;
}

export function writeWatches(list: StoredWatch[]): void {
  try {
    window.localStorage.setItem(WATCHES_KEY, JSON.stringify(list));
  } catch {
    // Storage full or refused (private mode): the list of this visit still shows.
  }
  for (const listener of listeners) listener();
}

export function subscribeWatches(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === WATCHES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
