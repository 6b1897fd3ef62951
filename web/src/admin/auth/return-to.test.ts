import { describe, expect, it } from 'vitest';
import { buildReturnTo, loginPath, resolveReturnTo } from './return-to';

describe('returnTo round trip', () => {
  it('encodes the current admin page into the login address', () => {
    const returnTo = buildReturnTo('/admin', '/products', '?q=a b');
    expect(returnTo).toBe('/admin/products?q=a b');
    expect(loginPath(returnTo)).toBe('/login?returnTo=%2Fadmin%2Fproducts%3Fq%3Da%20b');
  });

  it('comes back to the page inside the admin base', () => {
    expect(resolveReturnTo('/admin/products?q=1', '/admin')).toBe('/products?q=1');
    expect(resolveReturnTo('/admin/content', '/admin/')).toBe('/content');
  });

  it('defaults to the dashboard', () => {
    expect(resolveReturnTo(null, '/admin')).toBe('/dashboard');
    expect(resolveReturnTo('/admin', '/admin')).toBe('/dashboard');
    expect(resolveReturnTo('/admin/login?returnTo=x', '/admin')).toBe('/dashboard');
  });

  it('never leaves the admin base', () => {
    for (const raw of [
      'https://evil.example/admin/x',
      '//evil.example/admin',
      '/administrator',
      '/kategori',
      '/admin/\\evil',
      'javascript:alert(1)',
      '/admin/x\n',
    ]) {
      expect(resolveReturnTo(raw, '/admin')).toBe('/dashboard');
    }
  });

  it('works without a base (hash or memory router)', () => {
    expect(resolveReturnTo('/analytics', '')).toBe('/analytics');
    expect(resolveReturnTo('//evil', '')).toBe('/dashboard');
  });
});
