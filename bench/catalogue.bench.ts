/**
 * `npm run bench -- catalogue`: the public catalogue at 100,000 products, through the real
 * HTTP server (the built bundle, as `npm start` runs it), on SQLite and on PostgreSQL, next
 * to a bare Express JSON route in the same run. For each request: p50 and p95 over ~200
 * sequential requests on one keep-alive connection, and the response size. Figures are
 * printed, not asserted. Budgets (docs/contracts.md#performance-budgets): search and suggest p95 ≤ 50 ms; a product list
 * page p95 ≤ 20 ms uncached; `/?search=` rendered on the server p95 ≤ 50 ms; a public search
 * response < 40 KB; server memory < 300 MB.
 *
 * The listing cache (5 s) would answer repeated addresses from memory. Uncached figures vary
 * the address with punctuation the search ignores (`sepatu` and `sepatu !?` search the same
 * words; a term of punctuation alone is the plain newest-first listing), so every request is
 * a cache miss that does the full work.
 *
 *   npx tsx bench/catalogue.bench.ts [sqlite|postgres]   (both without an argument)
 *
 * BENCH_CATALOGUE_PRODUCTS scales the catalogue (default 100,000), BENCH_CATALOGUE_REPEATS
 * the requests per figure (default 200; at most 20 for each sitemap file, which is streamed
 * whole); BENCH_CATALOGUE_ONLY=listing leaves out the sitemaps and the admin list;
 * BENCH_CATALOGUE_ONLY=sorts measures only every sort against each filter (none, one
 * marketplace, two, a price range, a marketplace with a price range, a category, a category
 * with a marketplace), the saving sort with a marketplace and each other filter, and the
 * facets, each figure stopping after BENCH_CATALOGUE_FIGURE_S seconds (default 30; the
 * requests measured are printed, so a slow path is measured without taking an hour);
 * BENCH_CATALOGUE_ONLY=facets the facets alone (each with its own minimum discount, uncached);
 * BENCH_CATALOGUE_DATA_DIR (SQLite) or BENCH_CATALOGUE_DATABASE_URL (PostgreSQL) measure a
 * catalogue seeded beforehand (`npm run catalogue:seed`) instead of seeding one;
 * BENCH_POSTGRES_URL as in catalogue-search.bench.ts.
 * The admin product list (page 1, a deep page, filters and sorts, a capped search paged past its
 * count, the count on demand) is measured here over HTTP too; bench/admin-list.bench.ts has the
 * full set, in-process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createScratchPostgres } from './support/databases';
import { openDatabase, type Dialect } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { seedCatalogue } from '../api/src/seed/catalogue';
import { startApiServer, startProcess, type ServerProcess } from './support/processes';
import { noise } from './support/cache-miss';

const PRODUCTS = Number(process.env.BENCH_CATALOGUE_PRODUCTS ?? 100_000);
const REPEATS = Number(process.env.BENCH_CATALOGUE_REPEATS ?? 200);
/** Requests per sitemap file: each one streams a whole file of up to 50,000 URLs. */
const SITEMAP_REPEATS = Math.min(REPEATS, 20);
const SEARCH_RESPONSE_BUDGET_KB = 40;
/** BENCH_CATALOGUE_ONLY=listing: the public list, search and render figures, not sitemaps or admin. */
const ONLY_LISTING = process.env.BENCH_CATALOGUE_ONLY === 'listing';
/** BENCH_CATALOGUE_ONLY=sorts: every sort against each filter, and the facets. */
const ONLY_SORTS = ['sorts', 'facets'].includes(process.env.BENCH_CATALOGUE_ONLY ?? '');
/** BENCH_CATALOGUE_ONLY=facets: the sorts mode's facets alone. */
const ONLY_FACETS = process.env.BENCH_CATALOGUE_ONLY === 'facets';
/** Seconds at most per figure in the sorts mode (its slow paths take seconds per request). */
const FIGURE_SECONDS = Number(process.env.BENCH_CATALOGUE_FIGURE_S ?? 30);

