import { describe, expect, it } from 'vitest';
import { isHttpUrl, isImageUrl, isSitePath } from './url';

describe('isHttpUrl', () => {
  it.each(['https://shopee.co.id/product/1', 'http://example.com', 'https://a.b/c?d=e#f'])(
    'accepts %s',
    (url) => {
      expect(isHttpUrl(url)).toBe(true);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com/file',
    '//example.com/x',
    '/relative/path',
    'example.com',
    'https://',
    ' https://example.com',
    'https://exa mple.com',
    'https://example.com/\nx',
    '',
  ])('rejects %j', (url) => {
    expect(isHttpUrl(url)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isHttpUrl(undefined)).toBe(false);
    expect(isHttpUrl(null)).toBe(false);
    expect(isHttpUrl(42)).toBe(false);
  });
});

describe('isImageUrl', () => {
  it('accepts http(s) URLs and paths to the site media', () => {
    expect(isImageUrl('https://cdn.example.com/a.webp')).toBe(true);
    expect(isImageUrl('/media/products/sepatu-lari.webp')).toBe(true);
  });

  it('refuses other schemes, other site paths and traversal', () => {
    for (const value of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/api/admin/me',
      '//evil.example/x.png',
      '/media/../api/x',
      '/media/a b.png',
      'media/x.png',
    ]) {
      expect(isImageUrl(value), value).toBe(false);
    }
  });
});

describe('isSitePath', () => {
  it('accepts a page of this site and refuses what could leave it', () => {
    expect(isSitePath('/promo-hari-ini')).toBe(true);
    expect(isSitePath('/?category=fashion')).toBe(true);
    expect(isSitePath('/')).toBe(true);
    for (const value of [
      '//evil.example',
      '/\\evil.example',
      'https://x.id',
      'promo',
      '/a b',
      '',
    ]) {
      expect(isSitePath(value), value).toBe(false);
    }
    expect(isSitePath(null)).toBe(false);
  });
});
