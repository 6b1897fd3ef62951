import { z } from 'zod';
import { PLATFORMS } from '../constants';

/**
 * Price watches (DESIGN.md, "Price watches"): what the browser sends to POST /api/watches and
 * the limits both sides show. Messages in Indonesian, as the shopper reads them.
 */
export const WATCH_RULE_KINDS = ['any', 'below'] as const;
export const WATCH_STATES = ['pending', 'active'] as const;

export const WATCH_LIMITS = {
  /** New watches a day (24 h window) per push subscription or e-mail address. */
  perSubscriptionPerDay: 100,
  /** Watches one push subscription may hold at once. */
  heldPerSubscription: 500,
  /** New watches a day per client address (IPv4, or IPv6 /64). */
  perAddressPerDay: 1000,
  /** Watches unused this many days are deleted. */
  expiryDays: 180,
  /** An e-mail confirmation link is valid this long. */
  confirmHours: 24,
  /** A watch is told at most once in this many hours ... */
  renotifyHours: 24,
  /** ... unless the price fell by at least this percent since it was last told. */
  renotifyDropPercent: 5,
  /** Tokens one watchlist read may name. */
  tokensPerRead: 500,
} as const;

export const WATCH_MESSAGES = {
  invalid: 'Data pantauan tidak valid',
  product: 'Produk tidak ditemukan',
  platform: 'Marketplace tidak dikenal',
  rule: 'Pilih "setiap penurunan" atau "di bawah harga"',
  price: 'Harga target harus angka rupiah lebih dari 0',
  channel: 'Pilih notifikasi browser atau e-mail',
  endpoint: 'Alamat langganan notifikasi harus https',
  endpointAddress: 'Alamat langganan notifikasi tidak diizinkan',
  keys: 'Kunci langganan notifikasi tidak valid',
  email: 'Alamat e-mail tidak valid',
  emailDisabled: 'Pantauan lewat e-mail belum tersedia di situs ini',
  tokens: 'Token pantauan tidak valid',
  notFound: 'Pantauan tidak ditemukan',
  tooManyPerSubscription: 'Terlalu banyak pantauan baru hari ini. Coba lagi besok.',
  tooManyHeld: 'Maksimal 500 pantauan per perangkat. Hapus beberapa pantauan dulu.',
  tooManyPerAddress: 'Terlalu banyak pantauan baru dari jaringan ini hari ini. Coba lagi besok.',
} as const;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

const pushChannel = z.object(
  {
    push: z.object(
      {
        endpoint: z
          .string({ error: WATCH_MESSAGES.endpoint })
          .trim()
          .max(2048, WATCH_MESSAGES.endpoint)
          .refine((value) => URL.canParse(value), WATCH_MESSAGES.endpoint),
        keys: z.object(
          {
            // An uncompressed P-256 point (65 bytes: 87 characters) and a 16-byte secret.
            p256dh: z
              .string({ error: WATCH_MESSAGES.keys })
              .regex(BASE64URL, WATCH_MESSAGES.keys)
              .min(80, WATCH_MESSAGES.keys)
              .max(100, WATCH_MESSAGES.keys),
            auth: z
              .string({ error: WATCH_MESSAGES.keys })
              .regex(BASE64URL, WATCH_MESSAGES.keys)
              .min(16, WATCH_MESSAGES.keys)
              .max(32, WATCH_MESSAGES.keys),
          },
          { error: WATCH_MESSAGES.keys },
        ),
      },
      { error: WATCH_MESSAGES.channel },
    ),
  },
  { error: WATCH_MESSAGES.channel },
);

const emailChannel = z.object(
  {
    email: z
      .string({ error: WATCH_MESSAGES.email })
      .trim()
      .toLowerCase()
      .max(254, WATCH_MESSAGES.email)
      .pipe(z.email({ error: WATCH_MESSAGES.email })),
  },
  { error: WATCH_MESSAGES.channel },
);

const rule = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('any') }),
    z.object({
      kind: z.literal('below'),
      price: z
        .number({ error: WATCH_MESSAGES.price })
        .int(WATCH_MESSAGES.price)
        .min(1, WATCH_MESSAGES.price)
        .max(100_000_000_000, WATCH_MESSAGES.price),
    }),
  ],
  { error: WATCH_MESSAGES.rule },
);

/** POST /api/watches. */
export const watchCreateSchema = z.object({
  productId: z
    .string({ error: WATCH_MESSAGES.product })
    .trim()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      WATCH_MESSAGES.product,
    )
    .transform((value) => value.toLowerCase()),
  platform: z.enum(PLATFORMS, { error: WATCH_MESSAGES.platform }).nullish(),
  rule,
  channel: z.union([pushChannel, emailChannel], { error: WATCH_MESSAGES.channel }),
});
export type WatchCreateInput = z.output<typeof watchCreateSchema>;

/** A watch token as the browser keeps it: 43 base64url characters (32 random bytes). */
export const WATCH_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** GET /api/watches/{id}?token= and DELETE. */
export const watchTokenQuery = z.object({
  token: z.string({ error: WATCH_MESSAGES.tokens }).regex(WATCH_TOKEN, WATCH_MESSAGES.tokens),
});

/** GET /api/watches?tokens=t1,t2 (at most WATCH_LIMITS.tokensPerRead). */
export const watchListQuery = z.object({
  tokens: z
    .string({ error: WATCH_MESSAGES.tokens })
    .transform((value) => [...new Set(value.split(',').map((token) => token.trim()))])
    .refine(
      (tokens) =>
        tokens.length <= WATCH_LIMITS.tokensPerRead &&
        tokens.every((token) => WATCH_TOKEN.test(token)),
      { message: WATCH_MESSAGES.tokens },
    ),
});