interface Row {
  name: string;
  /** Requests measured. */
  n: number;
  p50: number;
  p95: number;
  kb: number;
  budget: string;
  ok: string;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const round = (value: number) => Number(value.toFixed(2));

interface RequestOptions {
  repeats?: number;
  headers?: Record<string, string>;
  /** Stop measuring after this many seconds (at least one request). */
  seconds?: number;
}

/** p50/p95 of GET url(i) and the largest body in KB; every answer must be 200. */
async function timeRequests(
  url: (i: number) => string,
  { repeats = REPEATS, headers = {}, seconds = Infinity }: RequestOptions = {},
): Promise<{ n: number; p50: number; p95: number; kb: number }> {
  let largest = 0;
  const get = async (i: number) => {
    const res = await fetch(url(i), { headers: { 'accept-encoding': 'identity', ...headers } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url(i)} answered ${res.status}`);
    largest = Math.max(largest, body.byteLength);
  };
  const until = performance.now() + seconds * 1000;
  const times: number[] = [];
  for (let i = 0; i < Math.min(5, repeats) && performance.now() < until; i++) {
    const started = performance.now();
    await get(i + repeats);
    const took = performance.now() - started;
    // One request slower than the whole figure's time: it is the figure (n 1, cold).
    if (took > seconds * 1000) times.push(took);
  }
  for (let i = 0; i < repeats; i++) {
    if (times.length >= 1 && performance.now() > until) break;
    const started = performance.now();
    await get(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    kb: round(largest / 1024),
  };
}

const ADMIN = { username: 'bench-admin', password: 'bench-password' };

/**
 * Production session cookies are Secure: the bench speaks plain http to a server that trusts
 * its loopback proxy, and says the request came over https, as a proxy in front would.
 */
const OVER_HTTPS = { 'x-forwarded-proto': 'https' };

/** The session cookie of the bench's admin, for the admin list's figures. */
async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...OVER_HTTPS },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const rotate = (list: string[]) => (i: number) => list[i % list.length]!;
const q = encodeURIComponent;

/**
 * BENCH_CATALOGUE_DATABASE_URL (PostgreSQL) or BENCH_CATALOGUE_DATA_DIR (SQLite): a catalogue
 * seeded beforehand (`npm run catalogue:seed`), measured as it is, never seeded nor dropped.
 */
const SEEDED_URL = process.env.BENCH_CATALOGUE_DATABASE_URL || null;
const SEEDED_DIR = process.env.BENCH_CATALOGUE_DATA_DIR || null;
const SEEDED = SEEDED_URL !== null || SEEDED_DIR !== null;

async function scratchDatabase(dialect: Dialect) {
  if (SEEDED) {
    return {
      dataDir: SEEDED_DIR ?? os.tmpdir(),
      databaseUrl: SEEDED_URL,
      drop: async () => undefined,
    };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-catalogue-'));
  if (dialect === 'sqlite') {
    return {
      dataDir,
      databaseUrl: null,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const postgres = await createScratchPostgres('catalogue');
  return {
    dataDir,
    databaseUrl: postgres.url,
    drop: async () => {
      await postgres.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function runDialect(
  dialect: Dialect,
  bare: ServerProcess,
): Promise<Record<string, unknown>> {
  const log = (line: string) => console.log(`[catalogue:${dialect}] ${line}`);
  const scratch = await scratchDatabase(dialect);
  let products = PRODUCTS;
  let server: ServerProcess | null = null;
  try {
    const db = await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir });
    let categorySlug = '';
    let categoryId = '';
    try {
      const started = performance.now();
      if (!SEEDED) {
        await migrate(db);
        await seedCatalogue(db, PRODUCTS);
        if (dialect === 'postgres') await db.sequelize.query('VACUUM ANALYZE');
        else await db.sequelize.query('PRAGMA optimize');
      }
      const [rows] = await db.sequelize.query(
        'SELECT id, slug FROM categories ORDER BY id LIMIT 1',
      );
      const [first] = rows as { id: number; slug: string }[];
      categorySlug = first!.slug;
      categoryId = String(first!.id);
      const [counted] = await db.sequelize.query('SELECT count(*) AS n FROM products');
      products = Number((counted as { n: number }[])[0]!.n);
      log(
        SEEDED
          ? `${products} products seeded beforehand`
          : `${products} products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } finally {
      await db.close();
    }
    server = await startApiServer({
      DATA_DIR: scratch.dataDir,
      ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}),
      TRUST_PROXY: 'loopback',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      GEO_LOOKUP_URL: '',
    });
    const api = server.url;
    const running = server;
    const rows: Row[] = [];
    const add = async (
      name: string,
      budgetMs: number,
      url: (i: number) => string,
      options: RequestOptions = {},
    ) => {
      const figures = await timeRequests(url, options);
      const row: Row = {
        name,
        ...figures,
        budget: Number.isNaN(budgetMs) ? '' : `p95 ≤ ${budgetMs} ms`,
        ok: Number.isNaN(budgetMs) ? '' : figures.p95 <= budgetMs ? 'yes' : 'NO',
      };
      rows.push(row);
      log(`${name}: p50 ${row.p50} ms, p95 ${row.p95} ms, ${row.kb} KB, n ${row.n}`);
    };
    const search = (terms: string[]) => {
      const term = rotate(terms);
      return (i: number) =>
        `${api}/api/products?search=${q(`${term(i)} ${noise(i)}`)}&page=1&limit=12`;
    };

