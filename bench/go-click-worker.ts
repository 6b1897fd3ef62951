// GO_BENCH_CLICKS=worker (bench/go-server.ts), a diagnostic: the /go clicks written by an
// analytics write buffer of their own on a worker thread, with its own connection, instead of
// on the thread that answers the redirects. Not the product: no backpressure to the queue, and
// what the thread holds is lost if the process dies, as the buffer's rows are.
import { parentPort, workerData } from 'node:worker_threads';
import { AnalyticsWriteBuffer, type ClickRow } from '../api/src/analytics';
import { openDatabase } from '../api/src/db/database';
import { SERVER_WRITER_OPTIONS } from './support/go-fixtures';

export type ClickMessage = { type: 'clicks'; clicks: ClickRow[] } | { type: 'stop' };

const { databaseUrl, dataDir } = workerData as { databaseUrl: string | null; dataDir: string };
const db = await openDatabase({ databaseUrl, dataDir, pool: { max: 2 } });
const writer = new AnalyticsWriteBuffer(db, SERVER_WRITER_OPTIONS);
writer.start();
const port = parentPort!;
port.on('message', (message: ClickMessage) => {
  if (message.type === 'clicks') {
    for (const row of message.clicks) writer.addClick(row);
    return;
  }
  void writer
    .stop()
    .then(() => db.close())
    .then(() => port.postMessage({ written: writer.written, dropped: writer.dropped }));
});
port.postMessage({ ready: true });
