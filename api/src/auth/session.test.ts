import Keygrip from 'keygrip';
import { expect, it } from 'vitest';
import type { AdminSessionInfo } from '@shared/types';
import { describeApi } from '../../test/support/api';
import { TestClient } from '../../test/support/client';
import {
  BCRYPT_BOUND_MS,
  createStaff,
  itWithStaff,
  meStatus,
  signIn,
  signInMany,
} from '../../test/support/staff';
import { resetAdminPassword } from './users';
import { SESSION_COOKIE } from './session';

const SECRET = 'test-session-secret';

/** Signs a session cookie exactly as cookie-session does, to test what the server accepts. */
function forgeSessionCookie(payload: object, secret = SECRET): string {
  const value = Buffer.from(JSON.stringify(payload)).toString('base64');
  const signature = new Keygrip([secret]).sign(`${SESSION_COOKIE}=${value}`);
  return `${SESSION_COOKIE}=${value}; ${SESSION_COOKIE}.sig=${signature}`;
}

/** The payload of the client's signed session cookie. */
function cookiePayload(client: TestClient): Record<string, unknown> {
  const value = /dr_session=([^;]+)/.exec(client.cookieHeader)?.[1] ?? '';
  return JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as Record<string, unknown>;
}

const HOUR = 60 * 60 * 1000;

