import path from 'node:path';
import { isRunning, readPidFile, pidFilePath } from './pid-file';

/**
 * `npm run reload`: sends SIGHUP to the running `npm start` of this DATA_DIR, whose primary
 * then replaces its workers one at a time (docs/operations.md, "Rolling reload").
 */
function main(): number {
  // As loadConfig resolves it, without its side effects (a generated session secret).
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  const running = readPidFile(dataDir);
  if (!running || !isRunning(running.pid)) {
    console.error(
      `No running DiskonRadar server found for DATA_DIR ${dataDir} ` +
        `(${pidFilePath(dataDir)} is missing or stale). Start it with npm start.`,
    );
    return 1;
  }
  if (running.mode !== 'cluster') {
    console.error(
      `The server (pid ${running.pid}) runs as one process: a rolling reload needs ` +
        'PostgreSQL (DATABASE_URL) and WEB_CONCURRENCY of 2 or more. Nothing was sent; ' +
        'restart it to run a new release.',
    );
    return 1;
  }
  process.kill(running.pid, 'SIGHUP');
  console.log(
    `Sent SIGHUP to the server (pid ${running.pid}): its workers are replaced one at a time; ` +
      'its log tells when the reload is done.',
  );
  return 0;
}

try {
  process.exit(main());
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
