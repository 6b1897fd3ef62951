import { expect, it } from 'vitest';
import { describeApi } from '../../test/support/api';
import { TestClient } from '../../test/support/client';
import { ADMIN_ENDPOINTS } from '../../test/support/fixtures';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../../test/support/server';
import { BCRYPT_BOUND_MS } from '../../test/support/staff';

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

  /**
   * Failed logins as one visitor: the first ten together (each costs a bcrypt comparison,
   * slow on a busy machine), then the rest one by one; the statuses in that order.
   */
  async function failedLogins(usernames: string[]): Promise<number[]> {
    const attacker = new TestClient(api.url);
    const attempt = (username: string, i: number) =>
      attacker.post('/api/admin/login', { username, password: `guess-${i}` });
    const first = await Promise.all(usernames.slice(0, 10).map(attempt));
    const statuses = first.map((res) => res.status);
    for (const [i, username] of usernames.slice(10).entries()) {
      statuses.push((await attempt(username, 10 + i)).status);
    }
    return statuses;
  }

  it(
    'rate-limits repeated failed logins with 429',
    async () => {
      const statuses = await failedLogins(Array(12).fill('ratelimited-user'));
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    },
    BCRYPT_BOUND_MS,
  );

  it(
    'counts a username in any case and with spaces as the same one',
    async () => {
      const spellings = ['Victim-User', ' victim-user', 'VICTIM-USER ', 'victim-user'];
      const statuses = await failedLogins(
        Array.from({ length: 11 }, (_, i) => spellings[i % spellings.length]!),
      );
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    },
    BCRYPT_BOUND_MS,
  );
});
