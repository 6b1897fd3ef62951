import { describe, expect, it } from 'vitest';
import { untilEndOfDay } from './countdown';

describe('untilEndOfDay', () => {
  it('counts hours and minutes to 23:59:59.999 local time', () => {
    const at = (h: number, m: number, s = 0) => new Date(2024, 11, 1, h, m, s).getTime();
    expect(untilEndOfDay(at(0, 0))).toEqual({ hours: 23, minutes: 59 });
    expect(untilEndOfDay(at(22, 30))).toEqual({ hours: 1, minutes: 29 });
    expect(untilEndOfDay(at(23, 59, 30))).toEqual({ hours: 0, minutes: 0 });
  });
});
