import { startServer } from '../server';

const log = (line: string) => console.log(line);

async function main() {
  const running = await startServer({ log });
  log(`DiskonRadar is serving at ${running.url} (${running.db.dialect})`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received: finishing in-flight requests...`);
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
