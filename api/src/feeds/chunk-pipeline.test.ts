import { describe, expect, it } from 'vitest';
import { ChunkPipeline } from './chunk-pipeline';

const later = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('a feed run’s chunk pipeline', () => {
  it('lets the caller go on while a write runs, and waits for it when asked', async () => {
    const pipeline = new ChunkPipeline();
    const order: string[] = [];
    pipeline.start(later(30, null).then(() => void order.push('written')));
    order.push('next chunk mapped');
    expect(await pipeline.settled()).toBe(true);
    expect(order).toEqual(['next chunk mapped', 'written']);
    // Nothing in flight: settles at once.
    expect(await pipeline.settled()).toBe(false);
  });

  it('throws a failed write where the run next waits, not as an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const pipeline = new ChunkPipeline();
      pipeline.start(Promise.reject(new Error('disk full')));
      // Several turns of the loop pass while the next chunk is mapped.
      await later(20, null);
      await expect(pipeline.settled()).rejects.toThrow('disk full');
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });

  it('refuses a second write while one runs, and waits for an abandoned one quietly', async () => {
    const pipeline = new ChunkPipeline();
    let finished = false;
    pipeline.start(
      later(20, null).then(() => {
        finished = true;
        throw new Error('failed after the run did');
      }),
    );
    expect(() => pipeline.start(Promise.resolve())).toThrow('A chunk is still being written');
    await pipeline.abandoned();
    expect(finished).toBe(true);
  });
});
