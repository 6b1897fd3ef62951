/**
 * Price watches fanning out (DESIGN.md, "Performance budgets": "the figures of fanning out
 * 10,000 price drops to 100,000 watches (time, memory), none sent twice").
 *
 * The server runs in this process (startServer, the API's own sources) with a local push
 * service beside it: 20,000 products with one Shopee link each, 100,000 push watches (per
 * product one `any` watch and four `below` watches whose targets the drop does not reach),
 * each watch its own push subscription. Then one statement drops 10,000 links' prices by 20%
 * (the triggers record the price points, as an import or a feed's writes do) and the
 * catalogue change is published. Measured: the time until every due notification (one per
 * `any` watch of a dropped product: 10,000) reached the push service, how many arrived twice
 * (must be 0), how many arrived that were not due, and the process's peak resident memory
 * (server and push service together). Every request's VAPID JWT is verified by the push
 * service; one payload in 500 is decrypted and checked. Figures are printed, never asserted.
 *
 *   npm run bench -- watches
 *   npx tsx bench/watches.bench.ts [sqlite|postgres]
 *
 * BENCH_WATCH_PRODUCTS (20,000), BENCH_WATCH_DROPS (10,000) scale it; 5 watches per product.
 */
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as ece from 'http_ece';
import { QueryTypes } from 'sequelize';
import { loadConfig } from '../api/src/config';
import { startServer, type RunningServer } from '../api/src/server';
import { createScratchPostgres, runOnDialects, type BenchDialect } from './support/databases';

const PRODUCTS = Number(process.env.BENCH_WATCH_PRODUCTS ?? 20_000);
const DROPS = Number(process.env.BENCH_WATCH_DROPS ?? 10_000);
const WATCHES_PER_PRODUCT = 5;

const pid = (i: string, dialect: BenchDialect, lead = '00000000') =>
  dialect === 'postgres'
    ? `CAST('${lead}-0000-4000-8000-' || lpad(${i}::text, 12, '0') AS uuid)`
    : `'${lead}-0000-4000-8000-' || printf('%012d', ${i})`;
/** A literal of a JSON or timestamp column: PostgreSQL wants the type in INSERT ... SELECT. */
const typed = (literal: string, pgType: string, dialect: BenchDialect) =>
  dialect === 'postgres' ? `CAST(${literal} AS ${pgType})` : literal;
const NUMBERS = (n: number) =>
  `WITH RECURSIVE nums(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM nums WHERE i < ${n})`;
const T = `'2026-01-01 00:00:00.000 +00:00'`;

/** A push service that counts per endpoint, checks every JWT, decrypts a sample. */
class CountingPushService {
  private server!: http.Server;
  origin = '';
  readonly counts = new Map<string, number>();
  received = 0;
  rejected = 0;
  sampled = 0;
  sampleBodies: string[] = [];

  constructor(
    private readonly publicKey: string,
    private readonly ecdh: ReturnType<typeof createECDH>,
    private readonly auth: Buffer,
  ) {}

