import { describe, expect, it } from 'vitest';
import { observeSession, sessionSignal } from './session-signal';

describe('sessionSignal', () => {
  it('reads sign-in from a successful login or session check, on any server path', () => {
    expect(sessionSignal('POST', '/api/admin/login', 200)).toBe(true);
    expect(sessionSignal('GET', 'http://localhost:4000/api/admin/me', 200)).toBe(true);
    expect(sessionSignal('GET', 'https://example.com/diskon/api/admin/me', 200)).toBe(true);
  });

  it('reads sign-out from logout and from any 401 of the admin API', () => {
    expect(sessionSignal('post', '/api/admin/logout', 200)).toBe(false);
    expect(sessionSignal('POST', '/api/admin/logout', 500)).toBe(false);
    expect(sessionSignal('GET', '/api/admin/me', 401)).toBe(false);
    expect(sessionSignal('GET', '/api/admin/products', 401)).toBe(false);
  });

  it('says nothing about failed logins, other answers or public endpoints', () => {
    expect(sessionSignal('POST', '/api/admin/login', 401)).toBeNull();
    expect(sessionSignal('POST', '/api/admin/login', 429)).toBeNull();
    expect(sessionSignal('GET', '/api/admin/products', 200)).toBeNull();
    expect(sessionSignal('GET', '/api/admin/me', 500)).toBeNull();
    expect(sessionSignal('GET', '/api/products', 401)).toBeNull();
  });
});

describe('observeSession', () => {
  it('reports what each answer says and passes the response through', async () => {
    const reports: boolean[] = [];
    const statuses: Record<string, number> = {
      '/api/admin/login': 200,
      '/api/admin/categories': 200,
      '/api/admin/stats': 401,
    };
    const fake: typeof fetch = async (input) =>
      new Response('{}', { status: statuses[String(input)] ?? 404 });
    const observed = observeSession(fake, (signedIn) => reports.push(signedIn));
    const login = await observed('/api/admin/login', { method: 'POST' });
    await observed('/api/admin/categories');
    await observed('/api/admin/stats');
    expect(login.status).toBe(200);
    expect(reports).toEqual([true, false]);
  });
});
