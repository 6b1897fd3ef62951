import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS } from '@shared/desktop-settings';
import { AlertSettingsStore } from './alert-settings-store';
import { ServerUrlStore } from './server-url-store';

describe('stores in the userData folder', () => {
  let userData: string;
  beforeEach(async () => {
    userData = await mkdtemp(path.join(os.tmpdir(), 'diskonradar-userdata-'));
  });
  afterEach(async () => {
    await rm(userData, { recursive: true, force: true });
  });

  it('keeps the server URL across app starts', async () => {
    const store = new ServerUrlStore(userData);
    expect(await store.load()).toBeNull();
    await store.save('https://admin.example.com');
    expect(JSON.parse(await readFile(store.file, 'utf8'))).toEqual({
      serverUrl: 'https://admin.example.com',
    });
    expect(await new ServerUrlStore(userData).load()).toBe('https://admin.example.com');
  });

  it('never stores or returns an invalid URL, even from a tampered file', async () => {
    const store = new ServerUrlStore(userData);
    await expect(store.save('javascript:alert(1)')).rejects.toThrow();
    await writeFile(store.file, JSON.stringify({ serverUrl: 'file:///etc/passwd' }));
    expect(await new ServerUrlStore(userData).load()).toBeNull();
    await writeFile(store.file, '{not json');
    expect(await new ServerUrlStore(userData).load()).toBeNull();
  });

  it('keeps alert settings, falling back to the defaults for a damaged file', async () => {
    const store = new AlertSettingsStore(userData);
    expect(await store.load()).toEqual(DEFAULT_ALERT_SETTINGS);
    const changed = { ...DEFAULT_ALERT_SETTINGS, spikeMinVisitors: 5, quietMinutes: 0 };
    await store.save(changed);
    expect(await new AlertSettingsStore(userData).load()).toEqual(changed);
    await expect(store.save({ ...changed, spikeFactor: 0 })).rejects.toThrow();
    await writeFile(store.file, JSON.stringify({ ...changed, extra: true }));
    expect(await new AlertSettingsStore(userData).load()).toEqual(DEFAULT_ALERT_SETTINGS);
  });

  it('loads a settings file written before the broken-link switch with the alert on', async () => {
    const store = new AlertSettingsStore(userData);
    const { brokenLinksEnabled: _added, ...older } = DEFAULT_ALERT_SETTINGS;
    await writeFile(store.file, JSON.stringify({ ...older, quietMinutes: 3 }));
    const loaded = await new AlertSettingsStore(userData).load();
    expect(loaded).toEqual({ ...DEFAULT_ALERT_SETTINGS, quietMinutes: 3 });
    expect(loaded.brokenLinksEnabled).toBe(true);
    await store.save({ ...loaded, brokenLinksEnabled: false });
    expect((await new AlertSettingsStore(userData).load()).brokenLinksEnabled).toBe(false);
  });
});
