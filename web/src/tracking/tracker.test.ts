import { describe, expect, it } from 'vitest';
import { scrollDepth, sessionIdFor } from './tracker';

describe('scrollDepth', () => {
  it('is the share of the page seen, capped at 100', () => {
    expect(scrollDepth(0, 800, 4000)).toBe(20);
    expect(scrollDepth(1200, 800, 4000)).toBe(50);
    expect(scrollDepth(5000, 800, 4000)).toBe(100);
    expect(scrollDepth(0, 800, 0)).toBe(100);
  });
});

describe('sessionIdFor', () => {
  it('keeps one id per tab session and makes a valid new one', () => {
    const values = new Map<string, string>();
    const store = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    } as unknown as Storage;
    const id = sessionIdFor(store);
    expect(id).toMatch(/^[a-f0-9]{32}$/);
    expect(sessionIdFor(store)).toBe(id);
    values.set('dr_session_id', '<bad id>');
    expect(sessionIdFor(store)).not.toBe('<bad id>');
    expect(sessionIdFor(null)).toMatch(/^[a-f0-9]{32}$/);
  });
});
