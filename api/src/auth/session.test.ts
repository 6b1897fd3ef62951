import Keygrip from 'keygrip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, resetAdminPassword } from './users';
import { SESSION_COOKIE } from './session';
import { TestClient } from '../../test/support/client';
import { startTestServer, type TestServer } from '../../test/support/server';

const SECRET = 'test-session-secret';

/** Signs a session cookie exactly as cookie-session does, to test what the server accepts. */
function forgeSessionCookie(payload: object, secret = SECRET): string {
  const value = Buffer.from(JSON.stringify(payload)).toString('base64');
  const signature = new Keygrip([secret]).sign(`${SESSION_COOKIE}=${value}`);
  return `${SESSION_COOKIE}=${value}; ${SESSION_COOKIE}.sig=${signature}`;
}

async function me(server: TestServer, cookie: string) {
  const response = await fetch(`${server.url}/api/admin/me`, { headers: { cookie } });
  return response.status;
}

describe('session lifetime and revocation (SQLite)', () => {
  let server: TestServer;
  let userId: number;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { seedDemo: false });
    const user = await createAdmin(server.running.db, 'editor', 'editor-password-1');
    userId = user.id;
  });

  afterAll(async () => {
    await server?.close();
  });

  it('accepts a fresh cookie and refuses one older than 12 hours', async () => {
    expect(await me(server, forgeSessionCookie({ uid: userId, ver: 0, iat: Date.now() }))).toBe(
      200,
    );
    const thirteenHoursAgo = Date.now() - 13 * 60 * 60 * 1000;
    expect(
      await me(server, forgeSessionCookie({ uid: userId, ver: 0, iat: thirteenHoursAgo })),
    ).toBe(401);
  });

  it('refuses a cookie signed with another secret', async () => {
    const forged = forgeSessionCookie({ uid: userId, ver: 0, iat: Date.now() }, 'guessed');
    expect(await me(server, forged)).toBe(401);
  });

  it('signs the user out everywhere when the password is reset', async () => {
    const browser = new TestClient(server.url);
    const login = await browser.post('/api/admin/login', {
      username: 'editor',
      password: 'editor-password-1',
    });
    expect(login.status).toBe(200);
    expect((await browser.get('/api/admin/me')).status).toBe(200);
    await resetAdminPassword(server.running.db, 'editor', 'editor-password-2');
    expect((await browser.get('/api/admin/me')).status).toBe(401);
    const old = await browser.post('/api/admin/login', {
      username: 'editor',
      password: 'editor-password-1',
    });
    expect(old.status).toBe(401);
    const fresh = await browser.post('/api/admin/login', {
      username: 'editor',
      password: 'editor-password-2',
    });
    expect(fresh.status).toBe(200);
  });
});
