import { describe, expect, it } from 'vitest';
import { isUuid } from './params';
import { timeOrderedUuid } from './time-ordered-id';

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID that product id checks accept', () => {
    const id = timeOrderedUuid();
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
  });

  it('starts with the millisecond it was made in', () => {
    const at = Date.UTC(2026, 10, 24, 8, 30, 0, 123);
    const id = timeOrderedUuid(at);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts ids of later milliseconds after earlier ones, as text', () => {
    const start = Date.UTC(2026, 0, 1);
    const ids = Array.from({ length: 1000 }, (_, n) => timeOrderedUuid(start + n));
    expect([...ids].sort()).toEqual(ids);
  });

  it('gives a different id each time within one millisecond', () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => timeOrderedUuid(at)));
    expect(ids.size).toBe(10_000);
  });
});
