import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

type Env = Record<string, string | undefined>;

/** Price watches' settings (README, "Configuration"; docs/contracts.md, "Price watches"). */
export interface WatchesConfig {
  /** The VAPID key pair (base64url) and the contact the push services see. */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** SMTP_URL (nodemailer); null: the e-mail channel is not offered. */
  smtpUrl: string | null;
  /** The From of watch mails (MAIL_FROM). */
  mailFrom: string;
  /**
   * Tests only (FETCH_ALLOW_PRIVATE=true with NODE_ENV=test): push endpoints may be plain
   * http and on private addresses, so a local fake push service can stand in.
   */
  allowTestEndpoints: boolean;
  /** First retry delay (ms); doubles with each attempt. */
  retryBaseMs: number;
  /** Attempts before a notification is given up. */
  maxAttempts: number;
  /** A price change wakes the evaluation this long after (ms), so a burst is one pass. */
  debounceMs: number;
  /** A full evaluation runs at least this often (ms), whatever was heard. */
  sweepMs: number;
  /** The queue is polled this often (ms) for retries and rows other processes enqueued. */
  pollMs: number;
  /** Sends in flight at once. */
  concurrency: number;
}

/**
 * Kept like the session secret: generated on first start into DATA_DIR/vapid-keys.json, unless
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set. Changing the pair orphans every push
 * subscription made with the old public key (the push services refuse the new signature).
 */
function resolveVapidKeys(env: Env, dataDir: string): { publicKey: string; privateKey: string } {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (publicKey && privateKey) return { publicKey, privateKey };
  if (publicKey || privateKey) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither');
  }
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      publicKey: string;
      privateKey: string;
    };
    return { publicKey: saved.publicKey, privateKey: saved.privateKey };
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

function positive(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  }
  return value;
}

export function loadWatchesConfig(
  env: Env,
  dataDir: string,
  nodeEnv: string,
  publicUrl: string | null,
): WatchesConfig {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  }
  const subject =
    env.VAPID_SUBJECT?.trim() ||
    (publicUrl?.startsWith('https://') ? publicUrl : 'mailto:admin@diskonradar.invalid');
  if (!/^(mailto:|https:\/\/)/.test(subject)) {
    throw new Error('VAPID_SUBJECT must be a mailto: or https:// address');
  }
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return {
    vapid: { ...resolveVapidKeys(env, dataDir), subject },
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || `DiskonRadar <no-reply@${host}>`,
    allowTestEndpoints: env.FETCH_ALLOW_PRIVATE?.trim() === 'true' && nodeEnv === 'test',
    retryBaseMs: positive(env, 'WATCH_RETRY_BASE_MS', 30_000),
    maxAttempts: Math.floor(positive(env, 'WATCH_MAX_ATTEMPTS', 6)),
    debounceMs: positive(env, 'WATCH_DEBOUNCE_MS', 1000),
    sweepMs: positive(env, 'WATCH_SWEEP_MS', 5 * 60_000),
    pollMs: positive(env, 'WATCH_POLL_MS', 5000),
    concurrency: Math.floor(positive(env, 'WATCH_CONCURRENCY', 10)),
  };
}
