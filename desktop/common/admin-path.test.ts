import { describe, expect, it } from 'vitest';
import { deepLinkFromArgv, parseAdminPath, parseDeepLink, parseDesktopRoute } from './admin-path';

describe('parseDeepLink', () => {
  it('opens the admin screen a diskonradar://admin/ link names', () => {
    expect(parseDeepLink('diskonradar://admin/products')).toBe('/products');
    expect(parseDeepLink('diskonradar://admin/products?links=broken')).toBe(
      '/products?links=broken',
    );
    expect(parseDeepLink('diskonradar://admin/analytics?tab=realtime')).toBe(
      '/analytics?tab=realtime',
    );
    // Windows hands links over with a trailing slash; the scheme is case-insensitive.
    expect(parseDeepLink('diskonradar://admin/dashboard/')).toBe('/dashboard');
    expect(parseDeepLink('DiskonRadar://admin/audit')).toBe('/audit');
    expect(parseDeepLink('diskonradar://admin/desktop')).toBe('/desktop');
  });

  it('refuses other hosts, other schemes and unknown screens', () => {
    for (const link of [
      'diskonradar://evil/products',
      'diskonradar://admin.evil.com/products',
      'diskonradar://adminproducts',
      'diskonradar://admin',
      'diskonradar:admin/products',
      'https://admin/products',
      'app://admin/products',
      'diskonradar://admin/secret',
      'diskonradar://admin/',
    ]) {
      expect(parseDeepLink(link), link).toBeNull();
    }
  });

  it('refuses traversal, escapes and odd characters', () => {
    for (const link of [
      'diskonradar://admin/products/../../etc/passwd',
      'diskonradar://admin/../products',
      'diskonradar://admin/products/%2e%2e',
      'diskonradar://admin/products\\..\\x',
      'diskonradar://admin//products',
      'diskonradar://admin/products#x',
      'diskonradar://admin/products?search=<script>',
      'diskonradar://admin/products?next=https://evil.com',
      'diskonradar://admin/products?x=a b',
      `diskonradar://admin/products?${'a'.repeat(400)}`,
    ]) {
      expect(parseDeepLink(link), link).toBeNull();
    }
    expect(parseDeepLink(undefined)).toBeNull();
    expect(parseDeepLink(42)).toBeNull();
  });
});

describe('deepLinkFromArgv', () => {
  it('finds the link among the arguments of a (second) start', () => {
    expect(
      deepLinkFromArgv([
        'C:\\DiskonRadar\\diskonradar-admin.exe',
        '--allow-file-access-from-files',
        'diskonradar://admin/analytics?tab=realtime',
      ]),
    ).toBe('/analytics?tab=realtime');
    expect(deepLinkFromArgv(['/usr/bin/diskonradar-admin', '--no-sandbox'])).toBeNull();
    expect(deepLinkFromArgv(['app', 'diskonradar://elsewhere/x'])).toBeNull();
  });
});

describe('parseAdminPath and parseDesktopRoute', () => {
  it('keep admin paths and the Settings view, nothing else', () => {
    expect(parseAdminPath('/products?links=broken')).toBe('/products?links=broken');
    expect(parseAdminPath('/login')).toBeNull();
    expect(parseAdminPath('products')).toBeNull();
    expect(parseDesktopRoute('/settings')).toBe('/settings');
    expect(parseAdminPath('/settings')).toBeNull();
    expect(parseDesktopRoute('/users')).toBe('/users');
  });
});