    if (ONLY_SORTS) {
      // Every sort against each filter (issue 20: the budgets hold at 1,000,000 products).
      const sorted = (query: string) => (i: number) =>
        `${api}/api/products?search=${q(noise(i))}&page=1&limit=12&${query}`;
      const scopes = [
        ['no filter', ''],
        ['one marketplace', 'platform=Shopee&'],
        ['two marketplaces', 'platform=Shopee,Lazada&'],
        ['price range', 'minPrice=100000&maxPrice=500000&'],
        ['marketplace + price range', 'platform=Shopee&minPrice=100000&maxPrice=500000&'],
        ['category', `category=${categorySlug}&`],
        ['category + marketplace', `category=${categorySlug}&platform=Shopee&`],
      ];
      const seconds = FIGURE_SECONDS;
      for (const [label, scope] of ONLY_FACETS ? [] : scopes) {
        for (const sort of ['newest', 'discount', 'price_asc', 'price_desc', 'saving']) {
          await add(`${label}, sort=${sort}`, 20, sorted(`${scope}sort=${sort}`), { seconds });
        }
      }
      // The saving sort with a marketplace and each other filter (migration 0025's walk).
      const more: [string, string][] = [
        ['one marketplace + inStock', 'platform=Shopee&inStock=true&sort=saving'],
        ['one marketplace + minDiscount', 'platform=Shopee&minDiscount=20&sort=saving'],
        ['two marketplaces + inStock', 'platform=Shopee,Lazada&inStock=true&sort=saving'],
        [
          'category + two marketplaces',
          `category=${categorySlug}&platform=Shopee,Lazada&sort=saving`,
        ],
        [
          'category + two marketplaces',
          `category=${categorySlug}&platform=Shopee,Lazada&sort=price_asc`,
        ],
      ];
      for (const [label, query] of ONLY_FACETS ? [] : more) {
        await add(`${label}, ${query.split('&').pop()}`, 20, sorted(query), { seconds });
      }
      if (!ONLY_FACETS) {
        await add(
          'two marketplaces, sort=saving, page 100',
          20,
          (i) => sorted('platform=Shopee,Lazada&sort=saving')(i).replace('page=1&', 'page=100&'),
          { seconds },
        );
        await add(
          'two marketplaces, sort=price_asc, page 100',
          20,
          (i) => sorted('platform=Shopee,Lazada&sort=price_asc')(i).replace('page=1&', 'page=100&'),
          { seconds },
        );
      }
      for (const [label, scope] of [
        ['all', ''],
        ['all, one marketplace', 'platform=Shopee&inStock=true&'],
        ['all, marketplace + price range', 'platform=Shopee&minPrice=100000&maxPrice=500000&'],
        ['category', `category=${categorySlug}&`],
      ]) {
        // The facets are kept per filters, not per address: a minimum discount of its own
        // (1 to 98 %) makes each request count them afresh.
        const fresh = (i: number) => `${scope}facets=true&minDiscount=${(i % 98) + 1}`;
        await add(`facets=true, ${label}, minDiscount varied`, 20, (i) => sorted(fresh(i))(i), {
          seconds,
        });
      }
      return finish(rows);
    }
    await add('bare Express JSON route', Number.NaN, () => `${bare.url}/bare`);
    await add('search: common word', 50, search(['sepatu', 'kopi', 'tas', 'original', 'hitam']));
    await add(
      'search: rare word',
      50,
      search(['dashcam', 'tensimeter', 'mukena', 'soundbar', 'catokan']),
    );
    await add('search: typo', 50, search(['headpone', 'sepatuu', 'smartwach', 'powrbank']));
    await add(
      'search: two words',
      50,
      search(['sepatu lari', 'kopi bubuk', 'tas ransel', 'jam tangan', 'sony hitam']),
    );
    const typed = rotate(['se', 'sep', 'sepa', 'sepat', 'sepatu', 'headpone', 'kop', 'cafe']);
    await add('suggest (as typed)', 50, (i) => `${api}/api/search/suggest?q=${q(typed(i))}`);
    await add(
      'list page 1 (uncached)',
      20,
      (i) => `${api}/api/products?search=${q(noise(i))}&page=1&limit=12`,
    );
    await add('list page 1 (cached)', 20, () => `${api}/api/products?page=1&limit=12`);
    await add(
      'list page 5,000 (uncached)',
      20,
      (i) => `${api}/api/products?search=${q(noise(i))}&page=5000&limit=12`,
    );
    await add(
      'category page 2 (uncached)',
      20,
      (i) => `${api}/api/products?search=${q(noise(i))}&category=${categorySlug}&page=2&limit=12`,
    );
    // Sorting, filters and facets (docs/contracts.md, "Shopping"): the same list budget, each
    // sort and each filter alone, with and without a category, facets, and today's promo.
    const listing = (query: string) => (i: number) =>
      `${api}/api/products?search=${q(noise(i))}&page=1&limit=12&${query}`;
    const category = `category=${categorySlug}`;
    for (const scope of ['', `${category}&`]) {
      const where = scope ? 'category' : 'all';
      for (const sort of ['newest', 'discount', 'price_asc', 'price_desc', 'saving']) {
        await add(`${where} sort=${sort} (uncached)`, 20, listing(`${scope}sort=${sort}`));
      }
      const filters = [
        'platform=Shopee',
        'platform=Shopee,Lazada&sort=price_asc',
        'minPrice=100000&maxPrice=500000',
        'minPrice=100000&maxPrice=500000&sort=price_asc',
        'minDiscount=50',
        'minDiscount=50&sort=discount',
        'inStock=true',
        'inStock=true&sort=saving',
        'platform=Shopee&maxPrice=500000&sort=price_asc',
        'platform=Tokopedia&sort=saving',
        'sort=price_asc&platform=Shopee&minDiscount=20&inStock=true',
      ];
      for (const filter of filters) {
        await add(`${where} ${filter} (uncached)`, 20, listing(`${scope}${filter}`));
      }
      await add(`${where} facets=true (uncached)`, 20, listing(`${scope}facets=true`));
      await add(
        `${where} facets=true&platform=Shopee&inStock=true (uncached)`,
        20,
        listing(`${scope}facets=true&platform=Shopee&inStock=true`),
      );
      await add(`${where} sort=saving, page 100 (uncached)`, 20, (i) =>
        listing(`${scope}sort=saving`)(i).replace('page=1&', 'page=100&'),
      );
    }
    await add('all facets (cached)', 20, () => `${api}/api/products?facets=true`);
    await add(
      'promo page list + facets (uncached)',
      20,
      (i) => `${api}/api/products?search=${q(noise(i))}&promo=true&limit=24&facets=true`,
    );
    await add(
      'promo page list sort=price_asc&platform=Shopee (uncached)',
      20,
      (i) =>
        `${api}/api/products?search=${q(noise(i))}&promo=true&limit=24&facets=true&sort=price_asc&platform=Shopee`,
    );
    await add(
      'search sorted by price with facets (uncached)',
      50,
      (i) =>
        `${api}/api/products?search=${q(`sepatu ${noise(i)}`)}&sort=price_asc&inStock=true&facets=true`,
    );
    await add('/promo-hari-ini sorted+filtered rendered on the server', 50, (i) =>
      `/promo-hari-ini?sort=saving&minDiscount=30&page=${(i % 50) + 1}`.replace(/^/, api),
    );
    await add(
      '/?category= sorted+filtered rendered on the server',
      50,
      (i) => `${api}/?category=${categorySlug}&sort=saving&platform=Tokopedia&page=${(i % 50) + 1}`,
    );
    await add(
      '/?search= rendered on the server',
      50,
      (i) =>
        `${api}/?search=${q(`${rotate(['sepatu', 'kopi bubuk', 'headpone'])(i)} ${noise(i)}`)}`,
    );
    await add('/ rendered on the server', 50, () => `${api}/`);
    if (ONLY_LISTING) return finish(rows);
    // Each sitemap file (at most 50,000 URLs, ~10 MB) streamed whole; the spec's budget is
    // one file under 1 s. Fewer repeats: each request is a whole file.
    await add('sitemap.xml', 1000, () => `${api}/sitemap.xml`, { repeats: SITEMAP_REPEATS });
    // /sitemap.xml is the index of the files once there is more than one.
    const index = await (await fetch(`${api}/sitemap.xml`)).text();
    const sitemapFiles = index.includes('<sitemapindex') ? index.split('<sitemap>').length - 1 : 0;
    for (let file = 1; file <= sitemapFiles; file++) {
      await add(`sitemap-${file}.xml`, 1000, () => `${api}/sitemap-${file}.xml`, {
        repeats: SITEMAP_REPEATS,
      });
    }

