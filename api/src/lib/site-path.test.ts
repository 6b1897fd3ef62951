import { describe, expect, it } from 'vitest';
import { sitePath } from './site-path';

describe('sitePath', () => {
  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '/%2f%2fevil.example',
    '/%2F/evil.example',
    '/%5cevil.example',
    '/%5C%5Cevil.example',
    '/\t/evil.example',
    '/%09/evil.example',
    '/%0d%0a//evil.example',
    '///\\%2f%5c\\evil.example/%2e%2e',
  ])('keeps %j on this site', (path) => {
    const target = sitePath(path);
    expect(new URL(target, 'https://diskonradar.id/').host).toBe('diskonradar.id');
    expect(decodeURIComponent(target)).toMatch(/^\/[^/\\\t\r\n]/);
  });

  it('leaves an ordinary path as it is', () => {
    expect(sitePath('/kategori/elektronik')).toBe('/kategori/elektronik');
    expect(sitePath('/cari%20hp')).toBe('/cari%20hp');
    expect(sitePath('')).toBe('/');
  });
});
