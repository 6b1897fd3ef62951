import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { inject } from 'vitest';
import type {
  AdminProductListResponse,
  Category,
  PlatformLink,
  Product,
  StatsResponse,
  WatchCreated,
  WatchStatus,
} from '@shared/types';
import { WATCH_MESSAGES } from '@shared/schemas/watch';
import { loadWatchesConfig, type WatchesConfig } from '../src/watches/config';
import { createWatch, endpointProblem } from '../src/watches/store';
import { closePushAgents, sendPush } from '../src/watches/push';
import { WatchSender } from '../src/watches/sender';
import { evaluateWatches, IN_FLIGHT_PATIENCE_MS } from '../src/watches/evaluate';
import { openDatabase } from '../src/db/database';
import { startServer, type RunningServer } from '../src/server';
import { TestClient } from './support/client';
import { createTestDatabase, type TestDialect } from './support/databases';
import { FakePushService } from './support/fake-push-service';
import { unique, validProduct } from './support/fixtures';
import { ADMIN_PASSWORD, ADMIN_USERNAME, testConfig } from './support/server';
import { SmtpSink } from './support/smtp-sink';

const DAY_MS = 24 * 60 * 60 * 1000;
const WAIT = { timeout: 20_000, interval: 50 };

/**
 * Price watches over HTTP on both databases (DESIGN.md, "Price watches"): a local fake push
 * service checks the VAPID signature and decrypts each payload; a local SMTP server receives
 * the mails. Price changes go through the admin API, as staff make them.
 */
class WatchFixture {
  running!: RunningServer;
  url = '';
  visitor!: TestClient;
  admin!: TestClient;
  categories: Category[] = [];
  readonly vapid = webpush.generateVAPIDKeys();
  readonly push = new FakePushService(() => this.vapid.publicKey);
  readonly smtp = new SmtpSink();
  private drop: () => Promise<void> = async () => undefined;

  constructor(readonly dialect: TestDialect) {}

  async start(): Promise<void> {
    await this.push.start();
    await this.smtp.start();
    const template = inject('databaseTemplates')[this.dialect];
    const database = await createTestDatabase(this.dialect, {
      ...template,
      drop: async () => undefined,
    });
    const config = testConfig(database);
    const watches: WatchesConfig = {
      ...config.watches,
      vapid: { ...this.vapid, subject: 'mailto:ops@diskonradar.test' },
      smtpUrl: this.smtp.url,
      allowTestEndpoints: true,
      retryBaseMs: 100,
      debounceMs: 50,
      pollMs: 100,
      sweepMs: 60 * 60_000,
    };
    this.running = await startServer({ config: { ...config, watches }, log: () => undefined });
    this.url = `http://127.0.0.1:${this.running.port}`;
    this.drop = () => database.drop();
    this.visitor = new TestClient(this.url);
    this.admin = new TestClient(this.url);
    const login = await this.admin.post('/api/admin/login', {
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
    });
    expect(login.status).toBe(200);
    this.categories = (await this.visitor.get<Category[]>('/api/categories')).body;
  }

  async close(): Promise<void> {
    await this.running?.close();
    await this.drop();
    await this.push.close();
    await this.smtp.close();
  }

  /** A product with one Shopee link at `price` rupiah (and a dearer Tokopedia one). */
  async product(price: number): Promise<{ product: Product; link: PlatformLink }> {
    const created = await this.admin.post<Product>('/api/admin/products', {
      ...validProduct(this.categories[0]!.id),
      title: `Pantau ${unique()}`,
    });
    expect(created.status).toBe(201);
    const link = await this.admin.post<PlatformLink>('/api/admin/platform-links', {
      productId: created.body.id,
      platform: 'Shopee',
      affiliateUrl: `https://shopee.co.id/${unique()}`,
      price: String(price),
    });
    expect(link.status).toBe(201);
    const other = await this.admin.post('/api/admin/platform-links', {
      productId: created.body.id,
      platform: 'Tokopedia',
      affiliateUrl: `https://tokopedia.com/${unique()}`,
      price: String(price * 2),
    });
    expect(other.status).toBe(201);
    return { product: created.body, link: link.body };
  }