    // The back office's product list (docs/contracts.md#performance-budgets: p95 at most 100 ms with any filter and sort),
    // a capped search ("lebih dari 1.000") paged past its count, and the count on demand.
    const cookie = { cookie: await signIn(api), ...OVER_HTTPS };
    const adminList = (query: string) => () => `${api}/api/admin/products?limit=24&${query}`;
    await add('admin list page 1', 100, adminList('page=1'), { headers: cookie });
    await add('admin list page 1,000', 100, adminList('page=1000'), { headers: cookie });
    await add(
      'admin list page 1, category + active, sort title',
      100,
      adminList(`page=1&categoryId=${categoryId}&status=active&sort=title`),
      { headers: cookie },
    );
    await add('admin list page 1, sort discount', 100, adminList('page=1&sort=discount'), {
      headers: cookie,
    });
    await add('admin capped search, page 1', 100, adminList('page=1&search=sepatu'), {
      headers: cookie,
    });
    await add('admin capped search, page 60', 100, adminList('page=60&search=sepatu'), {
      headers: cookie,
    });
    await add(
      'admin capped search + category, sort oldest, page 1',
      100,
      adminList(`page=1&search=sepatu&categoryId=${categoryId}&sort=oldest`),
      { headers: cookie },
    );
    await add(
      'admin count on demand (search)',
      100,
      () => `${api}/api/admin/products/count?search=sepatu`,
      { headers: cookie },
    );

