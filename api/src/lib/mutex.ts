/** Runs async tasks one at a time, in call order. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    // The chain must survive a failed task, or every later caller would inherit its rejection.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
