import { expect, it } from 'vitest';
import type { AdminUserInfo } from '@shared/types';
import { describeApi } from '../../test/support/api';
import { TestClient } from '../../test/support/client';
import { unique } from '../../test/support/fixtures';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../../test/support/server';
import {
  BCRYPT_BOUND_MS,
  createStaff,
  itWithStaff,
  meStatus,
  signIn,
  signInMany,
} from '../../test/support/staff';

describeApi('admin users', (api) => {
  itWithStaff(api, 'lists admins without any password or hash', async (staff) => {
    const res = await api.admin.get<AdminUserInfo[]>('/api/admin/users');
    expect(res.status).toBe(200);
    const names = res.body.map((u) => u.username);
    expect(names).toContain(ADMIN_USERNAME);
    expect(names).toContain(staff.username);
    expect(res.body.find((u) => u.username === staff.username)).toEqual({
      id: staff.user.id,
      username: staff.username,
      disabled: false,
      createdAt: expect.any(String),
    });
    expect(res.text).not.toMatch(/password|hash|\$2[aby]\$/i);
  });

  it(
    'adds an admin who can sign in; validates name and password; refuses a taken name',
    async () => {
      const username = `new-${unique()}`;
      const created = await api.admin.post<AdminUserInfo>('/api/admin/users', {
        username: `  ${username}  `,
        password: 'ten-chars!',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ username, disabled: false });
      await signIn(api, { username, password: 'ten-chars!' });

      const short = await api.admin.post<{ errors: Record<string, string> }>('/api/admin/users', {
        username: `other-${unique()}`,
        password: 'nine-char',
      });
      expect(short.status).toBe(400);
      expect(short.body.errors.password).toBe('Password must be at least 10 characters');
      const badName = await api.admin.post<{ errors: Record<string, string> }>('/api/admin/users', {
        username: 'has space',
        password: 'long-enough-password',
      });
      expect(badName.status).toBe(400);
      expect(badName.body.errors.username).toMatch(/letters, digits/);
      const taken = await api.admin.post<{ message: string }>('/api/admin/users', {
        username: username.toUpperCase(),
        password: 'long-enough-password',
      });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('Username already exists');
    },
    BCRYPT_BOUND_MS,
  );

  itWithStaff(api, 'a password reset ends every session of that user', async (staff) => {
    const browsers = await signInMany(api, staff, 2);
    const short = await api.admin.put(`/api/admin/users/${staff.user.id}`, {
      password: 'short',
      currentPassword: ADMIN_PASSWORD,
    });
    expect(short.status).toBe(400);
    for (const browser of browsers) expect(await meStatus(browser)).toBe(200);
    const reset = await api.admin.put<AdminUserInfo>(`/api/admin/users/${staff.user.id}`, {
      password: 'brand-new-password',
      currentPassword: ADMIN_PASSWORD,
    });
    expect(reset.status).toBe(200);
    for (const browser of browsers) expect(await meStatus(browser)).toBe(401);
    await signIn(api, { username: staff.username, password: 'brand-new-password' });
    expect((await api.admin.get('/api/admin/me')).status).toBe(200);
  });

  itWithStaff(
    api,
    'a disabled user is signed out at once and cannot sign in until enabled',
    async (staff) => {
      const browser = await signIn(api, staff);
      const disabled = await api.admin.put<AdminUserInfo>(`/api/admin/users/${staff.user.id}`, {
        disabled: true,
        currentPassword: ADMIN_PASSWORD,
      });
      expect(disabled.status).toBe(200);
      expect(disabled.body.disabled).toBe(true);
      expect(await meStatus(browser)).toBe(401);
      expect((await browser.get('/api/admin/categories')).status).toBe(401);
      const refused = await new TestClient(api.url).post<{ message: string }>('/api/admin/login', {
        username: staff.username,
        password: staff.password,
      });
      // Exactly like a wrong password: the answer never tells that the password was right.
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe('Invalid username or password');
      const wrong = await new TestClient(api.url).post<{ message: string }>('/api/admin/login', {
        username: staff.username,
        password: 'not-the-password',
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe('Invalid username or password');
      expect(refused.text).toBe(wrong.text);
      // The audit log, which only staff read, tells the two apart.
      const failures = await api.admin.get<{ entries: { summary: string }[] }>(
        `/api/admin/audit?username=${encodeURIComponent(staff.username)}&limit=5`,
      );
      expect(failures.body.entries.map((entry) => entry.summary).slice(0, 2)).toEqual([
        'Gagal masuk',
        'Masuk ditolak: akun dinonaktifkan',
      ]);

      await api.admin.put(`/api/admin/users/${staff.user.id}`, {
        disabled: false,
        currentPassword: ADMIN_PASSWORD,
      });
      await signIn(api, staff);
    },
  );

  itWithStaff(
    api,
    'a user cannot disable itself; a new password of its own keeps this session only',
    async (staff) => {
      const here = await signIn(api, staff);
      const elsewhere = await signIn(api, staff);
      const self = await here.put<{ message: string }>(`/api/admin/users/${staff.user.id}`, {
        disabled: true,
        currentPassword: staff.password,
      });
      expect(self.status).toBe(400);
      expect(self.body.message).toBe('You cannot disable your own account');
      expect(await meStatus(here)).toBe(200);

      const own = await here.put(`/api/admin/users/${staff.user.id}`, {
        password: 'my-own-new-password',
        currentPassword: staff.password,
      });
      expect(own.status).toBe(200);
      expect(await meStatus(here)).toBe(200);
      expect(await meStatus(elsewhere)).toBe(401);
      expect((await api.admin.put('/api/admin/users/999999', { disabled: true })).status).toBe(404);
    },
  );

  itWithStaff(
    api,
    "a new password or a change of status asks for the acting admin's current password",
    async (staff) => {
      const browser = await signIn(api, staff);
      const url = `/api/admin/users/${staff.user.id}`;
      const attempts = [
        { password: 'takeover-password' },
        { disabled: true },
        { password: 'takeover-password', currentPassword: '' },
        { password: 'takeover-password', currentPassword: 'not-my-password' },
        { disabled: true, currentPassword: staff.password },
      ];
      for (const body of attempts) {
        const res = await api.admin.put<{ message: string; errors: Record<string, string> }>(
          url,
          body,
        );
        expect(res.status, JSON.stringify(body)).toBe(403);
        expect(res.body.errors.currentPassword).toMatch(/^Your current password is /);
      }
      // Nothing changed: the account is enabled, its password and its session still work.
      expect(await meStatus(browser)).toBe(200);
      await signIn(api, staff);
      const changed = await api.admin.put<AdminUserInfo>(url, {
        disabled: true,
        currentPassword: ADMIN_PASSWORD,
      });
      expect(changed.status).toBe(200);
      expect(changed.body.disabled).toBe(true);
      // A staff member's own new password asks for their own current one, too.
      const other = await createStaff(api, 'own');
      const own = await signIn(api, other);
      const ownUrl = `/api/admin/users/${other.user.id}`;
      expect((await own.put(ownUrl, { password: 'my-new-password-1' })).status).toBe(403);
      expect(
        (await own.put(ownUrl, { password: 'my-new-password-1', currentPassword: ADMIN_PASSWORD }))
          .status,
      ).toBe(403);
      expect(
        (await own.put(ownUrl, { password: 'my-new-password-1', currentPassword: other.password }))
          .status,
      ).toBe(200);
    },
  );
});
