import { describe, expect, it } from 'vitest';
import { AddressLimiter, TokenBucket } from './rate-limit';

describe('TokenBucket', () => {
  it('allows a burst, then the sustained rate', () => {
    const bucket = new TokenBucket(10, 3, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(bucket.take(100)).toBe(true);
    expect(bucket.take(100)).toBe(false);
    // Refills never exceed the burst.
    const refills = [10_000, 10_000, 10_000, 10_000].map((now) => bucket.take(now));
    expect(refills).toEqual([true, true, true, false]);
  });
});

describe('AddressLimiter', () => {
  it('shares one budget between the sockets of an address and forgets it when they close', () => {
    const limiter = new AddressLimiter(1, 2);
    limiter.open('10.0.0.1');
    limiter.open('10.0.0.1');
    expect(limiter.take('10.0.0.1', Date.now())).toBe(true);
    expect(limiter.take('10.0.0.1', Date.now())).toBe(true);
    expect(limiter.take('10.0.0.1', Date.now())).toBe(false);
    limiter.close('10.0.0.1');
    expect(limiter.sockets('10.0.0.1')).toBe(1);
    limiter.close('10.0.0.1');
    expect(limiter.sockets('10.0.0.1')).toBe(0);
    expect(limiter.take('10.0.0.1')).toBe(false);
  });
});
