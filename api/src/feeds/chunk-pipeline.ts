/**
 * A feed run's chunk writes, one at a time, started without waiting for them: the run reads
 * and maps the next chunk's rows (its JavaScript) while the database writes the last one (its
 * statements), where it used to do one and then the other. A write's failure is not lost
 * between the two: it is thrown where the run next waits for the write.
 */
export class ChunkPipeline {
  private current: Promise<{ error: unknown } | null> | null = null;

  /** Takes the next write; the one before must have been waited for. */
  start(write: Promise<void>): void {
    if (this.current) throw new Error('A chunk is still being written');
    // Handled at once: a failure that waits for the next settle() is not an unhandled one.
    this.current = write.then(
      () => null,
      (error: unknown) => ({ error }),
    );
  }

  /** Waits for the write in flight, if any (answers whether there was); throws its failure. */
  async settled(): Promise<boolean> {
    const current = this.current;
    this.current = null;
    if (!current) return false;
    const outcome = await current;
    if (outcome) throw outcome.error;
    return true;
  }

  /** Waits for the write in flight, whatever its end: the run is failing for another reason. */
  async abandoned(): Promise<void> {
    const current = this.current;
    this.current = null;
    await current;
  }
}
