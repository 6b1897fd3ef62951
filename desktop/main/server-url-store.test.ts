import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS } from '@shared/desktop-settings';
import { AlertSettingsStore } from './alert-settings-store';
import { parseServerUrl, ServerUrlStore } from './server-url-store';
import { socketUrlFor } from './server-url';

describe('parseServerUrl', () => {
  it('accepts http and https URLs and normalises them', () => {
    expect(parseServerUrl(' https://Admin.Example.com/ ')).toEqual({
      ok: true,
      serverUrl: 'https://admin.example.com',
    });
    expect(parseServerUrl('http://localhost:3000/diskon/?x=1#top')).toEqual({
      ok: true,
      serverUrl: 'http://localhost:3000/diskon',
    });
  });

  it('refuses everything else with the message staff see', () => {
    const invalid = { ok: false, message: 'Alamat server harus berupa URL http:// atau https://' };
    expect(parseServerUrl('ftp://example.com')).toEqual(invalid);
    expect(parseServerUrl('javascript:alert(1)')).toEqual(invalid);
    expect(parseServerUrl('file:///etc/passwd')).toEqual(invalid);
    expect(parseServerUrl('example.com')).toEqual(invalid);
    expect(parseServerUrl('')).toEqual({ ok: false, message: 'Masukkan alamat server' });
    expect(parseServerUrl(42)).toEqual({ ok: false, message: 'Masukkan alamat server' });
    expect(parseServerUrl('https://user:secret@example.com')).toEqual({
      ok: false,
      message: 'Alamat server tidak boleh berisi nama pengguna atau kata sandi',
    });
  });

  it('derives the live socket address, wss for https', () => {
    expect(socketUrlFor('https://admin.example.com')).toBe('wss://admin.example.com/ws');
    expect(socketUrlFor('http://localhost:3000/diskon')).toBe('ws://localhost:3000/diskon/ws');
  });
});

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
});
