// The /go redirect for `npm run bench -- go` (and bench/crowd.bench.ts through startGoServer in
// bench/go.bench.ts), in its own process: the production go module (createGo: link cache,
// click queue, shared claim on PostgreSQL) over a migrated database with LINKS links, beside a
// bare Express route that answers the same 302 without any lookup. On SIGTERM it stops like
// the server (queue, then the write buffer), prints its counters and exits.
import { once } from 'node:events';
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import express from 'express';
import { openDatabase } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { fixedSecurityHeaders, securityHeaders } from '../api/src/middleware/security';
import { AnalyticsWriteBuffer, type ClickRow } from '../api/src/analytics';
import { createGo, type ClickSink } from '../api/src/go';
import { SERVER_WRITER_OPTIONS, seedBenchLinks } from './support/go-fixtures';
import type { ClickMessage } from './go-click-worker';

/**
 * GO_BENCH_MEMORY_LOG, a diagnostic: a file that gets one JSON line every 500 ms with the
 * process's memory as V8 sees it (process.memoryUsage) and as the kernel does (/proc/self/status:
 * RssAnon, RssFile, RssShmem), to tell the heap from native memory (SQLite's caches, malloc).
 */
const memoryLog = process.env.GO_BENCH_MEMORY_LOG;
if (memoryLog) {
  const { appendFileSync, readFileSync } = await import('node:fs');
  const { getHeapSpaceStatistics } = await import('node:v8');
  const kb = (status: string, field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  setInterval(() => {
    const usage = process.memoryUsage();
    const status = readFileSync('/proc/self/status', 'utf8');
    appendFileSync(
      memoryLog,
      `${JSON.stringify({
        t: Date.now(),
        rss: mb(usage.rss),
        heapTotal: mb(usage.heapTotal),
        heapUsed: mb(usage.heapUsed),
        external: mb(usage.external),
        arrayBuffers: mb(usage.arrayBuffers),
        anon: Math.round(kb(status, 'RssAnon') / 1024),
        file: Math.round(kb(status, 'RssFile') / 1024),
        shmem: Math.round(kb(status, 'RssShmem') / 1024),
        // Each V8 space: committed / used MB.
        spaces: Object.fromEntries(
          getHeapSpaceStatistics().map((space) => [
            space.space_name.replace('_space', ''),
            `${mb(space.space_size)}/${mb(space.space_used_size)}`,
          ]),
        ),
      })}\n`,
    );
  }, 500).unref();
}
const links = Number(process.env.LINKS ?? 600);
const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || null,
  dataDir: process.env.DATA_DIR ?? './data',
  // GO_BENCH_WRITE_CACHE_KIB, a diagnostic: the SQLite writer's page cache (database.ts).
  ...(process.env.GO_BENCH_WRITE_CACHE_KIB
    ? { writeCacheKib: Number(process.env.GO_BENCH_WRITE_CACHE_KIB) }
    : {}),
});
await migrate(db);
await seedBenchLinks(db, links);

const writer = new AnalyticsWriteBuffer(db, SERVER_WRITER_OPTIONS);
writer.start();
/**
 * GO_BENCH_CLICKS, a diagnostic: where a click's cost lies. `unwritten`: clicks are recorded
 * (dedupe, queue, the record and its visitor made) and then dropped instead of written;
 * `unrecorded`: clicks are admitted and queued but never made into records. Either way the
 * bench reports every click lost: the figures are not the product's. `worker`: clicks are written
 * by a write buffer of their own on a worker thread (bench/go-click-worker.ts), all stored.
 * (Session 38's `log` and `log-derive`, the click log's prototype, are the product's since
 * migration 0029: api/src/analytics/click-log.ts.)
 */
const diagnostic = process.env.GO_BENCH_CLICKS;

const clickWorker =
  diagnostic === 'worker'
    ? // TypeScript through tsx, registered in the worker itself (it has no --import of its own).
      new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
          new URL('./go-click-worker.ts', import.meta.url).href,
        )}); });`,
        {
          eval: true,
          workerData: {
            databaseUrl: process.env.DATABASE_URL || null,
            dataDir: process.env.DATA_DIR,
          },
        },
      )
    : null;
if (clickWorker) await once(clickWorker, 'message');
let outbox: ClickRow[] = [];
const sendClicks = () => {
  if (outbox.length === 0) return;
  clickWorker!.postMessage({ type: 'clicks', clicks: outbox } satisfies ClickMessage);
  outbox = [];
};
const workerSink: ClickSink = {
  addClick(row) {
    if (outbox.length === 0) setImmediate(sendClicks);
    outbox.push(row);
    return true;
  },
};
const go = createGo({
  config: { sessionSecret: 'bench-secret' },
  db,
  log: (line) => console.error(line),
  clicks:
    diagnostic === 'unwritten'
      ? { addClick: () => true, addBot: () => true }
      : clickWorker
        ? workerSink
        : writer,
});
const { recorder, queue } = go;
if (diagnostic === 'unrecorded') recorder.emitAdmitted = () => 'counted';

const app = express();
app.disable('x-powered-by');
// GO_BENCH_VISITORS=addresses sends each visitor's address as a proxy would (X-Forwarded-For);
// only then is the loopback trusted, so the default run's redirect is the one measured before.
if (process.env.GO_BENCH_VISITORS === 'addresses') app.set('trust proxy', 'loopback');
// The yardstick: a bare Express 302, first in the app, so that nothing of the site's (its
// security headers' middleware) runs for it. Until session 46 it sat behind helmet, which cost
// it 40-60% more CPU than a bare 302 and flattered /go's ratio (docs/decisions.md).
app.get('/bare/:id', (_req, res) => {
  res
    .status(302)
    .set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' })
    .set('Location', 'https://shopee.example/p/1?aff=diskonradar')
    .end();
});
app.use(securityHeaders());
app.use('/go', go.router);
// As server.ts serves it (app.ts requestListener): a known link's 302 before Express, every
// other request to the app.
const front = go.router.redirect(
  fixedSecurityHeaders(),
  app.get('trust proxy fn') as Parameters<typeof go.router.redirect>[1],
);
const server = http.createServer((req, res) => front(req, res, () => app(req, res)));
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`go server at http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void go
    .close()
    .then(() => writer.stop())
    .then(async () => {
      let worker = { written: 0, dropped: 0 };
      if (clickWorker) {
        sendClicks();
        clickWorker.postMessage({ type: 'stop' } satisfies ClickMessage);
        [worker] = (await once(clickWorker, 'message')) as [typeof worker];
      }
      console.log(
        `go counters ${JSON.stringify({
          counted: recorder.counted,
          duplicates: recorder.duplicates,
          dropped: recorder.dropped + writer.dropped + worker.dropped,
          written: writer.written + worker.written,
          queue: queue.stats(),
          writeBuffer: { fullEvents: writer.stats().fullEvents },
        })}`,
      );
      await db.close();
      process.exit(0);
    });
});
