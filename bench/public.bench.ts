// The public budget (docs/contracts.md#performance-budgets): gzip size of the JS and CSS that `/` loads, proof that no
// admin module is among it, and a Lighthouse 12 mobile run against /usr/bin/chromium.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { ROOT, startApiServer } from './support/processes';

const WEB_DIST = path.join(ROOT, 'dist', 'web');
const BUDGET = { jsKb: 170, cssKb: 35, performance: 95, accessibility: 95, seo: 100 };

interface Asset {
  file: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The scripts, module preloads and stylesheets the served `/` page links to. */
function linkedAssets(html: string): Asset[] {
  const refs = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+)"/g)) {
    if (match[1]) refs.add(match[1]);
  }
  return [...refs].map((ref) => {
    const content = readFileSync(path.join(WEB_DIST, ref));
    return {
      file: ref,
      kind: ref.endsWith('.css') ? 'css' : 'js',
      bytes: content.length,
      gzipBytes: gzipSync(content, { level: 9 }).length,
    };
  });
}

/** Admin source modules found in the given chunks, from the build's chunk report. */
function adminModulesIn(assets: Asset[]): string[] {
  const reportFile = path.join(WEB_DIST, '.vite', 'chunk-modules.json');
  if (!existsSync(reportFile)) throw new Error(`${reportFile} is missing: run npm run build`);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Record<string, string[]>;
  const found: string[] = [];
  for (const asset of assets.filter((a) => a.kind === 'js')) {
    const modules = report[asset.file.replace(/^\/assets\//, 'assets/')];
    if (!modules) throw new Error(`${asset.file} is not in the chunk report: rebuild`);
    found.push(...modules.filter((id) => id.includes('web/src/admin/') || id.includes('@mantine')));
  }
  return found;
}

async function runLighthouse(url: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const ms = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
    const failing = (id: string) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
      fcpMs: ms('first-contentful-paint'),
      speedIndexMs: ms('speed-index'),
      notPassing: {
        accessibility: failing('accessibility'),
        bestPractices: failing('best-practices'),
        seo: failing('seo'),
      },
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Only the sizes of what `/` loads (no Lighthouse): printed by `npm run bench -- <names>` when
 * the full public bench is not among them, so every bench run shows the JS budget.
 */
export async function publicBudget(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-budget-'));
  const server = await startApiServer({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-password',
    GEO_LOOKUP_URL: '',
  });
  try {
    const assets = linkedAssets(await (await fetch(`${server.url}/`)).text());
    const sum = (kind: Asset['kind']) =>
      kb(assets.filter((a) => a.kind === kind).reduce((total, a) => total + a.gzipBytes, 0));
    const figures = {
      jsGzipKb: sum('js'),
      cssGzipKb: sum('css'),
      adminModulesLoaded: adminModulesIn(assets).length,
      budget: { jsKb: BUDGET.jsKb, cssKb: BUDGET.cssKb },
    };
    console.log('\n== Public web budget: what / loads ==');
    console.log(`JS  ${figures.jsGzipKb} KB gzip (budget ${BUDGET.jsKb})`);
    console.log(`CSS ${figures.cssGzipKb} KB gzip (budget ${BUDGET.cssKb})`);
    console.log(`admin modules among them: ${figures.adminModulesLoaded}`);
    return figures;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<Record<string, unknown>> {
  for (const file of ['index.html', path.join('.vite', 'chunk-modules.json')]) {
    if (!existsSync(path.join(WEB_DIST, file)))
      throw new Error(`dist/web/${file} is missing: run npm run build`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-public-'));
  // No geolocation look-up: the bench machine has no internet, and the look-up runs after the
  // page is idle anyway.
  const server = await startApiServer({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-password',
    GEO_LOOKUP_URL: '',
  });
  try {
    const html = await (await fetch(`${server.url}/`)).text();
    const assets = linkedAssets(html);
    const jsGzip = assets.filter((a) => a.kind === 'js').reduce((sum, a) => sum + a.gzipBytes, 0);
    const cssGzip = assets.filter((a) => a.kind === 'css').reduce((sum, a) => sum + a.gzipBytes, 0);
    const adminModules = adminModulesIn(assets);
    // One warm-up request so the first measured load does not pay for cold caches.
    await fetch(`${server.url}/`);
    const lighthouseResult = await runLighthouse(`${server.url}/`);

    const figures = {
      assets: assets.map((a) => ({ file: a.file, kb: kb(a.bytes), gzipKb: kb(a.gzipBytes) })),
      jsGzipKb: kb(jsGzip),
      cssGzipKb: kb(cssGzip),
      htmlGzipKb: kb(gzipSync(html, { level: 9 }).length),
      adminModulesLoaded: adminModules.length,
      lighthouseMobile: lighthouseResult,
      budget: BUDGET,
      withinBudget:
        kb(jsGzip) <= BUDGET.jsKb &&
        kb(cssGzip) <= BUDGET.cssKb &&
        adminModules.length === 0 &&
        lighthouseResult.performance >= BUDGET.performance &&
        lighthouseResult.accessibility >= BUDGET.accessibility &&
        lighthouseResult.seo >= BUDGET.seo,
      serverPeakRssMb: server.peakRssMb(),
    };
    console.log('\n== Public web: what / loads, and Lighthouse 12 mobile ==');
    for (const asset of figures.assets)
      console.log(`  ${asset.file}: ${asset.kb} KB (${asset.gzipKb} KB gzip)`);
    console.log(`JS  ${figures.jsGzipKb} KB gzip (budget ${BUDGET.jsKb})`);
    console.log(`CSS ${figures.cssGzipKb} KB gzip (budget ${BUDGET.cssKb})`);
    console.log(
      `admin modules among them: ${adminModules.length}${adminModules.length ? ` (${adminModules.slice(0, 5).join(', ')})` : ''}`,
    );
    const l = lighthouseResult;
    console.log(
      `Lighthouse mobile: performance ${l.performance}, accessibility ${l.accessibility}, best-practices ${l.bestPractices}, SEO ${l.seo}`,
    );
    console.log(
      `  LCP ${l.lcpMs} ms, TBT ${l.tbtMs} ms, CLS ${l.cls}, FCP ${l.fcpMs} ms, SI ${l.speedIndexMs} ms`,
    );
    for (const [category, audits] of Object.entries(l.notPassing)) {
      if (audits.length) console.log(`  ${category} audits not passing: ${audits.join(', ')}`);
    }
    console.log(`within budget: ${figures.withinBudget}`);
    return figures;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
