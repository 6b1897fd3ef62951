import { once } from 'node:events';
import type { Response } from 'express';
import { stringify } from 'csv-stringify';

export type WriteRow = (cells: readonly string[]) => Promise<void>;

/**
 * Answers a CSV download written row by row through csv-stringify (RFC 4180 quoting, a BOM
 * so Excel reads UTF-8). `write` waits while the socket is full, so a slow client holds the
 * server to one batch, never the whole file. Once the first bytes are out, a failure can only
 * cut the download short.
 */
export async function writeCsv(
  res: Response,
  filename: string,
  columns: readonly string[],
  produce: (write: WriteRow) => Promise<void>,
): Promise<void> {
  const csv = stringify({ bom: true, record_delimiter: '\r\n' });
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  csv.pipe(res);
  const write: WriteRow = async (cells) => {
    if (res.destroyed) throw new Error('client went away');
    if (csv.write(cells)) return;
    // Whichever comes first; the other listener is removed.
    const waiting = new AbortController();
    const { signal } = waiting;
    try {
      await Promise.race([once(csv, 'drain', { signal }), once(res, 'close', { signal })]);
    } finally {
      waiting.abort();
    }
  };
  try {
    await write(columns);
    await produce(write);
    csv.end();
    await once(csv, 'end');
  } catch (error) {
    csv.destroy();
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}
