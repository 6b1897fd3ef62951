import cluster, { type Worker } from 'node:cluster';

export interface ClusterOptions {
  workers: number;
  log: (line: string) => void;
  /** A worker that lived this long before dying is restarted at once (its backoff resets). */
  stableAfterMs?: number;
  /** Restart delays: first, doubling up to max. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
  /** Reload: how long a new worker may take to listen before the reload is given up. */
  readyTimeoutMs?: number;
  /** Reload: how long an old worker may take to stop (its SHUTDOWN_TIMEOUT_MS and a margin). */
  stopTimeoutMs?: number;
}

/** IPC message from the primary: stop gracefully, this worker is being replaced (a reload). */
export const RETIRE_MESSAGE = 'diskonradar:retire';

/**
 * The primary of `npm start` with WEB_CONCURRENCY > 1: forks the workers (node:cluster: they
 * share the listening port), restarts one that dies, with a growing delay while workers keep
 * dying early, and on SIGTERM or SIGINT passes SIGTERM to every worker and exits once all have
 * exited (0 when every worker stopped cleanly). SIGHUP replaces the workers one at a time
 * (docs/operations.md, "Rolling reload").
 */
export function runPrimary(options: ClusterOptions): void {
  const { log, workers } = options;
  const stableAfterMs = options.stableAfterMs ?? 30_000;
  const firstDelay = options.restartDelayMs ?? 1000;
  const maxDelay = options.maxRestartDelayMs ?? 30_000;
  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
  const started = new Map<Worker, number>();
  /** Workers the primary stopped on purpose (replaced, or a new one given up): not restarted. */
  const retired = new Set<Worker>();
  /** A reload's new workers until they listen: one that exits ends the reload, not restarted. */
  const trial = new Set<Worker>();
  let delay = firstDelay;
  let pendingRestarts = 0;
  let stopping = false;
  let reloading = false;
  let failed = false;

  const fork = () => {
    const worker = cluster.fork();
    started.set(worker, Date.now());
    return worker;
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
    if (retired.delete(worker)) {
      log(`Worker ${worker.process.pid} stopped (${signal ?? `code ${code}`}), replaced.`);
      return;
    }
    if (trial.delete(worker)) {
      log(`New worker ${worker.process.pid} exited (${signal ?? `code ${code}`}) before serving.`);
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

  /** Resolves true once the worker listens (it is then served connections), false if not. */
  const ready = (worker: Worker): Promise<boolean> =>
    new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        worker.off('listening', onListening);
        worker.off('exit', onExit);
        resolve(ok);
      };
      const onListening = () => done(true);
      const onExit = () => done(false);
      const timer = setTimeout(() => done(false), readyTimeoutMs);
      worker.on('listening', onListening);
      worker.on('exit', onExit);
    });

  /** Asks a worker to stop gracefully and waits for it to exit (killed past the deadline). */
  const retire = (worker: Worker): Promise<void> =>
    new Promise((resolve) => {
      if (worker.isDead()) return resolve();
      retired.add(worker);
      const timer = setTimeout(() => worker.process.kill('SIGKILL'), stopTimeoutMs);
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      if (worker.isConnected()) worker.send(RETIRE_MESSAGE);
      else worker.process.kill('SIGTERM');
    });

  /**
   * One worker at a time: a new one is forked and, once it listens, one old one stops (it
   * finishes its requests, flushes its buffers and closes its sockets with 1012). A new worker
   * that does not listen ends the reload; the old workers not yet replaced keep serving.
   */
  const reload = async () => {
    const old = [...started.keys()].filter((worker) => !retired.has(worker));
    const began = Date.now();
    log(`SIGHUP received: reloading ${old.length} workers one at a time...`);
    for (const previous of old) {
      if (stopping) return;
      const fresh = fork();
      trial.add(fresh);
      const listening = await ready(fresh);
      if (listening) trial.delete(fresh);
      else {
        if (stopping) return;
        if (!fresh.isDead()) fresh.process.kill('SIGKILL');
        log(
          `Reload aborted: new worker ${fresh.process.pid} did not start listening; ` +
            'the workers not yet replaced keep serving (see its log lines above).',
        );
        return;
      }
      if (stopping) return;
      log(`Worker ${fresh.process.pid} is serving; stopping worker ${previous.process.pid}...`);
      await retire(previous);
    }
    const pids = [...started.keys()].map((worker) => worker.process.pid).join(', ');
    log(`Reload done in ${((Date.now() - began) / 1000).toFixed(1)} s: workers now ${pids}.`);
  };

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received: stopping ${started.size} workers...`);
    for (const worker of started.keys()) worker.process.kill('SIGTERM');
    finishIfDone();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => {
    if (stopping) return;
    if (reloading) {
      log('SIGHUP received during a reload: ignored (the reload under way goes on).');
      return;
    }
    reloading = true;
    void reload().finally(() => (reloading = false));
  });

  for (let i = 0; i < workers; i += 1) fork();
}
