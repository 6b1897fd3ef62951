/**
 * Long loops on the server's one event loop (a feed run's rows) give it back every few
 * milliseconds of their own work, not every so many items: how long an item takes depends on
 * the feed (a wide XML item, a narrow CSV row) and on the machine, while what the site's
 * requests waiting behind the loop care about is the time.
 */
export class TimeSlices {
  private started = performance.now();

  constructor(private readonly sliceMs: number) {}

  /** True when the current slice has had its time: the caller awaits `next()`. */
  get due(): boolean {
    return performance.now() - this.started >= this.sliceMs;
  }

  /** A turn of the event loop (what waits for I/O runs first), then a new slice. */
  async next(): Promise<void> {
    await new Promise(setImmediate);
    this.restart();
  }

  /** A new slice without a turn: the caller has just awaited something else. */
  restart(): void {
    this.started = performance.now();
  }
}
