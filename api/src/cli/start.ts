import { startServer } from '../server';

const log = (line: string) => console.log(line);

async function main() {
  const running = await startServer({ log });
  log(`DiskonRadar is serving at ${running.url} (${running.db.dialect})`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const { shutdownTimeoutMs } = running.config.limits;
    log(`${signal} received: finishing in-flight requests (at most ${shutdownTimeoutMs} ms)...`);
    // The hard deadline: whatever still hangs, the analytics get a last flush and the process
    // ends on time. The last quarter (up to 2 s) of the deadline is kept for that flush.
    const flushAt = shutdownTimeoutMs - Math.min(2000, Math.floor(shutdownTimeoutMs / 4));
    setTimeout(() => {
      log('Shutdown deadline near: flushing the analytics, then exiting.');
      // The redirect's clicks are analytics too.
      void Promise.all([running.analytics.buffer.flush(), running.go.writer.flush()]).then(
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
    running.close().then(
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
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
