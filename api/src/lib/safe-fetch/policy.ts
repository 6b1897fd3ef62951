export type Env = Record<string, string | undefined>;

/** The limits of every fetch the server makes to an address someone typed (DESIGN: Fetching). */
export interface FetchPolicy {
  /** Tests only: lets the tests' servers on 127.0.0.1 through. Never in production. */
  allowPrivate: boolean;
  /** Largest body read, in bytes (FEED_MAX_MB, default 100), after decompression. */
  maxBytes: number;
}

const DEFAULT_FEED_MAX_MB = 100;

/**
 * Reads FETCH_ALLOW_PRIVATE and FEED_MAX_MB. Throws (the server does not start) when
 * FETCH_ALLOW_PRIVATE=true with NODE_ENV=production: in production it would turn the link
 * checker and the feeds into a scanner of the server's own network.
 */
export function loadFetchPolicy(env: Env = process.env): FetchPolicy {
  const allowPrivate = env.FETCH_ALLOW_PRIVATE?.trim() === 'true';
  if (allowPrivate && env.NODE_ENV === 'production') {
    throw new Error(
      'FETCH_ALLOW_PRIVATE=true is for tests only and is refused when NODE_ENV=production: ' +
        'it would let the server fetch addresses inside its own network',
    );
  }
  const rawMb = env.FEED_MAX_MB?.trim();
  const mb = rawMb ? Number(rawMb) : DEFAULT_FEED_MAX_MB;
  if (!Number.isFinite(mb) || mb <= 0) {
    throw new Error(`FEED_MAX_MB must be a positive number of megabytes, got "${rawMb}"`);
  }
  return { allowPrivate, maxBytes: Math.floor(mb * 1024 * 1024) };
}
