import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AppliedFile, ApplyJob } from './run';
import type { FeedWorkerData, FromFeedWorker, ToFeedWorker } from './worker-messages';

/**
 * The worker's heap: a run streams its file in chunks of 1,000 rows and keeps no more, and the
 * server's memory budget (300 MB) holds both threads. The young generation small (three 4 MB
 * semi-spaces; the server's are 16 MB since its requests outlived 4 MB ones, docs/decisions.md
 * "A request's garbage dies young"): a run does not answer requests.
 */
const WORKER_HEAP = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 12 };

/**
 * The worker's script: beside the server bundle (`dist/server/feed-worker.js`, built with it),
 * or, when the server itself runs from source (tests, tsx), the TypeScript source loaded
 * through tsx's loader (Node 20 does not apply `--import tsx` to a worker's own entry).
 */
function workerScript(): { script: string | URL; eval: boolean } {
  const bundled = new URL('./feed-worker.js', import.meta.url);
  if (import.meta.url.endsWith('.js') && existsSync(fileURLToPath(bundled))) {
    return { script: bundled, eval: false };
  }
  const source = JSON.stringify(new URL('./feed-worker.ts', import.meta.url).href);
  return {
    script: `import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); })`,
    eval: true,
  };
}

export interface FeedWorkerOptions {
  database: FeedWorkerData['database'];
  stopping: AbortSignal;
  learnWords(skus: string[]): Promise<void>;
  onUnexpectedError(error: unknown): void;
}

/** Thrown when the worker ended without answering what it wrote (it could not start or died). */
export class FeedWorkerDied extends Error {}

/**
 * Applies a spooled feed file on a worker thread (feed-worker.ts): what the run wrote, once
 * the thread has ended. Rejects with FeedWorkerDied when the thread ended without saying.
 */
export function applyInWorker(options: FeedWorkerOptions, job: ApplyJob): Promise<AppliedFile> {
  return new Promise((resolve, reject) => {
    const { script, eval: isCode } = workerScript();
    const data: FeedWorkerData = {
      database: options.database,
      feed: job.feed,
      runId: job.runId,
      file: job.file,
      stopping: options.stopping.aborted,
      leaseLost: job.leaseLost.aborted,
    };
    let worker: Worker;
    try {
      worker = new Worker(script, {
        eval: isCode,
        workerData: data,
        // The server's own flags (heap sizes) are not a worker's: its limit is below.
        execArgv: [],
        resourceLimits: WORKER_HEAP,
      });
    } catch (error) {
      reject(error instanceof Error ? error : new FeedWorkerDied(String(error)));
      return;
    }
    const tell = (message: ToFeedWorker) => () => worker.postMessage(message);
    const stop = tell({ type: 'stop' });
    const leaseLost = tell({ type: 'leaseLost' });
    options.stopping.addEventListener('abort', stop, { once: true });
    job.leaseLost.addEventListener('abort', leaseLost, { once: true });
    let applied: AppliedFile | null = null;
    let last = 'the feed worker ended without an answer';
    worker.on('message', (message: FromFeedWorker) => {
      if (message.type === 'applied') applied = message.applied;
      else if (message.type === 'learnWords') {
        options
          .learnWords(message.skus)
          .catch(options.onUnexpectedError)
          .finally(tell({ type: 'learned', request: message.request }));
      } else {
        last = message.text;
        options.onUnexpectedError(new Error(`[feed worker] ${message.text}`));
      }
    });
    worker.on('error', (error) => {
      last = error.stack ?? error.message;
      options.onUnexpectedError(error);
    });
    worker.on('exit', () => {
      options.stopping.removeEventListener('abort', stop);
      job.leaseLost.removeEventListener('abort', leaseLost);
      if (applied) resolve(applied);
      else reject(new FeedWorkerDied(last));
    });
  });
}