describeApi('server-side sessions', (api) => {
  const sessions = (client: TestClient) => client.get<AdminSessionInfo[]>('/api/admin/sessions');

  /** Moves a session's clock: its row is changed in the database, as time would. */
  async function age(client: TestClient, fields: Record<string, Date>) {
    const list = (await sessions(client)).body;
    const current = list.find((s) => s.current)!;
    await api.server.running.db.write((transaction) =>
      api.server.running.db.models.AdminSession.update(fields, {
        where: { id: Number(current.id) },
        transaction,
      }),
    );
  }

  itWithStaff(api, 'keeps only a random session id in the signed cookie', async (staff) => {
    const browser = await signIn(api, staff);
    const payload = cookiePayload(browser);
    expect(Object.keys(payload)).toEqual(['sid']);
    expect(String(payload.sid)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it(
    'refuses old-style, unknown and foreign-signed cookies',
    async () => {
      const status = async (cookie: string) =>
        (await fetch(`${api.url}/api/admin/me`, { headers: { cookie } })).status;
      expect(await status(forgeSessionCookie({ uid: 1, ver: 0, iat: Date.now() }))).toBe(401);
      expect(await status(forgeSessionCookie({ sid: 'A'.repeat(43) }))).toBe(401);
      const staff = await createStaff(api);
      const browser = await signIn(api, staff);
      const { sid } = cookiePayload(browser);
      expect(await status(forgeSessionCookie({ sid }))).toBe(200);
      expect(await status(forgeSessionCookie({ sid }, 'guessed-secret'))).toBe(401);
    },
    BCRYPT_BOUND_MS,
  );

  itWithStaff(
    api,
    'ends a session 12 hours after sign-in and after 2 hours without use',
    async (staff) => {
      const absolute = await signIn(api, staff);
      await age(absolute, { expiresAt: new Date(Date.now() - 1000) });
      expect(await meStatus(absolute)).toBe(401);

      const idle = await signIn(api, staff);
      await age(idle, { lastSeenAt: new Date(Date.now() - 2 * HOUR - 1000) });
      expect(await meStatus(idle)).toBe(401);

      // Used 1 h 59 min ago: still valid, and the use is recorded.
      const active = await signIn(api, staff);
      await age(active, { lastSeenAt: new Date(Date.now() - 2 * HOUR + 60_000) });
      expect(await meStatus(active)).toBe(200);
      const seen = (await sessions(active)).body.find((s) => s.current)!;
      expect(Date.now() - Date.parse(seen.lastSeenAt)).toBeLessThan(60_000);
    },
  );

  itWithStaff(
    api,
    'a signed-in request does not wait for the writer to record its use',
    async (staff) => {
      const browser = await signIn(api, staff);
      const id = Number((await sessions(browser)).body.find((s) => s.current)!.id);
      const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
      await age(browser, { lastSeenAt: tenMinutesAgo });
      const { db } = api.server.running;
      // A long write (on SQLite, the one writer: a bulk import holds it for minutes).
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const writing = db.write(() => held);
      try {
        const answered = await Promise.race([
          meStatus(browser),
          new Promise((resolve) => setTimeout(() => resolve('still waiting'), 10_000)),
        ]);
        expect(answered).toBe(200);
      } finally {
        release();
        await writing;
      }
      // Recorded once the writer is free.
      await expect
        .poll(async () => (await db.models.AdminSession.findByPk(id))!.lastSeenAt.getTime())
        .toBeGreaterThan(tenMinutesAgo.getTime() + 60_000);
    },
  );

  itWithStaff(api, 'lists the user’s sessions and ends them one by one', async (staff) => {
    const laptop = await signIn(api, staff);
    const phone = await signIn(
      api,
      staff,
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    );
    const tablet = await signIn(api, staff);

    const listed = await sessions(laptop);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(3);
    expect(listed.body.filter((s) => s.current)).toHaveLength(1);
    for (const session of listed.body) {
      expect(Object.keys(session).sort()).toEqual(
        ['createdAt', 'current', 'id', 'ip', 'lastSeenAt', 'userAgent'].sort(),
      );
      expect(session.ip).toMatch(/127\.0\.0\.1/);
    }
    const phoneId = (await sessions(phone)).body.find((s) => s.current)!.id;
    expect(listed.body.find((s) => s.id === phoneId)?.userAgent).toContain('Android');

    // The laptop ends the phone's session: only the phone is signed out.
    expect((await laptop.delete(`/api/admin/sessions/${phoneId}`)).status).toBe(204);
    expect(await meStatus(phone)).toBe(401);
    expect(await meStatus(laptop)).toBe(200);
    expect(await meStatus(tablet)).toBe(200);
    expect((await laptop.delete(`/api/admin/sessions/${phoneId}`)).status).toBe(404);

    // Logout ends the session it is sent from, and only that one.
    expect((await tablet.post('/api/admin/logout')).status).toBe(200);
    expect(await meStatus(tablet)).toBe(401);
    expect(await meStatus(laptop)).toBe(200);
    expect((await sessions(laptop)).body.map((s) => s.current)).toEqual([true]);
  });

  itWithStaff(api, 'ends all other sessions, and never another user’s', async (staff) => {
    const first = await signIn(api, staff);
    const others = await signInMany(api, staff, 2);
    const stranger = await signIn(api, await createStaff(api));
    const strangerId = (await sessions(stranger)).body[0]!.id;
    expect((await first.delete(`/api/admin/sessions/${strangerId}`)).status).toBe(404);
    expect(await meStatus(stranger)).toBe(200);

    const revoked = await first.post<{ ended: number }>('/api/admin/sessions/revoke-others');
    expect(revoked.status).toBe(200);
    expect(revoked.body.ended).toBe(2);
    for (const other of others) expect(await meStatus(other)).toBe(401);
    expect(await meStatus(first)).toBe(200);
    expect(await meStatus(stranger)).toBe(200);
    expect((await sessions(first)).body).toHaveLength(1);
  });

  itWithStaff(api, 'a copied cookie is the same session: it ends with it', async (staff) => {
    const tab = await signIn(api, staff);
    const copy = new TestClient(api.url);
    copy.cloneCookiesFrom(tab);
    expect(await meStatus(copy)).toBe(200);
    await tab.post('/api/admin/logout');
    expect(await meStatus(copy)).toBe(401);
  });

  itWithStaff(
    api,
    'a password reset from the command line signs the user out everywhere',
    async (staff) => {
      const browsers = await signInMany(api, staff, 2);
      await resetAdminPassword(api.server.running.db, staff.username, 'a-new-password-1');
      for (const browser of browsers) expect(await meStatus(browser)).toBe(401);
      const old = await new TestClient(api.url).post('/api/admin/login', {
        username: staff.username,
        password: staff.password,
      });
      expect(old.status).toBe(401);
      await signIn(api, { username: staff.username, password: 'a-new-password-1' });
    },
  );
});
