import cluster, { type Worker } from 'node:cluster';

export interface ClusterOptions {
  workers: number;
  log: (line: string) => void;
  /** A worker that lived this long before dying is restarted at once (its backoff resets). */
  stableAfterMs?: number;
  /** Restart delays: first, doubling up to max. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
}

/**
 * The primary of `npm start` with WEB_CONCURRENCY > 1: forks the workers (node:cluster: they
 * share the listening port), restarts one that dies, with a growing delay while workers keep
 * dying early, and on SIGTERM or SIGINT passes SIGTERM to every worker and exits once all have
 * exited (0 when every worker stopped cleanly).
 */
export function runPrimary(options: ClusterOptions): void {
  const { log, workers } = options;
  const stableAfterMs = options.stableAfterMs ?? 30_000;
  const firstDelay = options.restartDelayMs ?? 1000;
  const maxDelay = options.maxRestartDelayMs ?? 30_000;
  const started = new Map<Worker, number>();
  let delay = firstDelay;
  let pendingRestarts = 0;
  let stopping = false;
  let failed = false;

  const fork = () => {
    const worker = cluster.fork();
    started.set(worker, Date.now());
  };

  const finishIfDone = () => {
    if (stopping && started.size === 0 && pendingRestarts === 0) {
      log(failed ? 'Workers stopped; at least one did not stop cleanly.' : 'Stopped cleanly.');
      process.exit(failed ? 1 : 0);
    }
  };

  cluster.on('online', (worker) => log(`Worker ${worker.process.pid} started.`));
  cluster.on('exit', (worker, code, signal) => {
    const since = started.get(worker) ?? Date.now();
    started.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      finishIfDone();
      return;
    }
    const lived = Date.now() - since;
    if (lived >= stableAfterMs) delay = firstDelay;
    log(
      `Worker ${worker.process.pid} exited (${signal ?? `code ${code}`}) after ` +
        `${Math.round(lived / 1000)} s; starting another in ${delay} ms.`,
    );
    pendingRestarts += 1;
    setTimeout(() => {
      pendingRestarts -= 1;
      if (stopping) return finishIfDone();
      fork();
    }, delay);
    delay = Math.min(delay * 2, maxDelay);
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received: stopping ${started.size} workers...`);
    for (const worker of started.keys()) worker.process.kill('SIGTERM');
    finishIfDone();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < workers; i += 1) fork();
}
