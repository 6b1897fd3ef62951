import { once } from 'node:events';
import type { Response } from 'express';
import { csvRecord } from '../../lib/csv-format';

export type WriteRow = (cells: readonly string[]) => Promise<void>;

/** Records are gathered up to about this many characters before a write to the socket. */
const FLUSH_CHARS = 64 * 1024;

/**
 * Answers a CSV download written row by row, every record through `csvRecord` (formulas
 * neutralised, RFC 4180 quoting) with a BOM so Excel reads UTF-8. `write` waits while the
 * socket is full, so a slow client holds the server to one batch, never the whole file. Once
 * the first bytes are out, a failure can only cut the download short.
 */
export async function writeCsv(
  res: Response,
  filename: string,
  columns: readonly string[],
  produce: (write: WriteRow) => Promise<void>,
): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  let pending = '\uFEFF';
  const flush = async () => {
    if (res.destroyed) throw new Error('client went away');
    const text = pending;
    pending = '';
    if (res.write(text)) return;
    // Whichever comes first; the other listener is removed.
    const waiting = new AbortController();
    const { signal } = waiting;
    try {
      await Promise.race([once(res, 'drain', { signal }), once(res, 'close', { signal })]);
    } finally {
      waiting.abort();
    }
  };
  const write: WriteRow = async (cells) => {
    pending += csvRecord(cells);
    if (pending.length >= FLUSH_CHARS) await flush();
  };
  try {
    await write(columns);
    await produce(write);
    await flush();
    res.end();
  } catch (error) {
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}
