import { describe, expect, it } from 'vitest';
import { TimeSlices } from './time-slices';

describe('TimeSlices', () => {
  it('is due once its slice has had its time, and not again until the next', async () => {
    expect(new TimeSlices(0).due).toBe(true);
    const slices = new TimeSlices(60 * 60 * 1000);
    expect(slices.due).toBe(false);
    slices.restart();
    expect(slices.due).toBe(false);
  });

  it('turns the event loop: what was waiting runs before the loop goes on', async () => {
    const slices = new TimeSlices(0);
    let ran = false;
    setImmediate(() => (ran = true));
    await slices.next();
    expect(ran).toBe(true);
  });
});
