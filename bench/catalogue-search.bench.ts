/**
 * Catalogue search benchmark at real size, on SQLite and PostgreSQL: 100,000 Indonesian
 * products over 40 categories (api/src/seed/catalogue.ts) are bulk-inserted (the search triggers index them as they go),
 * then the p50/p95 of the search functions are measured in-process, each query ~200 times:
 * a common word, a rare word, a typo, two words, a prefix, suggestions, and the plain
 * newest-first listing at page 1 and page 5,000; plus the cost of writing one product (the
 * triggers' share). Figures are printed, not asserted. Budgets: search and suggest p95 ≤ 50
 * ms, list p95 ≤ 20 ms.
 *
 *   npx tsx bench/catalogue-search.bench.ts [sqlite|postgres]   (both without an argument)
 *
 * BENCH_SEARCH_PRODUCTS scales the catalogue; BENCH_POSTGRES_URL points at a server where a
 * scratch database may be created and dropped. BENCH_SEARCH_DATA_DIR (SQLite) or
 * BENCH_SEARCH_DATABASE_URL (PostgreSQL), or the catalogue bench's BENCH_CATALOGUE_DATA_DIR /
 * BENCH_CATALOGUE_DATABASE_URL, measure an already seeded copy instead (the 1,000,000
 * product fixture's copy: never the fixture itself), read-only: no seed and no writes.
 *
 * The commonest words of the seeded catalogue are its description words (each in about half
 * of the products, `untuk` in three quarters) and the badges' (`promo`, `diskon`): a search
 * counts them only up to SEARCH_COUNT_CAP (docs/contracts.md, "Search"). On SQLite the bench
 * also reads the index's own vocabulary (fts5vocab, per column) and measures the commonest
 * title, badge and description words it finds, alone and two by two, at page 1 and a deep
 * page, and as suggestions (the words are printed; BENCH_SEARCH_TOP sets how many per column).
 * On both engines it also finds
 * the catalogue's own commonest words at run time (its newest 5,000 products: anywhere, in
 * titles, in categories and badges; printed with their shares) and measures each, and pairs
 * of them, at page 1 and page 100, as suggested, and as `/?search=` loads them (page, rows and
 * facets, uncached): BENCH_SEARCH_WORD_REPEATS runs each (default 40), BENCH_SEARCH_WORDS
 * (comma-separated) to measure only those terms.
 *
 * BENCH_SEARCH_ONLY=budget measures only the cases issue 26's budget names, each word or pair
 * on its own (a p95 over a rotation hides one slow term): `promo`, `diskon`, `untuk` and the
 * catalogue's commonest title and label words, alone and two by two, at pages 1, 100 and
 * 1,000, inside a category (page 1 and 100, the categories in turn), sorted by price and by
 * discount (page 1, and page 1 in a category), as suggested, and the `/?search=` data (page,
 * rows, facets, uncached) at page 1 and 100. BENCH_SEARCH_WORDS narrows the terms here too.
 *
 * BENCH_SEARCH_ONLY=sorted measures a search with each sort and each filter (sortedCases).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { QueryTypes } from 'sequelize';
import { createScratchPostgres, runOnDialects } from './support/databases';
import { openDatabase, type Dialect } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import {
  listActiveProductIds,
  searchProductIds,
  suggest,
} from '../api/src/catalogue/search/queries';
import { sqliteVocabulary } from '../api/src/catalogue/search/vocabulary';
import { listActiveProducts } from '../api/src/catalogue/products/queries';
import { seedCatalogue } from '../api/src/seed/catalogue';
import { commonWords, describeShare } from './support/common-words';

const PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000);
const REPEATS = Number(process.env.BENCH_SEARCH_REPEATS ?? 200);
/** Runs of each per-word figure (the catalogue's own commonest words, found at run time). */
const WORD_REPEATS = Number(process.env.BENCH_SEARCH_WORD_REPEATS ?? 40);
/** The deep page of the per-word figures. */
const DEEP_PAGE = 100;

