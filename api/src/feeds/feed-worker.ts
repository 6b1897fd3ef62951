import { openDatabase } from '../db/database';
import { lowestPriority, localBackendOf } from './priority';
import { applyFeedFile } from './run';
import {
  FEED_APPLICATION_NAME,
  type FeedWorkerData,
  type FromFeedWorker,
  type ToFeedWorker,
} from './worker-messages';

/**
 * A feed chunk's write cache on SQLite (the server's is 32 MB, for an import's): its 1,000 rows
 * touch fewer pages than an import chunk's, and the budget of 300 MB holds both processes.
 */
const FEED_WRITE_CACHE_KIB = 16_384;

const describe = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

/**
 * A feed run's reading and writing in a process of its own, started at the lowest CPU
 * priority (run-in-child.ts): reading, mapping and comparing 100,000 rows is seconds of
 * JavaScript and tens of thousands of statements, which in the server's process queued
 * between the site's requests and its queries. Here they have their own loop, threadpool and
 * connections; the chunks are written exactly as in the server, which fetched the feed and
 * ends the run.
 */
async function main(
  send: (message: FromFeedWorker) => Promise<void>,
  data: FeedWorkerData,
  stopping: AbortController,
  leaseLost: AbortController,
  learning: Map<number, () => void>,
) {
  if (data.stopping) stopping.abort();
  if (data.leaseLost) leaseLost.abort();
  let requests = 0;
  // As in the server, the run goes on once the words are learned: a search right after the
  // run finds them.
  const learnWords = (skus: string[]) =>
    new Promise<void>((resolve) => {
      const request = ++requests;
      learning.set(request, resolve);
      void send({ type: 'learnWords', request, skus });
    });
  const db = await openDatabase({
    ...data.database,
    pool: { max: 2 },
    writeCacheKib: FEED_WRITE_CACHE_KIB,
    applicationName: FEED_APPLICATION_NAME,
    // On PostgreSQL the chunk's writes, their triggers and the figure refresh run in the
    // database server's process for this connection, at the site's priority: that backend
    // takes the lowest priority too when it is on this machine and the server may set it.
    onConnect: (client) => {
      const backend = localBackendOf(client);
      if (backend !== null) lowestPriority(backend);
    },
  });
  // Started in the idle class on the last core where it could be (run-in-child.ts): this adds
  // nice 19, and where the start could not, the class and the core.
  lowestPriority(process.pid);
  try {
    const applied = await applyFeedFile(
      {
        db,
        stopping: stopping.signal,
        onUnexpectedError: (error) => void send({ type: 'error', text: describe(error) }),
        // The vocabulary that answers typos lives in the server.
        learnWords,
      },
      { feed: data.feed, runId: data.runId, file: data.file, leaseLost: leaseLost.signal },
    );
    await send({ type: 'applied', applied });
  } finally {
    await db.close();
  }
}

function serve(parent: Required<Pick<NodeJS.Process, 'send'>> & NodeJS.Process) {
  const stopping = new AbortController();
  const leaseLost = new AbortController();
  const learning = new Map<number, () => void>();
  const send = (message: FromFeedWorker) =>
    new Promise<void>((resolve) => {
      if (!parent.connected) return resolve();
      parent.send(message, undefined, {}, () => resolve());
    });
  let started = false;
  parent.on('message', (message: ToFeedWorker) => {
    if (message.type === 'start') {
      if (started) return;
      started = true;
      main(send, message.data, stopping, leaseLost, learning)
        // The database could not be opened: the server fails the run.
        .catch((error: unknown) => send({ type: 'error', text: describe(error) }))
        .finally(() => parent.disconnect());
    } else if (message.type === 'stop') stopping.abort();
    else if (message.type === 'leaseLost') leaseLost.abort();
    else {
      learning.get(message.request)?.();
      learning.delete(message.request);
    }
  });
  // Ctrl+C in a terminal, or a service manager stopping the whole group, reaches this process
  // as well as the server: stop after the chunk, as the server asks on its own graceful stop.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopping.abort());
  // The server went away (crashed or killed): stop after the chunk, as on a graceful stop;
  // the lease it no longer renews would stop the run's writes too.
  parent.on('disconnect', () => {
    stopping.abort();
    leaseLost.abort();
    for (const resolve of learning.values()) resolve();
    learning.clear();
  });
}

if (process.send) serve(process as Required<Pick<NodeJS.Process, 'send'>> & NodeJS.Process);
