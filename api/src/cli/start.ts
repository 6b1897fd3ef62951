import cluster from 'node:cluster';
import { loadConfig } from '../config';
import { prepareDatabase, startServer } from '../server';
import type { FirstAdmin } from '../auth/users';
import { RETIRE_MESSAGE, runPrimary } from './cluster';
import { writePidFile } from './pid-file';
import { startBanner } from './start-banner';

const log = (line: string) => console.log(line);

/** One server: the only process, or one worker of a cluster. */
async function main() {
  if (!cluster.isWorker) {
    // From the start (SIGHUP would end the process by default): a reload needs the cluster
    // (docs/operations.md).
    process.on('SIGHUP', () =>
      log(
        'SIGHUP received: a rolling reload needs PostgreSQL and WEB_CONCURRENCY of 2 or more; ' +
          'this server runs as one process and keeps running as it is.',
      ),
    );
  }
  const running = await startServer({ log });
  const worker = cluster.isWorker ? `, worker ${process.pid}` : '';
  // Tests, benches and scripts read the address from this line.
  log(`DiskonRadar is serving at ${running.url} (${running.db.dialect}${worker})`);
  if (!cluster.isWorker) {
    const siteUrl = running.config.publicUrl ?? running.url;
    log(startBanner({ siteUrl, firstAdmin: running.firstAdmin }));
  }
  if (cluster.isWorker && running.config.env === 'test') {
    // Tests only: shows which worker answered (the cluster test needs to see both serve).
    running.server.prependListener('request', (_req, res) => {
      res.setHeader('X-Worker-Pid', String(process.pid));
    });
  }

  let stopping = false;
  const stop = (signal: string, restart = false) => {
    if (stopping) return;
    stopping = true;
    const { shutdownTimeoutMs } = running.config.limits;
    log(`${signal}: finishing in-flight requests (at most ${shutdownTimeoutMs} ms)...`);
    // The hard deadline: whatever still hangs, the analytics get a last flush and the process
    // ends on time. The last quarter (up to 2 s) of the deadline is kept for that flush.
    const flushAt = shutdownTimeoutMs - Math.min(2000, Math.floor(shutdownTimeoutMs / 4));
    setTimeout(() => {
      log('Shutdown deadline near: flushing the analytics, then exiting.');
      // The redirect's clicks are analytics too: the ones still queued go in first, at once
      // (a full write buffer is not waited for at the deadline).
      const clicks = running.go.queue.close(0).then(() => running.analytics.buffer.flush());
      void Promise.all([running.analytics.buffer.flush(), clicks]).then(
        () => {
          log(
            `Stopped at the deadline, analytics flushed (${running.analytics.buffer.size} rows left).`,
          );
          process.exit(1);
        },
        () => undefined,
      );
    }, flushAt).unref();
    setTimeout(() => {
      log(`Shutdown deadline (${shutdownTimeoutMs} ms) passed: exiting.`);
      process.exit(1);
    }, shutdownTimeoutMs).unref();
    running.close({ restart }).then(
      () => {
        log('Stopped cleanly.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM received'));
  process.on('SIGINT', () => stop('SIGINT received'));
  if (cluster.isWorker) {
    // A rolling reload replaces this worker: the same graceful stop as SIGTERM.
    process.on('message', (message) => {
      if (message === RETIRE_MESSAGE) stop('Replaced by a reload', true);
    });
    // SIGHUP is the primary's (a reload); one sent to the whole process group must not end us.
    process.on('SIGHUP', () => undefined);
  } else {
    writePidFile(running.config.dataDir, 'single');
  }
}

/**
 * WEB_CONCURRENCY > 1 on PostgreSQL: this process migrates and seeds once, then forks the
 * workers and supervises them. SQLite has one writer, so it always runs as one process.
 */
async function launch() {
  if (cluster.isPrimary) {
    const config = loadConfig();
    const workers = config.webConcurrency;
    if (workers > 1 && !config.databaseUrl) {
      log(
        `WEB_CONCURRENCY=${workers} ignored: SQLite runs as one process (one writer). ` +
          'Set DATABASE_URL to a PostgreSQL database to run several.',
      );
    } else if (workers > 1) {
      let firstAdmin: FirstAdmin | null = null;
      const db = await prepareDatabase(config, log, (admin) => (firstAdmin = admin));
      await db.close();
      log(`Starting ${workers} workers (primary ${process.pid})...`);
      runPrimary({ workers, log, stopTimeoutMs: config.limits.shutdownTimeoutMs + 5000 });
      writePidFile(config.dataDir, 'cluster');
      const shownHost =
        config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
      const siteUrl = config.publicUrl ?? `http://${shownHost}:${config.port}`;
      log(startBanner({ siteUrl, firstAdmin }));
      return;
    }
  }
  await main();
}

launch().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
