import { describe, expect, it } from 'vitest';
import { parseServerUrl, socketUrlFor } from './server-url';

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
