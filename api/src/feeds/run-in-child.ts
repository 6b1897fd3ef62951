import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { atLowestPriority } from './priority';
import type { AppliedFile, ApplyJob } from './run';
import type { FeedWorkerData, FromFeedWorker, ToFeedWorker } from './worker-messages';

/**
 * The feed process's heap: a run streams its file in chunks of 1,000 rows and keeps no more,
 * and the server's memory budget (300 MB) holds both processes. A young generation of 2 MB
 * semi-spaces (the server's are 16: it answers requests, a run does not) and a ceiling,
 * which also makes V8 grow the heap by less than its default factor.
 */
const FEED_PROCESS_FLAGS = ['--max-old-space-size=64', '--max-semi-space-size=2'];

/**
 * The feed process's script: beside the server bundle (`dist/server/feed-worker.js`, built
 * with it). A server run from source (tests, tsx) bundles the source the same way once, at its
 * first run, into node_modules/.cache (where the bundle's packages resolve): a process loading
 * the TypeScript through tsx took 2.5 s to start on a busy machine, the bundle 1 s.
 */
function feedProcessScript(): Promise<string> {
  const bundled = new URL('./feed-worker.js', import.meta.url);
  if (import.meta.url.endsWith('.js') && existsSync(fileURLToPath(bundled))) {
    return Promise.resolve(fileURLToPath(bundled));
  }
  sourceBundle ??= bundleFromSource().catch((error: unknown) => {
    sourceBundle = null;
    throw error;
  });
  return sourceBundle;
}

let sourceBundle: Promise<string> | null = null;

async function bundleFromSource(): Promise<string> {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const directory = path.join(root, 'node_modules', '.cache', 'diskonradar');
  const script = path.join(directory, 'feed-worker.js');
  // Several servers from source may build at once (test files run in parallel): each writes
  // its own file and renames it over the last, which is the same source.
  const own = path.join(directory, `feed-worker.${process.pid}.js`);
  await mkdir(directory, { recursive: true });
  const { build } = await import('esbuild');
  await build({
    entryPoints: [fileURLToPath(new URL('./feed-worker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    outfile: own,
    logLevel: 'warning',
  });
  await rename(own, script);
  return script;
}

/**
 * Starts the feed process in the idle class on the last core (priority.ts, atLowestPriority);
 * once loaded it lowers the rest (nice 19, and its backends on PostgreSQL: feed-worker.ts).
 */
function startFeedProcess(start: { command: string; args: string[] }): ChildProcess {
  return spawn(start.command, start.args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
    env: process.env,
  });
}

export interface FeedWorkerOptions {
  database: FeedWorkerData['database'];
  stopping: AbortSignal;
  learnWords(skus: string[]): Promise<void>;
  onUnexpectedError(error: unknown): void;
}

/** Thrown when the feed process ended without answering what it wrote (it could not start or died). */
export class FeedWorkerDied extends Error {}

/**
 * Applies a spooled feed file in a feed process of its own (feed-worker.ts): what the run
 * wrote, once the process has ended. Rejects with FeedWorkerDied when it ended without saying.
 *
 * A process, not a worker thread: a thread shares the server's libuv threadpool, where
 * node-sqlite3 runs every statement, so a run's writes queued beside the site's reads, at the
 * site's priority.
 */
export async function applyInWorker(
  options: FeedWorkerOptions,
  job: ApplyJob,
): Promise<AppliedFile> {
  const start = await atLowestPriority(process.execPath, [
    ...FEED_PROCESS_FLAGS,
    await feedProcessScript(),
  ]);
  return new Promise((resolve, reject) => {
    const data: FeedWorkerData = {
      database: options.database,
      feed: job.feed,
      runId: job.runId,
      file: job.file,
      stopping: options.stopping.aborted,
      leaseLost: job.leaseLost.aborted,
    };
    let child: ChildProcess;
    try {
      child = startFeedProcess(start);
    } catch (error) {
      reject(error instanceof Error ? error : new FeedWorkerDied(String(error)));
      return;
    }
    const tell = (message: ToFeedWorker) => () => {
      if (child.connected) child.send(message);
    };
    const stop = tell({ type: 'stop' });
    const leaseLost = tell({ type: 'leaseLost' });
    options.stopping.addEventListener('abort', stop, { once: true });
    job.leaseLost.addEventListener('abort', leaseLost, { once: true });
    let applied: AppliedFile | null = null;
    let last = 'the feed process ended without an answer';
    child.on('message', (message: FromFeedWorker) => {
      if (message.type === 'applied') applied = message.applied;
      else if (message.type === 'learnWords') {
        options
          .learnWords(message.skus)
          .catch(options.onUnexpectedError)
          .finally(tell({ type: 'learned', request: message.request }));
      } else {
        last = message.text;
        options.onUnexpectedError(new Error(`[feed process] ${message.text}`));
      }
    });
    child.on('error', (error) => {
      last = error.stack ?? error.message;
      options.onUnexpectedError(error);
    });
    // 'close', not 'exit': after the last message on the channel has been read.
    child.on('close', (code, signal) => {
      options.stopping.removeEventListener('abort', stop);
      job.leaseLost.removeEventListener('abort', leaseLost);
      if (applied) resolve(applied);
      else reject(new FeedWorkerDied(`${last} (exit ${signal ?? code})`));
    });
    tell({ type: 'start', data })();
  });
}
