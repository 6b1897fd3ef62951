import { expect, it } from 'vitest';
import type { AdminUserInfo } from '@shared/types';
import type { ApiFixture } from './api';
import { TestClient } from './client';
import { unique } from './fixtures';

/**
 * Tests that hash or check several passwords (bcrypt, cost 12) take seconds each on a busy
 * 2-core machine: they get this timeout instead of the project's 30 s.
 */
export const BCRYPT_BOUND_MS = 180_000;

export interface StaffAccount {
  user: AdminUserInfo;
  username: string;
  password: string;
}

/** A new admin account of its own (created through the API), so tests can end its sessions. */
export async function createStaff(api: ApiFixture, prefix = 'staff'): Promise<StaffAccount> {
  const username = `${prefix}-${unique()}`;
  const password = `pw-${unique()}-long`;
  const res = await api.admin.post<AdminUserInfo>('/api/admin/users', { username, password });
  expect(res.status).toBe(201);
  return { user: res.body, username, password };
}

/** A browser of its own, signed in as `account` with the given user agent. */
export async function signIn(
  api: ApiFixture,
  account: { username: string; password: string },
  userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
): Promise<TestClient> {
  const client = new TestClient(api.url);
  const res = await client.post(
    '/api/admin/login',
    { username: account.username, password: account.password },
    { headers: { 'user-agent': userAgent } },
  );
  expect(res.status).toBe(200);
  return client;
}

/** Several browsers of the same account, signed in at once. */
export function signInMany(
  api: ApiFixture,
  account: { username: string; password: string },
  count: number,
): Promise<TestClient[]> {
  return Promise.all(Array.from({ length: count }, () => signIn(api, account)));
}

export const meStatus = async (client: TestClient) => (await client.get('/api/admin/me')).status;

/**
 * A test that works with an admin account of its own, created before `body` runs, under the
 * bcrypt-bound timeout.
 */
export function itWithStaff(
  api: ApiFixture,
  name: string,
  body: (staff: StaffAccount) => Promise<void>,
): void {
  it(name, async () => body(await createStaff(api)), BCRYPT_BOUND_MS);
}
