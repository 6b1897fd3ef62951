import type { ServerResponse } from 'node:http';

/** The client closed the connection while an answer was being streamed to it. */
export class ClientGone extends Error {}

/**
 * Writes a piece of a streamed answer, waiting while the client's buffer is full. Whichever of
 * 'drain' and 'close' comes first removes both listeners: a long answer waits many times on
 * the same response, and a listener left behind each time would pile up (Node warns past 10).
 */
export function writeChunk(res: ServerResponse, chunk: string): Promise<void> | void {
  if (res.destroyed) throw new ClientGone('the client went away');
  if (res.write(chunk)) return;
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
