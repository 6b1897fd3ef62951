import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/database';
import { applyFeedFile } from './run';
import type { FeedWorkerData, FromFeedWorker, ToFeedWorker } from './worker-messages';

const describe = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

/**
 * A feed run's reading and writing on its own thread (run-in-worker.ts starts it): reading,
 * mapping and comparing 100,000 rows is seconds of JavaScript, which on the server's event
 * loop sat between every step of the site's requests. Here it has its own loop and its own
 * database connections; the chunks are written exactly as in the server's thread, which
 * fetched the feed and ends the run.
 */
async function main(port: NonNullable<typeof parentPort>, data: FeedWorkerData) {
  const send = (message: FromFeedWorker) => port.postMessage(message);
  const stopping = new AbortController();
  const leaseLost = new AbortController();
  const learning = new Map<number, () => void>();
  let requests = 0;
  port.on('message', (message: ToFeedWorker) => {
    if (message.type === 'stop') stopping.abort();
    else if (message.type === 'leaseLost') leaseLost.abort();
    else {
      learning.get(message.request)?.();
      learning.delete(message.request);
    }
  });
  if (data.stopping) stopping.abort();
  if (data.leaseLost) leaseLost.abort();
  // As in the server's thread, the run goes on once the words are learned: a search right
  // after the run finds them.
  const learnWords = (skus: string[]) =>
    new Promise<void>((resolve) => {
      const request = ++requests;
      learning.set(request, resolve);
      send({ type: 'learnWords', request, skus });
    });
  const db = await openDatabase({ ...data.database, pool: { max: 2 } });
  try {
    const applied = await applyFeedFile(
      {
        db,
        stopping: stopping.signal,
        onUnexpectedError: (error) => send({ type: 'error', text: describe(error) }),
        // The vocabulary that answers typos lives in the server's thread.
        learnWords,
      },
      { feed: data.feed, runId: data.runId, file: data.file, leaseLost: leaseLost.signal },
    );
    send({ type: 'applied', applied });
  } finally {
    await db.close();
  }
}

/**
 * The lowest scheduling priority for this thread. On Linux a nice value is a thread's own, and
 * `setPriority` without a pid sets the calling thread's: on a busy machine the scheduler gives
 * the site's request thread the CPU first, and the run the rest (elsewhere, where the value is
 * the whole process's, or not allowed, the run keeps the normal priority).
 */
function yieldTheCpu() {
  if (process.platform !== 'linux') return;
  try {
    setPriority(19);
  } catch {
    // Not permitted: the run goes on at the normal priority.
  }
}

if (parentPort) {
  yieldTheCpu();
  const port = parentPort;
  main(port, workerData as FeedWorkerData).then(
    () => port.close(),
    (error: unknown) => {
      // The database could not be opened: the server's thread fails the run.
      port.postMessage({ type: 'error', text: describe(error) } satisfies FromFeedWorker);
      port.close();
    },
  );
}
