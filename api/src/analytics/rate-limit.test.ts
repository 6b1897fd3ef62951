import { describe, expect, it } from 'vitest';
import { clientKey } from '../lib/ip';
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
  it('keeps a client budget across reconnects (nothing to open or close)', () => {
    const limiter = new AddressLimiter(1, 2);
    expect(limiter.take('10.0.0.1', 0)).toBe(true);
    expect(limiter.take('10.0.0.1', 0)).toBe(true);
    expect(limiter.take('10.0.0.1', 0)).toBe(false);
    // Another address has its own budget.
    expect(limiter.take('10.0.0.2', 0)).toBe(true);
    // One second later: one more token, not a fresh burst.
    expect(limiter.take('10.0.0.1', 1000)).toBe(true);
    expect(limiter.take('10.0.0.1', 1000)).toBe(false);
  });

  it('stays bounded: least recently seen first out, idle entries dropped', () => {
    const limiter = new AddressLimiter(1, 1, { maxEntries: 3, idleMs: 10_000 });
    for (const n of [1, 2, 3, 4, 5]) limiter.take(`10.0.0.${n}`, 0);
    expect(limiter.size).toBe(3);
    limiter.take('10.0.0.9', 20_000);
    expect(limiter.size).toBe(1);
  });

  it('shares a budget across an IPv6 /64 through clientKey', () => {
    const limiter = new AddressLimiter(1, 1);
    expect(limiter.take(clientKey('2001:db8:1:2::1'), 0)).toBe(true);
    expect(limiter.take(clientKey('2001:db8:1:2:ffff::9'), 0)).toBe(false);
    expect(limiter.take(clientKey('2001:db8:1:3::1'), 0)).toBe(true);
  });
});

describe('clientKey', () => {
  it('keeps IPv4 whole, unwraps mapped IPv4, and cuts IPv6 to its /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey(undefined)).toBe('unknown');
  });
});
