import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure } from './support/load';
import { startApiServer, startProcess } from './support/processes';

/**
 * GET /api/products?page=1&limit=12 against a bare Express JSON route in the same run, each
 * server in its own process, 50 connections (docs/contracts.md#performance-budgets: >= 40% of bare, p99 < 50 ms).
 */
export async function run(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-bench-'));
  const bare = await startProcess('bench/bare-server.ts', { PORT: '0' }, /bare server at (\S+)/);
  const api = await startApiServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password' });
  try {
    // Warm both up so neither pays for JIT or first queries inside the measurement.
    await measure(`${bare.url}/bare`, 10, 1);
    await measure(`${api.url}/api/products?page=1&limit=12`, 10, 1);
    const bareResult = await measure(`${bare.url}/bare`);
    const products = await measure(`${api.url}/api/products?page=1&limit=12`);
    const uncachedCategory = await measure(
      `${api.url}/api/products?page=2&limit=12&category=elektronik`,
    );
    const ratio = products.requestsPerSecond / Math.max(1, bareResult.requestsPerSecond);
    const figures = {
      bareExpress: bareResult,
      products,
      productsCategoryPage2: uncachedCategory,
      ratioToBare: Number(ratio.toFixed(2)),
      budget: { ratioAtLeast: 0.4, p99UnderMs: 50 },
      withinBudget: ratio >= 0.4 && products.p99Ms < 50,
      serverPeakRssMb: api.peakRssMb(),
    };
    console.log('\n== API: GET /api/products?page=1&limit=12 (50 connections) ==');
    console.log(
      `bare Express JSON route : ${bareResult.requestsPerSecond} req/s, p99 ${bareResult.p99Ms} ms`,
    );
    console.log(
      `products page 1         : ${products.requestsPerSecond} req/s, p99 ${products.p99Ms} ms`,
    );
    console.log(
      `products category page 2: ${uncachedCategory.requestsPerSecond} req/s, p99 ${uncachedCategory.p99Ms} ms`,
    );
    console.log(
      `ratio to bare           : ${(ratio * 100).toFixed(0)}% (budget >= 40%, p99 < 50 ms)`,
    );
    console.log(`server peak RSS         : ${figures.serverPeakRssMb} MB`);
    return figures;
  } finally {
    await api.stop();
    await bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
