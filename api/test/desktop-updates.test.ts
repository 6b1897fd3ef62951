import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesktopReleasesResponse } from '@shared/types';
import { TestClient } from './support/client';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from './support/server';

// What `electron-builder --publish never` leaves for the generic provider (one Windows and one
// Linux build), beside files an operator may keep in the same folder that must stay private.
const LATEST_YML = `version: 1.2.0
files:
  - url: DiskonRadar-Setup-1.2.0.exe
    sha512: abc==
    size: 4096
path: DiskonRadar-Setup-1.2.0.exe
sha512: abc==
releaseDate: '2026-11-20T08:00:00.000Z'
`;
const LATEST_LINUX_YML = `version: 1.2.0
files:
  - url: DiskonRadar-1.2.0.AppImage
    sha512: def==
    size: 3000
    blockMapSize: 100
path: DiskonRadar-1.2.0.AppImage
sha512: def==
releaseDate: '2026-11-20T08:00:00.000Z'
`;
const EXE = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

async function login(url: string): Promise<TestClient> {
  const admin = new TestClient(url);
  const res = await admin.post('/api/admin/login', {
    username: ADMIN_USERNAME,
    password: ADMIN_PASSWORD,
  });
  expect(res.status).toBe(200);
  return admin;
}

// The feed reads a folder, not the database: one dialect is enough.
describe('desktop update feed (sqlite)', () => {
  let root: string;
  let dir: string;
  let server: TestServer;
  let unconfigured: TestServer;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'diskonradar-releases-'));
    dir = path.join(root, 'releases');
    await mkdir(path.join(dir, 'subdir'), { recursive: true });
    await writeFile(path.join(dir, 'latest.yml'), LATEST_YML);
    await writeFile(path.join(dir, 'latest-linux.yml'), LATEST_LINUX_YML);
    await writeFile(path.join(dir, 'DiskonRadar-Setup-1.2.0.exe'), EXE);
    await writeFile(path.join(dir, 'DiskonRadar-Setup-1.2.0.exe.blockmap'), 'blockmap');
    await writeFile(path.join(dir, 'DiskonRadar-1.2.0.AppImage'), Buffer.alloc(3000, 7));
    await utimes(path.join(dir, 'DiskonRadar-1.2.0.AppImage'), new Date(), new Date('2026-11-21'));
    await utimes(path.join(dir, 'DiskonRadar-Setup-1.2.0.exe'), new Date(), new Date('2026-11-20'));
    // Must never be served:
    await writeFile(path.join(dir, '.env'), 'SECRET=1');
    await writeFile(path.join(dir, '.hidden.exe'), 'x');
    await writeFile(path.join(dir, 'notes.txt'), 'private');
    await writeFile(path.join(dir, 'builder-debug.yml'), 'x: 1');
    await writeFile(path.join(dir, 'subdir', 'x.exe'), 'nested');
    await writeFile(path.join(root, 'outside.exe'), 'outside');
    await mkdir(path.join(dir, 'folder.exe'));
    [server, unconfigured] = await Promise.all([
      startTestServer('sqlite', { desktopReleasesDir: dir }, { fromTemplate: true }),
      startTestServer('sqlite', {}, { fromTemplate: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), unconfigured?.close()]);
    await rm(root, { recursive: true, force: true });
  });

  const get = (base: TestServer, file: string, headers: Record<string, string> = {}) =>
    fetch(`${base.url}/desktop/updates/${file}`, { headers });

  it('serves the feeds uncached, as YAML', async () => {
    for (const [file, body] of [
      ['latest.yml', LATEST_YML],
      ['latest-linux.yml', LATEST_LINUX_YML],
    ] as const) {
      const res = await get(server, file);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/yaml; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(body);
    }
  });

  it('serves installers and blockmaps with HEAD and Range, as the updater downloads them', async () => {
    const full = await get(server, 'DiskonRadar-Setup-1.2.0.exe');
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('application/vnd.microsoft.portable-executable');
    expect(full.headers.get('cache-control')).toBe('public, max-age=86400, no-transform');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await full.arrayBuffer()).equals(EXE)).toBe(true);

    const head = await fetch(`${server.url}/desktop/updates/DiskonRadar-Setup-1.2.0.exe`, {
      method: 'HEAD',
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('4096');
    expect(await head.text()).toBe('');

    const range = await get(server, 'DiskonRadar-Setup-1.2.0.exe', { Range: 'bytes=100-199' });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe('bytes 100-199/4096');
    expect(Buffer.from(await range.arrayBuffer()).equals(EXE.subarray(100, 200))).toBe(true);

    const blockmap = await get(server, 'DiskonRadar-Setup-1.2.0.exe.blockmap');
    expect(blockmap.status).toBe(200);
    expect(await blockmap.text()).toBe('blockmap');
    const appImage = await get(server, 'DiskonRadar-1.2.0.AppImage');
    expect(appImage.status).toBe(200);
    expect(appImage.headers.get('content-type')).toBe('application/vnd.appimage');
  });

  it('serves nothing else from the folder, and lists nothing', async () => {
    for (const file of [
      '',
      '.env',
      '.hidden.exe',
      'notes.txt',
      'builder-debug.yml',
      'subdir/x.exe',
      'subdir%2Fx.exe',
      '..%2Foutside.exe',
      '%2E%2E%2Foutside.exe',
      'folder.exe',
      'missing-1.0.0.exe',
    ]) {
      const res = await get(server, file);
      expect(res.status, file).toBe(404);
      expect(await res.text(), file).not.toMatch(/SECRET|private|nested|outside/);
    }
    // A dot-dot the client did not normalise away.
    const raw = await fetch(`${server.url}/desktop/updates/..%2F..%2Freleases%2Fnotes.txt`);
    expect(raw.status).toBe(404);
  });

  it('is off, 404 for everything, when DESKTOP_RELEASES_DIR is not set', async () => {
    expect((await get(unconfigured, 'latest.yml')).status).toBe(404);
    const admin = await login(unconfigured.url);
    const list = await admin.get<DesktopReleasesResponse>('/api/admin/desktop/releases');
    expect(list.body).toEqual({ configured: false, releases: [] });
  });

  it('lists the installers for signed-in staff only, with versions from the feeds', async () => {
    const anonymous = await new TestClient(server.url).get('/api/admin/desktop/releases');
    expect(anonymous.status).toBe(401);
    const admin = await login(server.url);
    const list = await admin.get<DesktopReleasesResponse>('/api/admin/desktop/releases');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      configured: true,
      releases: [
        {
          fileName: 'DiskonRadar-1.2.0.AppImage',
          platform: 'linux',
          version: '1.2.0',
          sizeBytes: 3000,
          modifiedAt: new Date('2026-11-21').toISOString(),
          url: '/desktop/updates/DiskonRadar-1.2.0.AppImage',
        },
        {
          fileName: 'DiskonRadar-Setup-1.2.0.exe',
          platform: 'windows',
          version: '1.2.0',
          sizeBytes: 4096,
          modifiedAt: new Date('2026-11-20').toISOString(),
          url: '/desktop/updates/DiskonRadar-Setup-1.2.0.exe',
        },
      ],
    });
  });
});