  async setPrice(link: PlatformLink, price: number): Promise<void> {
    const res = await this.admin.put(`/api/admin/platform-links/${link.id}`, {
      platform: link.platform,
      affiliateUrl: link.affiliateUrl,
      price: String(price),
    });
    expect(res.status).toBe(200);
  }

  async watch(body: Record<string, unknown>): Promise<WatchCreated> {
    const res = await this.visitor.post<WatchCreated>('/api/watches', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }

  pushWatch(
    productId: string,
    name: string,
    rule: Record<string, unknown> = { kind: 'any' },
    script: number[] = [],
  ) {
    const subscription = this.push.subscribe(name, script);
    return this.watch({ productId, rule, channel: { push: subscription.toJSON() } });
  }

  /**
   * A watch that fires on its own product's drop: once it has arrived, every price change made
   * before it has been evaluated (passes run in order over every newer price point).
   */
  async sentinel(): Promise<void> {
    const name = `sentinel-${unique()}`;
    const { product, link } = await this.product(500_000);
    await this.pushWatch(product.id, name);
    await this.setPrice(link, 400_000);
    await vi.waitFor(() => expect(this.push.deliveries(name)).toHaveLength(1), WAIT);
  }

  query<T extends object>(sql: string, replacements: unknown[] = []): Promise<T[]> {
    return this.running.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }
}

describe('push endpoint policy (no server)', () => {
  const production = loadWatchesConfig(
    { VAPID_PUBLIC_KEY: 'a', VAPID_PRIVATE_KEY: 'b' },
    '/nonexistent',
    'production',
    null,
  );

  it('refuses plain http and private addresses unless the tests opt in', () => {
    expect(production.allowTestEndpoints).toBe(false);
    expect(endpointProblem('http://push.example.com/x', production)).toBe(WATCH_MESSAGES.endpoint);
    expect(endpointProblem('https://127.0.0.1/x', production)).toBe(WATCH_MESSAGES.endpointAddress);
    expect(endpointProblem('https://[::1]/x', production)).toBe(WATCH_MESSAGES.endpointAddress);
    expect(endpointProblem('https://10.1.2.3/x', production)).toBe(WATCH_MESSAGES.endpointAddress);
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', production)).toBeNull();
    // FETCH_ALLOW_PRIVATE only counts with NODE_ENV=test.
    const env = { VAPID_PUBLIC_KEY: 'a', VAPID_PRIVATE_KEY: 'b', FETCH_ALLOW_PRIVATE: 'true' };
    expect(loadWatchesConfig(env, '/x', 'development', null).allowTestEndpoints).toBe(false);
    expect(loadWatchesConfig(env, '/x', 'test', null).allowTestEndpoints).toBe(true);
  });

  it('does not connect to a private address when sending', async () => {
    const vapid = webpush.generateVAPIDKeys();
    const push = new FakePushService(() => vapid.publicKey);
    await push.start();
    try {
      const subscription = push.subscribe('guarded').toJSON();
      const https = subscription.endpoint.replace('http:', 'https:');
      const result = await sendPush({ endpoint: https, ...subscription.keys }, '{}', {
        ...production,
        vapid: { ...vapid, subject: 'mailto:a@b.test' },
      });
      expect(result.status).not.toBe(201);
      expect(push.attempts.get('guarded')).toBeUndefined();
    } finally {
      await push.close();
    }
  });

  it('sends again at once on a new connection when a kept-alive one was closed under it', async () => {
    const vapid = webpush.generateVAPIDKeys();
    const push = new FakePushService(() => vapid.publicKey);
    await push.start();
    const config = {
      ...production,
      allowTestEndpoints: true,
      vapid: { ...vapid, subject: 'mailto:a@b.test' },
    };
    try {
      const subscription = push.subscribe('reused').toJSON();
      const target = { endpoint: subscription.endpoint, ...subscription.keys };
      expect((await sendPush(target, '{"n":1}', config)).status).toBe(201);
      push.resetNextReusedConnection();
      // Without the resend this answer is "socket hang up", and the queue's backoff (30 s by
      // default) delays a notification the service never refused.
      expect(await sendPush(target, '{"n":2}', config)).toEqual({ status: 201 });
      expect(push.reusedRequests).toBe(1);
      expect(push.deliveries('reused').map((d) => d.payload)).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      closePushAgents(config);
      await push.close();
    }
  });
});

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`price watches (${dialect})`, () => {
    const api = new WatchFixture(dialect);
    beforeAll(() => api.start());
    afterAll(() => api.close());

    it('publishes the VAPID key and offers e-mail when SMTP_URL is set', async () => {
      const res = await api.visitor.get('/api/push/public-key');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ publicKey: api.vapid.publicKey, emailEnabled: true });
    });

    it('refuses bad watches with the field messages', async () => {
      const { product } = await api.product(100_000);
      const res = await api.visitor.post<{ message: string; errors: Record<string, string> }>(
        '/api/watches',
        {
          productId: product.id,
          platform: 'Amazon',
          rule: { kind: 'below', price: -5 },
          channel: { push: { endpoint: 'ftp://x', keys: { p256dh: 'x', auth: 'y' } } },
        },
      );
      expect(res.status).toBe(400);
      expect(res.body.errors.platform).toBe(WATCH_MESSAGES.platform);
      expect(res.body.errors['rule.price']).toBe(WATCH_MESSAGES.price);
      const unknown = await api.visitor.post('/api/watches', {
        productId: '00000000-0000-4000-8000-000000000000',
        rule: { kind: 'any' },
        channel: { push: api.push.subscribe(`x-${unique()}`).toJSON() },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: WATCH_MESSAGES.product });
      const ftp = await api.visitor.post('/api/watches', {
        productId: product.id,
        rule: { kind: 'any' },
        channel: {
          push: { ...api.push.subscribe(`x-${unique()}`).toJSON(), endpoint: 'ftp://a/b' },
        },
      });
      expect(ftp.status).toBe(400);
    });

    it('keeps a watch under its token only, and lists the watchlist state', async () => {
      const { product } = await api.product(200_000);
      const created = await api.pushWatch(product.id, `list-${unique()}`);
      expect(created.state).toBe('active');
      expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const one = await api.visitor.get<WatchStatus>(
        `/api/watches/${created.id}?token=${created.token}`,
      );
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({
        id: created.id,
        productId: product.id,
        rule: { kind: 'any' },
        state: 'active',
        priceAtCreation: 200_000,
        priceNow: 200_000,
        change: 0,
        product: { title: product.title, url: `/?produk=${product.id}` },
      });
      const wrong = 'A'.repeat(43);
      expect((await api.visitor.get(`/api/watches/${created.id}?token=${wrong}`)).status).toBe(404);
      const list = await api.visitor.get<{ watches: WatchStatus[] }>(
        `/api/watches?tokens=${created.token},${wrong}`,
      );
      expect(list.status).toBe(200);
      expect(list.body.watches.map((watch) => watch.id)).toEqual([created.id]);
      expect((await api.visitor.get('/api/watches?tokens=nope')).status).toBe(400);
      // Only a hash of the token is stored.
      const rows = await api.query<{ tokenHash: string }>(
        'SELECT "tokenHash" FROM watches WHERE id = ?',
        [created.id],
      );
      expect(rows[0]!.tokenHash).not.toContain(created.token);
      const removed = await api.visitor.delete(`/api/watches/${created.id}?token=${created.token}`);
      expect(removed.status).toBe(204);
      expect(
        (await api.visitor.get(`/api/watches/${created.id}?token=${created.token}`)).status,
      ).toBe(404);
    });

    it('tells a drop once, not again for a small fall, again for 5% more', async () => {
      const name = `drop-${unique()}`;
      const { product, link } = await api.product(1_299_000);
      const created = await api.pushWatch(product.id, name);
      await api.setPrice(link, 1_099_000);
      await vi.waitFor(() => expect(api.push.deliveries(name)).toHaveLength(1), WAIT);
      const [first] = api.push.deliveries(name);
      expect(first!.payload).toMatchObject({
        title: 'Harga turun',
        body: 'Harga turun: Rp 1.099.000 di Shopee, sebelumnya Rp 1.299.000',
        url: `/?produk=${product.id}`,
      });
      expect(first!.ttl).toBeGreaterThan(0);
      expect(api.push.rejected).toEqual([]);

      // 1,089,000 is under 1,099,000 but less than 5% under it, within the day: not told.
      await api.setPrice(link, 1_089_000);
      await api.sentinel();
      expect(api.push.deliveries(name)).toHaveLength(1);

      // 1,040,000 is more than 5% under 1,099,000: told at once.
      await api.setPrice(link, 1_040_000);
      await vi.waitFor(() => expect(api.push.deliveries(name)).toHaveLength(2), WAIT);
      expect(api.push.deliveries(name)[1]!.payload.body).toBe(
        'Harga turun: Rp 1.040.000 di Shopee, sebelumnya Rp 1.099.000',
      );
      const state = await api.visitor.get<WatchStatus>(
        `/api/watches/${created.id}?token=${created.token}`,
      );
      expect(state.body).toMatchObject({
        priceAtCreation: 1_299_000,
        priceNow: 1_040_000,
        change: -259_000,
        lastNotifiedPrice: 1_040_000,
      });
      expect(state.body.lastNotifiedAt).not.toBeNull();
      // The sent row is deleted once its batch is recorded (just after the push arrived).
      await vi.waitFor(async () => {
        const pending = await api.query<{ n: number }>(
          'SELECT count(*) AS n FROM watch_notifications n JOIN watches w ON w.id = n."watchId" WHERE w."productId" = ?',
          [product.id],
        );
        expect(Number(pending[0]!.n)).toBe(0);
      }, WAIT);
    });

    it('tells a target price only once it is reached, on the watched marketplace', async () => {
      const name = `below-${unique()}`;
      const { product, link } = await api.product(1_200_000);
      await api.pushWatch(product.id, name, { kind: 'below', price: 1_000_000 });
      const tokopedia = `toko-${unique()}`;
      const subscription = api.push.subscribe(tokopedia);
      await api.watch({
        productId: product.id,
        platform: 'Tokopedia',
        rule: { kind: 'any' },
        channel: { push: subscription.toJSON() },
      });
      await api.setPrice(link, 1_050_000);
      await api.sentinel();
      expect(api.push.deliveries(name)).toHaveLength(0);
      await api.setPrice(link, 990_000);
      await vi.waitFor(() => expect(api.push.deliveries(name)).toHaveLength(1), WAIT);
      expect(api.push.deliveries(name)[0]!.payload.body).toBe(
        'Harga turun: Rp 990.000 di Shopee, sebelumnya Rp 1.200.000',
      );
      // The Tokopedia watch is not told about Shopee.
      await api.sentinel();
      expect(api.push.deliveries(tokopedia)).toHaveLength(0);
    });

    it('retries a push service error with backoff and delivers once', async () => {
      const name = `retry-${unique()}`;
      const { product, link } = await api.product(300_000);
      await api.pushWatch(product.id, name, { kind: 'any' }, [500, 503, 201]);
      await api.setPrice(link, 250_000);
      await vi.waitFor(() => expect(api.push.deliveries(name)).toHaveLength(1), WAIT);
      expect(api.push.attempts.get(name)).toBe(3);
    });

    it.runIf(dialect === 'postgres')(
      'tells a drop whose transaction commits after a later change was evaluated',
      async () => {
        const name = `late-${unique()}`;
        const { product, link } = await api.product(800_000);
        await api.pushWatch(product.id, name);
        const { sequelize } = api.running.db;
        const late = await sequelize.transaction();
        try {
          // The drop's price point takes its id now; a later change is evaluated before it commits.
          await sequelize.query('UPDATE platform_links SET "priceValue" = ? WHERE id = ?', {
            replacements: [700_000, link.id],
            transaction: late,
          });
          await api.sentinel();
        } catch (error) {
          await late.rollback();
          throw error;
        }
        await late.commit();
        expect(api.push.deliveries(name)).toHaveLength(0);
        // The next change's pass (not the sweep, an hour away here) looks at it.
        await api.sentinel();
        await vi.waitFor(() => expect(api.push.deliveries(name)).toHaveLength(1), WAIT);
        expect(api.push.deliveries(name)[0]!.payload.body).toBe(
          'Harga turun: Rp 700.000 di Shopee, sebelumnya Rp 800.000',
        );
      },
    );

    it.runIf(dialect === 'postgres')(
      'waits for a missing price point id only while a write could still commit it',
      async () => {
        const { link } = await api.product(600_000);
        const { sequelize } = api.running.db;
        const newest = async () =>
          Number(
            (await api.query<{ id: string }>('SELECT max(id) AS id FROM price_points'))[0]!.id,
          );
        const before = await newest();
        const rolledBack = await sequelize.transaction();
        await sequelize.query('UPDATE platform_links SET "priceValue" = ? WHERE id = ?', {
          replacements: [590_000, link.id],
          transaction: rolledBack,
        });
        await rolledBack.rollback();
        await api.setPrice(link, 580_000);
        const after = await newest();
        expect(after).toBe(before + 2);
        const now = Date.now();
        const pass = { full: false, after: before };
        expect((await evaluateWatches(api.running.db, pass, now)).highWater).toBe(before);
        const later = now + IN_FLIGHT_PATIENCE_MS + 60_000;
        expect((await evaluateWatches(api.running.db, pass, later)).highWater).toBe(after);
      },
    );

    it('deletes the subscription and its watches when the push service answers 410', async () => {
      const name = `gone-${unique()}`;
      const { product, link } = await api.product(400_000);
      const created = await api.pushWatch(product.id, name, { kind: 'any' }, [410]);
      await api.setPrice(link, 350_000);
      await vi.waitFor(async () => {
        const res = await api.visitor.get(`/api/watches/${created.id}?token=${created.token}`);
        expect(res.status).toBe(404);
      }, WAIT);
      expect(api.push.deliveries(name)).toHaveLength(0);
      const endpoint = api.push.subscribe(`${name}-probe`).endpoint.replace(`${name}-probe`, name);
      const left = await api.query<{ n: number }>(
        'SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = ?',
        [endpoint],
      );
      expect(Number(left[0]!.n)).toBe(0);
    });

    it('e-mail: double opt-in, drop mail with an unsubscribe link, unsubscribe', async () => {
      const email = `pembeli-${unique()}@contoh.test`;
      const { product, link } = await api.product(800_000);
      const created = await api.watch({
        productId: product.id,
        rule: { kind: 'any' },
        channel: { email: email.toUpperCase() },
      });
      expect(created.state).toBe('pending');
      await vi.waitFor(() => expect(api.smtp.mailsTo(email)).toHaveLength(1), WAIT);
      const confirmMail = api.smtp.mailsTo(email)[0]!;
      const confirmUrl = /(http:\/\/\S+\/confirm\?expires=\d+&key=[\w-]+)/.exec(
        confirmMail.text,
      )?.[1];
      expect(confirmUrl).toBeDefined();

      // Pending: a drop is not told.
      await api.setPrice(link, 790_000);
      await api.sentinel();
      expect(api.smtp.mailsTo(email)).toHaveLength(1);
      // Back where the watch was made: once active, any pass may run (a retry after a price
      // point id gap, the sweep) and a price still under 800.000 would be told then.
      await api.setPrice(link, 800_000);
      await api.sentinel();

      // A tampered link (a later expiry) is refused; the real one activates.
      const tampered = confirmUrl!.replace(
        /expires=(\d+)/,
        (_, n: string) => `expires=${Number(n) + 1}`,
      );
      const refused = await fetch(tampered);
      expect(refused.status).toBe(404);
      expect(await refused.text()).toContain('Tautan tidak berlaku');
      const confirmed = await fetch(confirmUrl!);
      expect(confirmed.status).toBe(200);
      expect(await confirmed.text()).toContain('Pantauan harga aktif');
      const state = await api.visitor.get<WatchStatus>(
        `/api/watches/${created.id}?token=${created.token}`,
      );
      expect(state.body.state).toBe('active');

      await api.setPrice(link, 700_000);
      await vi.waitFor(() => expect(api.smtp.mailsTo(email)).toHaveLength(2), WAIT);
      const dropMail = api.smtp.mailsTo(email)[1]!;
      expect(dropMail.text).toContain('Harga turun: Rp 700.000 di Shopee, sebelumnya Rp 800.000');
      const unsubscribeUrl = /(http:\/\/\S+\/unsubscribe\?key=[\w-]+)/.exec(dropMail.text)?.[1];
      expect(unsubscribeUrl).toBeDefined();
      expect(dropMail.headers.get('list-unsubscribe')).toContain(unsubscribeUrl);
      const gone = await fetch(unsubscribeUrl!);
      expect(gone.status).toBe(200);
      expect(await gone.text()).toContain('Pantauan dihapus');
      expect(
        (await api.visitor.get(`/api/watches/${created.id}?token=${created.token}`)).status,
      ).toBe(404);
    });

    it('refuses the e-mail channel without SMTP_URL', async () => {
      const { product } = await api.product(90_000);
      const config = { ...api.running.config.watches, smtpUrl: null };
      await expect(
        createWatch(
          api.running.db,
          { productId: product.id, rule: { kind: 'any' }, channel: { email: 'a@b.test' } },
          { config, address: '192.0.2.1', now: Date.now() },
        ),
      ).rejects.toMatchObject({ status: 400, message: WATCH_MESSAGES.emailDisabled });
    });

    it('expires watches unused for 180 days', async () => {
      const { product } = await api.product(60_000);
      const stale = await api.pushWatch(product.id, `stale-${unique()}`);
      const fresh = await api.pushWatch(product.id, `fresh-${unique()}`);
      await api.running.db.sequelize.query('UPDATE watches SET "lastUsedAt" = ? WHERE id = ?', {
        replacements: [Date.now() - 181 * DAY_MS, stale.id],
      });
      expect(await api.running.watches.housekeeping()).toBeGreaterThanOrEqual(1);
      expect((await api.visitor.get(`/api/watches/${stale.id}?token=${stale.token}`)).status).toBe(
        404,
      );
      expect((await api.visitor.get(`/api/watches/${fresh.id}?token=${fresh.token}`)).status).toBe(
        200,
      );
    });

    it('shows staff the active watches: product list, CSV export, dashboard', async () => {
      const { product } = await api.product(55_000);
      await api.pushWatch(product.id, `staff-a-${unique()}`);
      await api.pushWatch(product.id, `staff-b-${unique()}`);
      // Pending e-mail watches are not counted until confirmed.
      await api.watch({
        productId: product.id,
        rule: { kind: 'any' },
        channel: { email: `staf-${unique()}@contoh.test` },
      });
      const list = await api.admin.get<AdminProductListResponse>(
        `/api/admin/products?page=1&search=${encodeURIComponent(product.title)}`,
      );
      expect(list.status).toBe(200);
      const row = list.body.products.find((item) => item.id === product.id);
      expect(row?.watchCount).toBe(2);
      const csv = await api.admin.get<string>(
        `/api/admin/exports/products.csv?search=${encodeURIComponent(product.title)}`,
      );
      expect(csv.status).toBe(200);
      const [header, line] = csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(header!.split(',').at(-1)).toBe('watches');
      expect(line!.split(',').at(-1)).toBe('2');
      const stats = await api.admin.get<StatsResponse>('/api/admin/stats');
      const [counted] = await api.query<{ n: number }>(
        "SELECT count(*) AS n FROM watches WHERE state = 'active'",
      );
      expect(stats.body.activeWatches).toBe(Number(counted!.n));
      expect(stats.body.activeWatches).toBeGreaterThanOrEqual(2);
    });

    it.runIf(dialect === 'postgres')(
      'shares the queue between processes: three senders, every notification sent once',
      async () => {
        const { product } = await api.product(120_000);
        const tag = `shared-${unique()}`;
        const ids: string[] = [];
        for (let n = 0; n < 60; n++) ids.push((await api.pushWatch(product.id, `${tag}-${n}`)).id);
        // Two more senders on their own connection pools, as two more processes would be.
        const others = await Promise.all(
          [1, 2].map(() =>
            openDatabase({ databaseUrl: api.running.config.databaseUrl, dataDir: '/nonexistent' }),
          ),
        );
        try {
          const senders = others.map(
            (db) =>
              new WatchSender({
                db,
                config: api.running.config.watches,
                mailer: api.running.watches.mailer,
                siteOrigin: () => api.url,
                sessionSecret: 'x',
                log: () => undefined,
              }),
          );
          const now = Date.now();
          await api.running.db.sequelize.query(
            `INSERT INTO watch_notifications ("watchId", batch, price, "previousPrice", platform,
               state, attempts, "nextAttemptAt", "createdAt")
             SELECT id, 'test', 100000, 120000, 'Shopee', 'pending', 0, ?, ? FROM watches
             WHERE id IN (?)`,
            { replacements: [now, now, ids] },
          );
          // The server's own poll competes with these two.
          await Promise.all(senders.map((sender) => sender.drain()));
          await vi.waitFor(() => {
            const names = api.push.received.filter((push) => push.name.startsWith(tag));
            expect(names).toHaveLength(60);
          }, WAIT);
          const names = api.push.received
            .filter((push) => push.name.startsWith(tag))
            .map((push) => push.name);
          expect(new Set(names).size).toBe(60);
        } finally {
          await Promise.all(others.map((db) => db.close()));
        }
      },
    );

    it('limits new watches per subscription, held per subscription and per address', async () => {
      const { product } = await api.product(70_000);
      const subscription = api.push.subscribe(`limits-${unique()}`).toJSON();
      const body = {
        productId: product.id,
        rule: { kind: 'any' },
        channel: { push: subscription },
      };
      await api.watch(body);
      const [sub] = await api.query<{ id: number }>(
        'SELECT id FROM push_subscriptions WHERE endpoint = ?',
        [subscription.endpoint],
      );
      // The day's count as if 99 more had been made.
      await api.running.db.sequelize.query(`UPDATE shared_limits SET hits = 100 WHERE "key" = ?`, {
        replacements: [`watch:sub:${sub!.id}`],
      });
      const tooMany = await api.visitor.post('/api/watches', body);
      expect(tooMany.status).toBe(429);
      expect(tooMany.body).toEqual({ message: WATCH_MESSAGES.tooManyPerSubscription });

      // 500 held by one subscription.
      const held = api.push.subscribe(`held-${unique()}`).toJSON();
      const heldBody = { ...body, channel: { push: held } };
      await api.watch(heldBody);
      const [heldSub] = await api.query<{ id: number }>(
        'SELECT id FROM push_subscriptions WHERE endpoint = ?',
        [held.endpoint],
      );
      await api.running.db.sequelize.query(
        `INSERT INTO watches (id, "tokenHash", "productId", "ruleKind", channel, "subscriptionId",
           state, "lastUsedAt", "createdAt")
         SELECT ${dialect === 'postgres' ? 'gen_random_uuid()' : `lower(hex(randomblob(16)))`},
           ${dialect === 'postgres' ? 'md5(random()::text)' : 'lower(hex(randomblob(32)))'},
           ?, 'any', 'push', ?, 'active', ?, ?
         FROM (SELECT 1 FROM products LIMIT 1) one, (${Array.from({ length: 499 }, (_, i) => `SELECT ${i} AS n`).join(' UNION ALL ')}) nums`,
        { replacements: [product.id, heldSub!.id, Date.now(), Date.now()] },
      );
      const full = await api.visitor.post('/api/watches', heldBody);
      expect(full.status).toBe(429);
      expect(full.body).toEqual({ message: WATCH_MESSAGES.tooManyHeld });

      // 1,000 a day from one address (this test client's 127.0.0.1).
      await api.running.db.sequelize.query(
        `UPDATE shared_limits SET hits = 1000 WHERE "key" = 'watch:ip:127.0.0.1'`,
      );
      const fromAddress = await api.visitor.post('/api/watches', {
        ...body,
        channel: { push: api.push.subscribe(`addr-${unique()}`).toJSON() },
      });
      expect(fromAddress.status).toBe(429);
      expect(fromAddress.body).toEqual({ message: WATCH_MESSAGES.tooManyPerAddress });
      await api.running.db.sequelize.query(`DELETE FROM shared_limits WHERE "key" LIKE 'watch:%'`);
    });
  });
}
