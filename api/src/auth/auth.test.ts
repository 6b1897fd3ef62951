import { expect, it } from 'vitest';
import { describeApi } from '../../test/support/api';
import { TestClient } from '../../test/support/client';
import { ADMIN_ENDPOINTS } from '../../test/support/fixtures';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../../test/support/server';

describeApi('authentication', (api) => {
  it('refuses every admin path without a session', async () => {
    const anonymous = new TestClient(api.url);
    for (const [method, path] of ADMIN_ENDPOINTS) {
      const body = method === 'GET' ? undefined : {};
      const res = await anonymous.request<{ message: string }>(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('logs in, reports the user, and validates the login form', async () => {
    const me = await api.admin.get<{ user: { username: string } }>('/api/admin/me');
    expect(me.body.user.username).toBe(ADMIN_USERNAME);
    expect(JSON.stringify(me.body)).not.toMatch(/password/i);
    const client = new TestClient(api.url);
    const empty = await client.post<{ errors: Record<string, string> }>('/api/admin/login', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    const wrong = await client.post<{ message: string }>('/api/admin/login', {
      username: ADMIN_USERNAME,
      password: 'wrong-password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid username or password');
  });

  it('sets an httpOnly SameSite=Lax cookie', async () => {
    const response = await fetch(`${api.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
    });
    const cookie = response.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
  });

  it('logout ends the session it is sent from, and only that one', async () => {
    const tab = new TestClient(api.url);
    await tab.post('/api/admin/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    const sameCookie = new TestClient(api.url);
    sameCookie.cloneCookiesFrom(tab);
    expect((await sameCookie.get('/api/admin/me')).status).toBe(200);
    expect((await tab.post('/api/admin/logout')).status).toBe(200);
    expect((await tab.get('/api/admin/me')).status).toBe(401);
    expect((await sameCookie.get('/api/admin/me')).status).toBe(401);
    // The shared admin client signed in separately: its session carries on.
    expect((await api.admin.get('/api/admin/me')).status).toBe(200);
  });

  it('rate-limits repeated failed logins with 429', async () => {
    const attacker = new TestClient(api.url);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await attacker.post('/api/admin/login', {
        username: 'ratelimited-user',
        password: `guess-${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts a username in any case and with spaces as the same one', async () => {
    const attacker = new TestClient(api.url);
    const spellings = ['Victim-User', ' victim-user', 'VICTIM-USER ', 'victim-user'];
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await attacker.post('/api/admin/login', {
        username: spellings[i % spellings.length],
        password: `guess-${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