  async start(): Promise<void> {
    const point = Buffer.from(this.publicKey, 'base64url');
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    this.server = http.createServer({ keepAlive: true }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const jwt = /^vapid t=([^,]+),/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        const [h = '', c = '', s = ''] = jwt.split('.');
        const ok = verify(
          'sha256',
          Buffer.from(`${h}.${c}`),
          { key, dsaEncoding: 'ieee-p1363' },
          Buffer.from(s, 'base64url'),
        );
        if (!ok) {
          this.rejected++;
          res.writeHead(403).end();
          return;
        }
        const name = req.url ?? '';
        this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
        this.received++;
        if (this.received % 500 === 1) {
          const body = ece.decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: this.ecdh,
            authSecret: this.auth,
          });
          this.sampled++;
          if (this.sampleBodies.length < 2) this.sampleBodies.push(body.toString('utf8'));
        }
        res.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

async function seed(
  running: RunningServer,
  dialect: BenchDialect,
  push: CountingPushService,
  keys: { p256dh: string; auth: string },
) {
  const { db } = running;
  const [category] = await db.sequelize.query<{ id: number }>('SELECT id FROM categories LIMIT 1', {
    type: QueryTypes.SELECT,
  });
  const now = Date.now();
  const started = performance.now();
  await db.write(async (transaction) => {
    const q = (sql: string) => db.sequelize.query(sql, { transaction });
    await q(`${NUMBERS(PRODUCTS)}
      INSERT INTO products (id, "categoryId", title, description, "imageUrl", "imageUrls",
        "discountPercentage", platforms, "createdAt", "updatedAt")
      SELECT ${pid('i', dialect)}, ${category!.id}, 'Bench pantau ' || i, 'Produk bench',
        'https://example.com/p.webp', ${typed("'[]'", 'json', dialect)}, 10,
        ${typed(`'["Shopee"]'`, 'json', dialect)}, ${typed(T, 'timestamptz', dialect)},
        ${typed(T, 'timestamptz', dialect)} FROM nums`);
    await q(`${NUMBERS(PRODUCTS)}
      INSERT INTO platform_links ("productId", platform, "affiliateUrl", price, "priceValue",
        "createdAt", "updatedAt")
      SELECT ${pid('i', dialect)}, 'Shopee', 'https://shopee.co.id/b' || i,
        'Rp ' || (100000 + i), 100000 + i, ${typed(T, 'timestamptz', dialect)},
        ${typed(T, 'timestamptz', dialect)} FROM nums`);
    const watches = PRODUCTS * WATCHES_PER_PRODUCT;
    await q(`${NUMBERS(watches)}
      INSERT INTO push_subscriptions (id, "endpointHash", endpoint, p256dh, auth, "createdAt")
      SELECT i, 'h' || i, '${push.origin}/push/' || i, '${keys.p256dh}', '${keys.auth}', ${now}
      FROM nums`);
    // Watch i: product ((i - 1) / 5) + 1; the first of each five is `any`, the rest `below`
    // half the price (the 20% drop does not reach them).
    const product = dialect === 'postgres' ? '((i - 1) / 5 + 1)' : '((i - 1) / 5 + 1)';
    await q(`${NUMBERS(watches)}
      INSERT INTO watches (id, "tokenHash", "productId", platform, "ruleKind", "targetPrice",
        channel, "subscriptionId", email, state, "priceAtCreation", "lastUsedAt", "createdAt")
      SELECT ${pid('i', dialect, '10000000')}, 't' || i,
        ${pid(product, dialect)}, NULL,
        CASE WHEN i % 5 = 1 THEN 'any' ELSE 'below' END,
        CASE WHEN i % 5 = 1 THEN NULL ELSE 50000 END,
        'push', i, NULL, 'active', 100000 + ${product}, ${now}, ${now}
      FROM nums`);
  });
  if (dialect === 'postgres') {
    await db.sequelize.query(
      `SELECT setval(pg_get_serial_sequence('push_subscriptions', 'id'), (SELECT max(id) FROM push_subscriptions))`,
    );
    await db.sequelize.query('ANALYZE');
  }
  return (performance.now() - started) / 1000;
}

function rssMb(): number {
  return Math.round(process.memoryUsage().rss / 1024 / 1024);
}

async function runDialect(dialect: BenchDialect): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-watches-'));
  const postgres = dialect === 'postgres' ? await createScratchPostgres('watches') : null;
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const keys = {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: auth.toString('base64url'),
  };
  let running: RunningServer | null = null;
  let push: CountingPushService | null = null;
  let peak = rssMb();
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 100);
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? '',
      SESSION_SECRET: 'bench',
      FETCH_ALLOW_PRIVATE: 'true',
      SEED_DEMO: 'true',
      ADMIN_USERNAME: 'bench-admin',
      ADMIN_PASSWORD: 'bench-password-123',
      WATCH_SWEEP_MS: String(60 * 60_000),
      WATCH_DEBOUNCE_MS: '200',
    });
    running = await startServer({
      config: { ...config, port: 0, host: '127.0.0.1' },
      log: () => undefined,
    });
    push = new CountingPushService(config.watches.vapid.publicKey, ecdh, auth);
    await push.start();
    const seedSeconds = await seed(running, dialect, push, keys);
    // The start's own full pass (before the seed) is done; the high-water mark is set by a
    // pass over the seeded prices, which fires nothing (no price is under its reference).
    await running.watches.run(true);
    const before = push.received;
    const baseline = rssMb();

    const started = performance.now();
    await running.db.write((transaction) =>
      running!.db.sequelize.query(
        `UPDATE platform_links SET "priceValue" = "priceValue" * 8 / 10,
           price = 'Rp ' || ("priceValue" * 8 / 10)
         WHERE "productId" IN (SELECT id FROM products WHERE title LIKE 'Bench pantau %'
           ORDER BY id LIMIT ${DROPS})`,
        { transaction },
      ),
    );
    const dropSeconds = (performance.now() - started) / 1000;
    const due = DROPS;
    // What an import or a feed does after its writes: publish the catalogue change.
    running.watches.wake();
    while (push.received - before < due) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (performance.now() - started > 15 * 60_000) throw new Error('not drained in 15 minutes');
    }
    const deliveredSeconds = (performance.now() - started) / 1000;
    // Anything sent twice would show up now: another pass, and a moment for stragglers.
    await running.watches.run(false);
    await running.watches.run(true);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const twice = [...push.counts.values()].filter((count) => count > 1).length;
    const notDue = [...push.counts.keys()].filter((name) => {
      const n = Number(name.split('/').pop());
      return n % 5 !== 1 || Math.floor((n - 1) / 5) + 1 > DROPS;
    }).length;
    const [left] = await running.db.sequelize.query<{ n: number }>(
      'SELECT count(*) AS n FROM watch_notifications',
      { type: QueryTypes.SELECT },
    );
    const figures = {
      products: PRODUCTS,
      watches: PRODUCTS * WATCHES_PER_PRODUCT,
      drops: DROPS,
      due,
      delivered: push.received - before,
      sentTwice: twice,
      deliveredNotDue: notDue,
      rejectedByPushService: push.rejected,
      queueLeft: Number(left?.n ?? 0),
      sampledPayloads: push.sampled,
      samplePayload: push.sampleBodies[0] ?? null,
      seedSeconds: Number(seedSeconds.toFixed(1)),
      priceUpdateSeconds: Number(dropSeconds.toFixed(2)),
      secondsToEveryNotification: Number(deliveredSeconds.toFixed(2)),
      notificationsPerSecond: Math.round(due / deliveredSeconds),
      rssBeforeDropMb: baseline,
      peakRssMb: Math.max(peak, rssMb()),
      loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
    };
    console.log(
      `\n== Price watches on ${dialect}: ${DROPS} drops over ${figures.watches} watches ==`,
    );
    console.log(
      `fan-out: ${figures.delivered}/${due} due notifications at the push service in ${figures.secondsToEveryNotification} s (${figures.notificationsPerSecond}/s; price update ${figures.priceUpdateSeconds} s)`,
    );
    console.log(
      `         sent twice: ${twice}; delivered but not due: ${notDue}; refused by the push service: ${push.rejected}; queue left: ${figures.queueLeft}`,
    );
    console.log(
      `memory : peak RSS ${figures.peakRssMb} MB (server and push service in one process; ${baseline} MB before the drop)`,
    );
    console.log(`sample : ${figures.samplePayload}`);
    return figures;
  } finally {
    clearInterval(sampler);
    await running?.close();
    await push?.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function run(): Promise<Record<string, unknown>> {
  return runOnDialects('BENCH_WATCH_DIALECT', runDialect);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
