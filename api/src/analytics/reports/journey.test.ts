import { expect, it } from 'vitest';
import type {
  DevicesReport,
  FunnelReport,
  ProductsReport,
  SourcesReport,
} from '@shared/schemas/analytics-reports';
import type { AnalyticsDashboard } from '@shared/types';
import { BOT_UA, TestSocket, wsUrl } from '../../../test/analytics-support';
import { describeApi, type ApiFixture } from '../../../test/support/api';
import { rebuildAllRollups } from '../rollups';

const unique = () => Math.random().toString(36).slice(2, 10);
let version = 100;
/** A phone's Chrome, its version unique so each journey is a visitor of its own. */
const phoneUa = () =>
  `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.${version++}.0 Mobile Safari/537.36`;
const desktopUa = () =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.${version++}.0 Safari/537.36`;

interface Landing {
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  webdriver?: boolean;
}

/** Everything the staff reports show for today, read through the API. */
async function readAll(api: ApiFixture, campaign: string, query = '') {
  const get = async <T>(path: string) => {
    const res = await api.admin.get<T>(`/api/admin/analytics/${path}`);
    expect(res.status, `${path}: ${res.text}`).toBe(200);
    return res.body;
  };
  const join = (path: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;
  return {
    dashboard: await get<AnalyticsDashboard>(join('dashboard')),
    groups: await get<SourcesReport>(join('sources?by=group')),
    campaigns: await get<SourcesReport>(join('sources?by=utm_campaign')),
    referrers: await get<SourcesReport>(join('sources?by=referrer')),
    funnel: await get<FunnelReport>(join(`funnel?campaign=${campaign}`)),
    allFunnel: await get<FunnelReport>(join('funnel')),
    products: await get<ProductsReport>(join('products?limit=100&sort=views')),
    devices: await get<DevicesReport>(join('devices')),
  };
}

const row = (report: SourcesReport, key: string) =>
  report.sources.find((source) => source.key === key) ?? {
    key,
    visits: 0,
    productViews: 0,
    clicks: 0,
    ctr: 0,
  };
const deviceVisits = (report: DevicesReport, device: string) =>
  report.devices.find((d) => d.device === device)?.visits ?? 0;
const browserVisits = (report: DevicesReport, browser: string) =>
  report.browsers.find((b) => b.browser === browser)?.visits ?? 0;

describeApi('analytics staff reports: journeys', (api) => {
  let productId = '';
  let categoryId = '';
  let linkId = 0;

  const setUp = async () => {
    if (linkId) return;
    const product = await api.createProduct({ title: `Journey ${unique()}` });
    productId = product.id;
    categoryId = product.categoryId;
    const link = await api.addLink<{ id: number }>(
      product.id,
      'Shopee',
      'https://shopee.co.id/journey',
      'Rp 150.000',
    );
    expect(link.status).toBe(201);
    linkId = link.body.id;
  };

  /** Waits until the server wrote everything sent so far (clicks included). */
  const flush = async () => {
    await api.server.running.go.settle();
    await api.server.running.analytics.buffer.flush();
  };

  const go = (userAgent: string) =>
    fetch(`${api.url}/go/${linkId}`, { redirect: 'manual', headers: { 'user-agent': userAgent } });

  /** A visit over the socket: landing page view, optionally a product view. */
  const visit = async (userAgent: string, landing: Landing, viewProduct: boolean) => {
    const socket = await TestSocket.open(wsUrl(api.url), { userAgent });
    const sessionId = `journey-${unique()}`;
    socket.send({
      type: 'session',
      sessionId,
      userAgent,
      referrer: landing.referrer ?? '',
      timestamp: Date.now(),
    });
    socket.send({
      type: 'pageview',
      sessionId,
      path: '/',
      title: 'DiskonRadar',
      timestamp: Date.now(),
      landing: true,
      ...landing,
    });
    if (viewProduct) {
      socket.send({
        type: 'event',
        sessionId,
        eventType: 'product_view',
        eventData: JSON.stringify({ productId, path: `/produk/${productId}` }),
        timestamp: Date.now(),
      });
    }
    await socket.settled();
    await socket.close();
    return sessionId;
  };

  it('shows one journey (visit, product view, /go click) the same in every report', async () => {
    await setUp();
    const campaign = `camp-${unique()}`;
    const before = await readAll(api, campaign);
    const ua = phoneUa();
    await visit(
      ua,
      {
        referrer: 'https://www.tiktok.com/@toko/video/1',
        utmSource: 'tiktok',
        utmMedium: 'video',
        utmCampaign: campaign,
      },
      true,
    );
    expect((await go(ua)).status).toBe(302);
    await flush();
    const after = await readAll(api, campaign);

    // Dashboard.
    expect(after.dashboard.visits - before.dashboard.visits).toBe(1);
    expect(after.dashboard.productViews - before.dashboard.productViews).toBe(1);
    expect(after.dashboard.clicks - before.dashboard.clicks).toBe(1);
    expect(after.dashboard.bots).toBe(before.dashboard.bots);
    // Sources: the group, the referrer host and the campaign.
    const social = row(after.groups, 'social');
    const socialBefore = row(before.groups, 'social');
    expect([
      social.visits - socialBefore.visits,
      social.productViews - socialBefore.productViews,
      social.clicks - socialBefore.clicks,
    ]).toEqual([1, 1, 1]);
    expect(row(after.campaigns, campaign)).toEqual({
      key: campaign,
      visits: 1,
      productViews: 1,
      clicks: 1,
      ctr: 100,
    });
    expect(
      row(after.referrers, 'tiktok.com').visits - row(before.referrers, 'tiktok.com').visits,
    ).toBe(1);
    expect(after.groups.totals.visits - before.groups.totals.visits).toBe(1);
    // Funnel: this campaign alone, and the whole site.
    expect(after.funnel.steps).toEqual([
      { step: 'visit', count: 1 },
      { step: 'product', count: 1 },
      { step: 'click', count: 1 },
    ]);
    expect(after.allFunnel.steps.map((s, i) => s.count - before.allFunnel.steps[i]!.count)).toEqual(
      [1, 1, 1],
    );
    // Products.
    const product = after.products.products.find((p) => p.id === productId);
    expect(product).toMatchObject({
      views: 1,
      clicks: 1,
      ctr: 100,
      watches: 0,
      lowestPrice: 150000,
    });
    expect(after.products.totals.views - before.products.totals.views).toBe(1);
    expect(after.products.totals.clicks - before.products.totals.clicks).toBe(1);
    // The admin product table's "Klik 7 hari".
    const list = await api.admin.get<{ products: Array<{ id: string; clicks7d: number }> }>(
      '/api/admin/products?page=1&limit=20&sort=newest',
    );
    expect(list.status).toBe(200);
    expect(list.body.products.find((p) => p.id === productId)?.clicks7d).toBe(1);
    // Devices, from the user agent on the server.
    expect(deviceVisits(after.devices, 'phone') - deviceVisits(before.devices, 'phone')).toBe(1);
    expect(browserVisits(after.devices, 'Chrome') - browserVisits(before.devices, 'Chrome')).toBe(
      1,
    );

    // Today's figures are the previous period of tomorrow's report.
    const day = (offset: number) =>
      new Date(Date.now() + 7 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    const today = await readAll(api, campaign, `from=${day(0)}&to=${day(0)}`);
    const next = await readAll(api, campaign, `from=${day(1)}&to=${day(1)}`);
    expect(next.groups.previousRange).toEqual(today.groups.range);
    expect(next.groups.previous.totals).toEqual(today.groups.totals);
    expect(next.groups.previous.sources).toEqual(today.groups.sources);
    expect(next.groups.totals).toEqual({ visits: 0, productViews: 0, clicks: 0, ctr: 0 });
    expect(next.funnel.previous.steps).toEqual(today.funnel.steps);
    expect(next.devices.previous.devices).toEqual(today.devices.devices);
    expect(next.products.previous.totals).toEqual(today.products.totals);
    expect(next.products.products.find((p) => p.id === productId)?.previous).toEqual({
      views: 1,
      clicks: 1,
      ctr: 100,
    });

    // The rollups rebuilt from the raw rows say the same.
    await rebuildAllRollups(api.server.running.db);
    const rebuilt = await readAll(api, campaign);
    expect(rebuilt.groups).toEqual(after.groups);
    expect(rebuilt.campaigns).toEqual(after.campaigns);
    expect(rebuilt.funnel).toEqual(after.funnel);
    expect(rebuilt.products.totals).toEqual(after.products.totals);
    expect(rebuilt.devices).toEqual(after.devices);
  });

  it('groups a seeded set of journeys by source, campaign and device, and leaves bots out', async () => {
    await setUp();
    const campaign = `promo-${unique()}`;
    const before = await readAll(api, campaign);
    // Google search, desktop, views a product, no click.
    await visit(desktopUa(), { referrer: 'https://www.google.co.id/' }, true);
    // WhatsApp share with the campaign, phone, views and clicks.
    const wa = phoneUa();
    await visit(
      wa,
      { referrer: 'https://wa.me/', utmSource: 'whatsapp', utmCampaign: campaign },
      true,
    );
    expect((await go(wa)).status).toBe(302);
    // Direct, campaign in the address only, no product.
    await visit(phoneUa(), { utmCampaign: campaign }, false);
    // A click without JavaScript: a visit of its own, direct, with its click.
    expect((await go(desktopUa())).status).toBe(302);
    // Bots: a crawler socket, a crawler on /go, an automated browser (navigator.webdriver).
    await visit(BOT_UA, { referrer: 'https://www.google.com/' }, true);
    expect((await go(BOT_UA)).status).toBe(302);
    await visit(desktopUa(), { referrer: 'https://kompas.com/', webdriver: true }, false);
    await flush();
    const after = await readAll(api, campaign);

    const delta = (key: string) => {
      const a = row(after.groups, key);
      const b = row(before.groups, key);
      return [a.visits - b.visits, a.productViews - b.productViews, a.clicks - b.clicks];
    };
    expect(delta('search')).toEqual([1, 1, 0]);
    expect(delta('social')).toEqual([1, 1, 1]);
    expect(delta('direct')).toEqual([2, 0, 1]);
    expect(delta('other')).toEqual([0, 0, 0]);
    expect(after.funnel.steps).toEqual([
      { step: 'visit', count: 2 },
      { step: 'product', count: 1 },
      { step: 'click', count: 1 },
    ]);
    expect(after.dashboard.visits - before.dashboard.visits).toBe(4);
    expect(after.dashboard.bots - before.dashboard.bots).toBe(3);
    expect(deviceVisits(after.devices, 'phone') - deviceVisits(before.devices, 'phone')).toBe(2);
    expect(deviceVisits(after.devices, 'desktop') - deviceVisits(before.devices, 'desktop')).toBe(
      2,
    );
    expect(after.products.totals.views - before.products.totals.views).toBe(2);
    expect(after.products.totals.clicks - before.products.totals.clicks).toBe(2);

    const csv = await api.admin.get<string>(
      `/api/admin/analytics/sources?by=utm_campaign&format=csv`,
    );
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(`${campaign},2,1,1,100,0,0,0,0\r\n`);
  });

  it('counts the funnel of one category and of one platform, and their previous period', async () => {
    await setUp();
    const funnels = async (query = '') => {
      const get = async (filter: string) => {
        const res = await api.admin.get<FunnelReport>(
          `/api/admin/analytics/funnel?${filter}${query ? `&${query}` : ''}`,
        );
        expect(res.status, `${filter}: ${res.text}`).toBe(200);
        return res.body;
      };
      return {
        category: await get(`categoryId=${encodeURIComponent(categoryId)}`),
        platform: await get('platform=Shopee'),
        site: await get(''),
      };
    };
    const counts = (report: FunnelReport) => report.steps.map((s) => s.count);
    const delta = (after: FunnelReport, before: FunnelReport) =>
      counts(after).map((count, i) => count - counts(before)[i]!);
    const before = await funnels();

    // Opens the product twice and clicks through to Shopee: once for the category.
    const a = phoneUa();
    await visit(a, { referrer: 'https://www.google.co.id/' }, true);
    expect((await go(a)).status).toBe(302);
    expect((await go(a)).status).toBe(302);
    // Opens the product, no click.
    await visit(desktopUa(), {}, true);
    // Home page only: not a visit of the category.
    await visit(phoneUa(), {}, false);
    // A click without JavaScript: its own visit, a click in the category and to Shopee.
    expect((await go(desktopUa())).status).toBe(302);
    // Bots count nowhere.
    await visit(BOT_UA, {}, true);
    expect((await go(BOT_UA)).status).toBe(302);
    await visit(desktopUa(), { webdriver: true }, true);
    await flush();
    const after = await funnels();

    expect(delta(after.category, before.category)).toEqual([3, 2, 2]);
    expect(delta(after.site, before.site)).toEqual([4, 2, 2]);
    // The platform is known only at the click: the site's visits and product visits, then the
    // visits that clicked through to it.
    expect(counts(after.platform).slice(0, 2)).toEqual(counts(after.site).slice(0, 2));
    expect(delta(after.platform, before.platform)).toEqual([4, 2, 2]);
    const other = await api.admin.get<FunnelReport>('/api/admin/analytics/funnel?platform=Lazada');
    expect(other.body.steps[2]).toEqual({ step: 'click', count: 0 });

    // Today is tomorrow's previous period.
    const day = (offset: number) =>
      new Date(Date.now() + 7 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    const today = await funnels(`from=${day(0)}&to=${day(0)}`);
    const next = await funnels(`from=${day(1)}&to=${day(1)}`);
    for (const key of ['category', 'platform'] as const) {
      expect(next[key].previous.steps).toEqual(today[key].steps);
      expect(counts(next[key])).toEqual([0, 0, 0]);
    }

    // Rebuilt from the raw rows, the same figures.
    await rebuildAllRollups(api.server.running.db);
    const rebuilt = await funnels();
    expect(rebuilt.category).toEqual(after.category);
    expect(rebuilt.platform).toEqual(after.platform);
  });
});