    return finish(rows);
    function finish(rows: Row[]) {
      const searchKb = Math.max(
        ...rows.filter((r) => r.name.startsWith('search:')).map((r) => r.kb),
      );
      const peakRssMb = running.peakRssMb();
      log(
        `largest public search response ${searchKb} KB (budget < ${SEARCH_RESPONSE_BUDGET_KB} KB); server peak RSS ${peakRssMb} MB (budget < 300 MB)`,
      );
      console.table(
        rows.map((row) => ({
          request: row.name,
          n: row.n,
          'p50 ms': row.p50,
          'p95 ms': row.p95,
          KB: row.kb,
          budget: row.budget,
          ok: row.ok,
        })),
      );
      return {
        products,
        repeats: REPEATS,
        figures: Object.fromEntries(rows.map(({ name, ...figures }) => [name, figures])),
        largestSearchResponseKb: searchKb,
        serverPeakRssMb: peakRssMb,
        withinBudget:
          rows.every((row) => row.ok !== 'NO') &&
          searchKb < SEARCH_RESPONSE_BUDGET_KB &&
          peakRssMb < 300,
      };
    }
  } finally {
    await server?.stop();
    await scratch.drop();
  }
}

export async function run(): Promise<Record<string, unknown>> {
  const wanted = process.env.BENCH_CATALOGUE_DIALECT ?? process.argv[2];
  const dialects: Dialect[] = SEEDED
    ? [SEEDED_URL ? 'postgres' : 'sqlite']
    : wanted === 'sqlite' || wanted === 'postgres'
      ? [wanted]
      : ['sqlite', 'postgres'];
  const bare = await startProcess('bench/bare-server.ts', { PORT: '0' }, /bare server at (\S+)/);
  try {
    const results: Record<string, unknown> = {};
    for (const dialect of dialects) results[dialect] = await runDialect(dialect, bare);
    return results;
  } finally {
    await bare.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
