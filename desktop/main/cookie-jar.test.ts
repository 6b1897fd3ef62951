import { describe, expect, it } from 'vitest';
import { CookieJar, parseSetCookie } from './cookie-jar';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('parseSetCookie', () => {
  it('reads name, value and expiry (Max-Age wins over Expires)', () => {
    expect(parseSetCookie('dr_session=abc.def; path=/; httponly; samesite=lax', NOW)).toEqual({
      name: 'dr_session',
      value: 'abc.def',
      expiresAt: null,
    });
    expect(
      parseSetCookie('a=1; Expires=Wed, 21 Oct 2099 07:28:00 GMT; Max-Age=60', NOW)?.expiresAt,
    ).toBe(NOW + 60_000);
    expect(parseSetCookie('a=1; expires=Wed, 21 Oct 2099 07:28:00 GMT', NOW)?.expiresAt).toBe(
      Date.UTC(2099, 9, 21, 7, 28, 0),
    );
    expect(parseSetCookie('novalue', NOW)).toBeNull();
    expect(parseSetCookie('bad name=1', NOW)).toBeNull();
  });
});

describe('CookieJar', () => {
  it('sends what the server set and forgets what it expired', () => {
    const saved: string[][] = [];
    const jar = new CookieJar((cookies) => saved.push(cookies.map((c) => c.name)));
    jar.store(
      ['dr_session=s1; path=/; expires=Wed, 21 Oct 2099 07:28:00 GMT', 'dr_session.sig=x1; path=/'],
      NOW,
    );
    expect(jar.header(NOW)).toBe('dr_session=s1; dr_session.sig=x1');
    jar.store(['dr_session=; expires=Thu, 01 Jan 1970 00:00:00 GMT'], NOW);
    expect(jar.header(NOW)).toBe('dr_session.sig=x1');
    // Only cookies with an expiry outlive the app, like a browser keeps them.
    expect(saved).toEqual([['dr_session'], []]);
  });

  it('drops cookies once their time is up, restores kept ones, and clears', () => {
    const jar = new CookieJar();
    jar.store(['a=1; Max-Age=60'], NOW);
    expect(jar.header(NOW + 59_000)).toBe('a=1');
    expect(jar.header(NOW + 61_000)).toBe('');
    const restored = new CookieJar();
    restored.restore(
      [
        { name: 'kept', value: 'v', expiresAt: NOW + 1000 },
        { name: 'stale', value: 'v', expiresAt: NOW - 1 },
      ],
      NOW,
    );
    expect(restored.header(NOW)).toBe('kept=v');
    restored.clear();
    expect(restored.header(NOW)).toBe('');
  });
});