// --------------------------------------------------------------------------------------------
// Measuring

interface Figures {
  runs: number;
  p50: number;
  p95: number;
  max: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Seconds at most per figure (a slow path measured without taking an hour); runs are printed. */
const FIGURE_SECONDS = Number(process.env.BENCH_SEARCH_FIGURE_S ?? 30);

async function measure(work: (i: number) => Promise<unknown>, repeats = REPEATS): Promise<Figures> {
  const deadline = performance.now() + FIGURE_SECONDS * 1000;
  for (let i = 0; i < 5 && performance.now() < deadline; i++) await work(i);
  const times: number[] = [];
  for (let i = 0; i < repeats && (i === 0 || performance.now() < deadline); i++) {
    const started = performance.now();
    await work(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Number(ms.toFixed(2));
  return {
    runs: times.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times.at(-1) ?? 0),
  };
}

const rotate = (list: string[]) => (i: number) => list[i % list.length]!;

const TOP = Number(process.env.BENCH_SEARCH_TOP ?? 6);

/**
 * The commonest words of each column of SQLite's index (by how many products have them),
 * read from the index itself: a temporary fts5vocab table, nothing written to the database.
 */
async function commonestIndexed(
  db: Awaited<ReturnType<typeof openDatabase>>,
): Promise<Record<'title' | 'badge' | 'description', string[]>> {
  return db.sequelize.transaction(async (transaction) => {
    await db.sequelize.query(
      `CREATE VIRTUAL TABLE IF NOT EXISTS temp.bench_search_columns
        USING fts5vocab(main, product_search, 'col')`,
      { transaction },
    );
    const rows = await db.sequelize.query<{ term: string; col: string; doc: number }>(
      `SELECT term, col, doc FROM temp.bench_search_columns
        WHERE col IN ('title', 'badge', 'description')`,
      { type: QueryTypes.SELECT, transaction },
    );
    await db.sequelize.query('DROP TABLE temp.bench_search_columns', { transaction });
    const top = (col: string) =>
      rows
        .filter((row) => row.col === col && row.term.length >= 3 && !/^\d+$/.test(row.term))
        .sort((a, b) => b.doc - a.doc)
        .slice(0, TOP)
        .map((row) => row.term);
    return { title: top('title'), badge: top('badge'), description: top('description') };
  });
}

/** In the descriptions of about half of the products (`untuk` three quarters), badges too. */
const COMMONEST = ['promo', 'diskon', 'untuk', 'produk', 'dengan', 'harga', 'gratis', 'besar'];

const QUERIES: [string, string[], number][] = [
  ['search: common word', ['sepatu', 'kopi', 'tas', 'original', 'hitam'], 50],
  ['search: rare word', ['dashcam', 'tensimeter', 'mukena', 'soundbar', 'catokan'], 50],
  ['search: typo (5+ letters)', ['headpone', 'sepatuu', 'smartwach', 'powrbank', 'blendr'], 50],
  [
    'search: two words',
    ['sepatu lari', 'kopi bubuk', 'tas ransel', 'jam tangan', 'sony hitam'],
    50,
  ],
  ['search: accents folded', ['cafe', 'creme', 'nestle', 'elegant', 'levi'], 50],
  ['search: prefix being typed', ['se', 'sep', 'head', 'blu', 'ka'], 50],
  ['search: common word, page 100', ['sepatu', 'original', 'hitam'], 50],
  ['search: commonest words', COMMONEST, 50],
  ['search: commonest words, page 100', COMMONEST, 50],
  ['search: commonest words, page 1,000', COMMONEST, 50],
  [
    'search: commonest two words',
    ['promo untuk', 'diskon besar', 'harga promo', 'untuk hadiah'],
    50,
  ],
];

export async function runDialect(dialect: Dialect): Promise<Record<string, unknown>> {
  const existing =
    dialect === 'postgres'
      ? process.env.BENCH_SEARCH_DATABASE_URL || process.env.BENCH_CATALOGUE_DATABASE_URL
      : process.env.BENCH_SEARCH_DATA_DIR || process.env.BENCH_CATALOGUE_DATA_DIR;
  const dataDir =
    existing && dialect === 'sqlite'
      ? existing
      : mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-search-'));
  let databaseUrl: string | null = dialect === 'postgres' && existing ? existing : null;
  let dropPostgres = async () => undefined as unknown;
  if (dialect === 'postgres' && !existing) {
    const postgres = await createScratchPostgres('search');
    databaseUrl = postgres.url;
    dropPostgres = postgres.drop;
  }
  const log = (line: string) => console.log(`[catalogue-search:${dialect}] ${line}`);
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    const seeding = performance.now();
    let categoryIds: number[];
    let products = PRODUCTS;
    if (existing) {
      const found = await db.sequelize.query<{ id: number }>(
        'SELECT id FROM categories ORDER BY id',
        { type: QueryTypes.SELECT },
      );
      categoryIds = found.map((row) => row.id);
      const [counted] = await db.sequelize.query<{ n: number }>(
        'SELECT count(*) AS n FROM products',
        { type: QueryTypes.SELECT },
      );
      products = Number(counted?.n ?? 0);
      log(`measuring the existing ${products} products (read-only)`);
    } else {
      await migrate(db);
      const seeded = await seedCatalogue(db, PRODUCTS);
      categoryIds = seeded.categoryIds;
      if (dialect === 'postgres') await db.sequelize.query('VACUUM ANALYZE');
      else await db.sequelize.query('PRAGMA optimize');
      log(
        `inserted ${PRODUCTS} products and ${seeded.links} links with their search index in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
      );
    }
    const seedSeconds = (performance.now() - seeding) / 1000;

    const rows: Row[] = [];
    const report = rows.push.bind(rows);
    rows.push = (...added) => {
      for (const row of added)
        log(
          `${row.name}: p50 ${row.figures.p50} ms, p95 ${row.figures.p95} ms (${row.figures.runs} runs)`,
        );
      return report(...added);
    };
    if (process.env.BENCH_SEARCH_ONLY === 'budget') {
      await budgetCases(db, categoryIds, rows);
      return finish(rows, products, seedSeconds, log);
    }
    if (process.env.BENCH_SEARCH_ONLY === 'sorted') {
      await sortedCases(db, rows, log);
      return finish(rows, products, seedSeconds, log);
    }
    const queries = QUERIES.slice();
    let typed: string[] = [];
    if (dialect === 'sqlite') {
      // As the server does at start-up (warmSqliteVocabulary): the typo look-up and the long
      // prefixes read the vocabulary in memory once it is loaded.
      const loading = performance.now();
      await sqliteVocabulary(db);
      log(`vocabulary loaded in ${((performance.now() - loading) / 1000).toFixed(1)} s`);
      const at = performance.now();
      const top = await commonestIndexed(db);
      log(
        `commonest indexed words (${((performance.now() - at) / 1000).toFixed(1)} s to read): ` +
          `title ${top.title.join(', ')}; badge ${top.badge.join(', ')}; ` +
          `description ${top.description.join(', ')}`,
      );
      const singles = [...new Set(['promo', 'diskon', 'untuk', ...top.title, ...top.badge])];
      const described = top.description.filter((word) => !singles.includes(word));
      // As the visitor types them: the first 3 and 4 letters, then the whole word.
      typed = [...singles, ...described].flatMap((word) => [
        word.slice(0, 3),
        word.slice(0, 4),
        word,
      ]);
      const pairs = [
        ...top.title.slice(0, 3).map((word, i) => `${word} ${top.description[i]}`),
        ...top.badge.slice(0, 3).map((word, i) => `${word} ${top.title[i]}`),
        ...top.description.slice(0, 3).map((word, i) => `${word} ${top.description[i + 3]}`),
        'promo untuk',
        'diskon untuk',
      ];
      for (const [label, words] of [
        ['indexed title/badge words', singles],
        ['indexed description words', described],
        ['indexed two words', pairs],
      ] as const) {
        for (const page of [1, 1_000]) {
          // Each word measured on its own: a p95 over a rotation hides one slow word.
          for (const word of words)
            queries.push([
              `search: ${label}, page ${page.toLocaleString('en')}: ${word}`,
              [word],
              50,
            ]);
        }
      }
    }
    for (const [name, terms, budget] of queries) {
      const term = rotate(terms);
      const page = name.includes('page 1,000') ? 1_000 : name.includes('page 100') ? 100 : 1;
      const repeats = name.includes('indexed') ? Math.min(REPEATS, 60) : REPEATS;
      let sample = 0;
      const figures = await measure(async (i) => {
        const result = await searchProductIds(db, { term: term(i), page, limit: 12 });
        sample = result.totalCount;
      }, repeats);
      rows.push({ name, budget, figures, sample });
    }
    // The catalogue's own commonest words (issue 26: not only the bench's chosen ones), each
    // alone at page 1 and a deep page, as suggested, and as `/?search=` loads it (the ranked
    // page, its rows and its facets, uncached); then two of them together.
    const common = await commonWords(db);
    const words = [
      ...new Set([
        'promo',
        'diskon',
        'untuk',
        ...common.anywhere.map((s) => s.word),
        ...common.inTitle.map((s) => s.word),
        ...common.inLabel.map((s) => s.word),
      ]),
    ];
    log(`commonest words of the newest ${common.sampled} products:`);
    for (const word of words) log(`  ${describeShare(common.share(word))}`);
    const [a0, a1] = common.anywhere.map((s) => s.word);
    const [t0, t1] = common.inTitle.map((s) => s.word);
    const l0 = common.inLabel[0]?.word;
    const pairs = [
      ...new Set(
        [
          [a0, a1],
          [t0, a0],
          [t0, t1],
          [l0, a0],
          ['promo', 'untuk'],
          ['diskon', t0],
        ]
          .filter((pair) => pair.every(Boolean))
          .map((pair) => pair.join(' ')),
      ),
    ];
    // BENCH_SEARCH_WORDS=promo,untuk,promo untuk: only these terms (a shorter run).
    const only = process.env.BENCH_SEARCH_WORDS?.split(',').map((term) => term.trim());
    for (const term of only ?? [...words, ...pairs]) {
      for (const page of [1, DEEP_PAGE]) {
        let sample = 0;
        const figures = await measure(async () => {
          const result = await searchProductIds(db, { term, page, limit: 12 });
          sample = result.totalCount;
        }, WORD_REPEATS);
        rows.push({ name: `"${term}" page ${page}`, budget: 50, figures, sample });
      }
      rows.push({
        name: `"${term}" suggest`,
        budget: 50,
        figures: await measure(() => suggest(db, term), WORD_REPEATS),
      });
      rows.push({
        name: `"${term}" /?search= data (page, rows, facets)`,
        budget: 50,
        figures: await measure(
          () => listActiveProducts(db, { page: 1, limit: 12, search: term, facets: true }),
          WORD_REPEATS,
        ),
      });
    }

    const categoryId = categoryIds[0]!;
    rows.push({
      name: 'search: common word in a category',
      budget: 50,
      figures: await measure(() =>
        searchProductIds(db, { term: 'sepatu', categoryId, page: 1, limit: 12 }),
      ),
    });
    const commonest = rotate(COMMONEST);
    const categoryOf = rotate(categoryIds.map(String));
    rows.push({
      name: 'search: commonest words in a category',
      budget: 50,
      figures: await measure((i) =>
        searchProductIds(db, {
          term: commonest(i),
          categoryId: Number(categoryOf(i)),
          page: 1,
          limit: 12,
        }),
      ),
    });
    const suggestTerms = rotate(['s', 'se', 'sep', 'sepa', 'sepat', 'headpone', 'kop', 'cafe']);
    rows.push({
      name: 'suggest (as typed)',
      budget: 50,
      figures: await measure((i) => suggest(db, suggestTerms(i))),
    });
    if (typed.length > 0) {
      const typing = rotate(typed);
      rows.push({
        name: 'suggest (commonest indexed words as typed)',
        budget: 50,
        figures: await measure((i) => suggest(db, typing(i)), Math.max(REPEATS, typed.length * 3)),
      });
    }
    for (const page of [1, 100, 5_000]) {
      let sample = 0;
      const figures = await measure(async () => {
        const result = await listActiveProductIds(db, { page, limit: 12 });
        sample = result.ids.length;
      });
      rows.push({ name: `list newest first, page ${page}`, budget: 20, figures, sample });
    }
    rows.push({
      name: 'list one category, page 100',
      budget: 20,
      figures: await measure(() => listActiveProductIds(db, { categoryId, page: 100, limit: 12 })),
    });

    // Not on an existing copy: it is measured read-only.
    if (!existing) {
      // One product written through db.write, the way the routes write: the trigger's share.
      const writes = Math.min(REPEATS, 100);
      const inserted: string[] = [];
      rows.push({
        name: 'insert one product',
        budget: Number.NaN,
        figures: await measure(async (i) => {
          const id = randomUUID();
          inserted.push(id);
          const now = new Date();
          await db.write((transaction) =>
            db.sequelize.getQueryInterface().bulkInsert(
              'products',
              [
                {
                  id,
                  categoryId,
                  title: `Sepatu Benchmark ${i} Adidas Hitam`,
                  description: 'Produk uji dengan deskripsi pendek untuk mengukur biaya indeks.',
                  imageUrl: '/uploads/bench.jpg',
                  imageUrls: '[]',
                  mediaType: 'default',
                  discountPercentage: 10,
                  badgeText: 'Baru',
                  badgeColor: 'green',
                  platforms: '[]',
                  isActive: true,
                  isFeaturedPromo: false,
                  isFeaturedPopular: false,
                  featuredOrder: 0,
                  createdAt: now,
                  updatedAt: now,
                },
              ],
              { transaction },
            ),
          );
        }, writes),
      });
      rows.push({
        name: 'update one product title',
        budget: Number.NaN,
        figures: await measure(
          (i) =>
            db.write((transaction) =>
              db.sequelize.query('UPDATE products SET title = $1, "updatedAt" = $2 WHERE id = $3', {
                bind: [
                  `Sepatu Diperbarui ${i} Nike`,
                  new Date().toISOString(),
                  inserted[i % inserted.length],
                ],
                transaction,
              }),
            ),
          writes,
        ),
      });
      // The same write without the search triggers' work: a column they ignore.
      rows.push({
        name: 'update one product, unindexed column',
        budget: Number.NaN,
        figures: await measure(
          (i) =>
            db.write((transaction) =>
              db.sequelize.query('UPDATE products SET "discountPercentage" = $1 WHERE id = $2', {
                bind: [10 + (i % 50), inserted[i % inserted.length]],
                transaction,
              }),
            ),
          writes,
        ),
      });
    }
    return finish(rows, products, seedSeconds, log);
  } finally {
    await db.close();
    await dropPostgres();
    if (!existing) rmSync(dataDir, { recursive: true, force: true });
  }
}

type Row = { name: string; budget: number; figures: Figures; sample?: number };

function finish(
  rows: Row[],
  products: number,
  seedSeconds: number,
  log: (line: string) => void,
): Record<string, unknown> {
  const rssMb = Math.round(process.memoryUsage().rss / 1048576);
  const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);

  const table = rows.map((row) => ({
    measure: row.name,
    'p50 ms': row.figures.p50,
    'p95 ms': row.figures.p95,
    'max ms': row.figures.max,
    budget: Number.isNaN(row.budget) ? '' : `p95 ≤ ${row.budget}`,
    ok: Number.isNaN(row.budget) ? '' : row.figures.p95 <= row.budget ? 'yes' : 'NO',
    results: row.sample ?? '',
  }));
  log(`${products} products, ${REPEATS} runs each; node RSS ${rssMb} MB, peak ${peakMb} MB`);
  console.table(table);
  return {
    products,
    seedSeconds: Number(seedSeconds.toFixed(1)),
    rssMb,
    peakRssMb: peakMb,
    figures: Object.fromEntries(rows.map((row) => [row.name, row.figures])),
  };
}

/** BENCH_SEARCH_ONLY=budget: every case issue 26's budget names, each term on its own. */
async function budgetCases(
  db: Awaited<ReturnType<typeof openDatabase>>,
  categoryIds: number[],
  rows: Row[],
): Promise<void> {
  if (db.dialect === 'sqlite') await sqliteVocabulary(db);
  const common = await commonWords(db);
  const [t0, t1] = common.inTitle.map((s) => s.word);
  const l0 = common.inLabel.find((s) => !['promo', 'diskon'].includes(s.word))?.word;
  const words = [...new Set(['promo', 'diskon', 'untuk', t0, l0].filter(Boolean))] as string[];
  const pairs = [
    'promo untuk',
    'diskon untuk',
    'promo diskon',
    ...(t0 ? [`${t0} untuk`, `${t0} promo`] : []),
    ...(t0 && t1 ? [`${t0} ${t1}`] : []),
  ];
  const only = process.env.BENCH_SEARCH_WORDS?.split(',').map((term) => term.trim());
  const inCategory = rotate(categoryIds.map(String));
  const repeats = WORD_REPEATS;
  for (const term of only ?? [...words, ...pairs]) {
    for (const page of [1, 100, 1_000]) {
      let sample = 0;
      const figures = await measure(async () => {
        const result = await searchProductIds(db, { term, page, limit: 12 });
        sample = result.totalCount;
      }, repeats);
      rows.push({
        name: `"${term}" page ${page.toLocaleString('en')}`,
        budget: 50,
        figures,
        sample,
      });
    }
    for (const page of [1, 100]) {
      rows.push({
        name: `"${term}" in a category, page ${page}`,
        budget: 50,
        figures: await measure(
          (i) =>
            searchProductIds(db, {
              term,
              categoryId: Number(inCategory(i)),
              page,
              limit: 12,
            }),
          repeats,
        ),
      });
    }
    for (const sort of ['price_asc', 'discount'] as const) {
      rows.push({
        name: `"${term}" sorted ${sort}`,
        budget: 50,
        figures: await measure(
          () => listActiveProducts(db, { page: 1, limit: 12, search: term, sort }),
          repeats,
        ),
      });
      rows.push({
        name: `"${term}" sorted ${sort} in a category`,
        budget: 50,
        figures: await measure(
          (i) =>
            listActiveProducts(db, {
              page: 1,
              limit: 12,
              search: term,
              sort,
              categoryId: inCategory(i),
            }),
          repeats,
        ),
      });
    }
    rows.push({
      name: `"${term}" suggest`,
      budget: 50,
      figures: await measure(() => suggest(db, term), repeats),
    });
    for (const page of [1, 100]) {
      rows.push({
        name: `"${term}" /?search= data page ${page} (page, rows, facets)`,
        budget: 50,
        figures: await measure(
          () => listActiveProducts(db, { page, limit: 12, search: term, facets: true }),
          repeats,
        ),
      });
    }
  }
}

/**
 * Words at about 1%, 5%, 10%, 25% and 50% of the seeded catalogue: concentrated in a few
 * categories (`bluetooth`, `sepatu`), spread over all (`hitam`, a colour; `pria`, both), pairs.
 */
const SORTED_TERMS = [
  'bluetooth',
  'sepatu',
  'hitam',
  'pria',
  'sepatu hitam',
  'promo diskon',
  'promo',
];
const SORTED_ORDERS = [
  'relevance',
  'price_asc',
  'price_desc',
  'saving',
  'discount',
  'newest',
] as const;
/** The filters a shopper adds to a search, by name (docs/contracts.md, "Shopping"). */
const SORTED_FILTERS: Record<string, Record<string, unknown>> = {
  none: {},
  shopee: { platform: ['Shopee'] },
  'price 100k-500k': { minPrice: 100_000, maxPrice: 500_000 },
  'shopee + price 100k-500k': { platform: ['Shopee'], minPrice: 100_000, maxPrice: 500_000 },
  'discount 50+': { minDiscount: 50 },
  'in stock': { inStock: true },
};

/**
 * BENCH_SEARCH_ONLY=sorted: a search with each sort and each filter, page 1 and 10 (issues 20
 * and 26), each case on its own. BENCH_SEARCH_WORDS, BENCH_SEARCH_SORTS (comma-separated)
 * and BENCH_SEARCH_FILTERS (names of SORTED_FILTERS) narrow them; BENCH_SEARCH_PAGES
 * (comma-separated) sets the pages. BENCH_SEARCH_FACETS=true asks for the facets too (as
 * `/?search=` does, uncached).
 */
async function sortedCases(
  db: Awaited<ReturnType<typeof openDatabase>>,
  rows: Row[],
  log: (line: string) => void,
): Promise<void> {
  if (db.dialect === 'sqlite') await sqliteVocabulary(db);
  const list = (name: string) => process.env[name]?.split(',').map((item) => item.trim());
  const terms = list('BENCH_SEARCH_WORDS') ?? SORTED_TERMS;
  const sorts = list('BENCH_SEARCH_SORTS') ?? [...SORTED_ORDERS];
  const filters = list('BENCH_SEARCH_FILTERS') ?? Object.keys(SORTED_FILTERS);
  const pages = (list('BENCH_SEARCH_PAGES') ?? ['1']).map(Number);
  const facets = process.env.BENCH_SEARCH_FACETS === 'true';
  for (const term of terms) {
    const found = await searchProductIds(db, { term, page: 1, limit: 12 });
    log(`"${term}": ${found.totalCount}${found.capped ? '+' : ''} matches`);
    for (const filter of filters) {
      for (const sort of sorts) {
        for (const page of pages) {
          let sample = 0;
          const figures = await measure(async () => {
            const result = await listActiveProducts(db, {
              page,
              limit: 12,
              search: term,
              sort: sort as 'newest',
              ...SORTED_FILTERS[filter],
              ...(facets ? { facets: true } : {}),
            });
            sample = result.totalCount;
          }, WORD_REPEATS);
          rows.push({
            name: `"${term}" ${sort}, ${filter}${page > 1 ? `, page ${page}` : ''}${facets ? ', facets' : ''}`,
            budget: 50,
            figures,
            sample,
          });
        }
      }
    }
  }
}

export function run(): Promise<Record<string, unknown>> {
  const seededUrl =
    process.env.BENCH_SEARCH_DATABASE_URL || process.env.BENCH_CATALOGUE_DATABASE_URL;
  const seededDir = process.env.BENCH_SEARCH_DATA_DIR || process.env.BENCH_CATALOGUE_DATA_DIR;
  if (seededUrl || seededDir) {
    const dialect: Dialect = seededUrl ? 'postgres' : 'sqlite';
    return runDialect(dialect).then((figures) => ({ [dialect]: figures }));
  }
  return runOnDialects('BENCH_SEARCH_DIALECT', runDialect);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
