import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner';

describe('startBanner', () => {
  it('names the site, the back office and, on the first start, the generated sign-in', () => {
    const text = startBanner({
      siteUrl: 'http://localhost:3999',
      firstAdmin: { username: 'admin', password: 'Xq3-generated' },
    });
    expect(text).toContain('  Site:         http://localhost:3999\n');
    expect(text).toContain('  Back office:  http://localhost:3999/admin\n');
    expect(text).toContain('  Username:     admin\n');
    expect(text).toContain('  Password:     Xq3-generated\n');
    expect(text).toContain('npm run admin -- reset-password admin <new-password>');
    // Short enough to read at a glance.
    expect(text.split('\n').length).toBeLessThanOrEqual(16);
  });

  it('never shows a password it did not generate, and none after the first start', () => {
    const fromEnv = startBanner({
      siteUrl: 'https://diskonradar.id/',
      firstAdmin: { username: 'ops', password: null },
    });
    expect(fromEnv).toContain('  Back office:  https://diskonradar.id/admin\n');
    expect(fromEnv).toContain('First start: sign in as "ops" with ADMIN_PASSWORD.');
    expect(fromEnv).not.toContain('Password:');
    const later = startBanner({ siteUrl: 'http://localhost:3000', firstAdmin: null });
    expect(later).toContain('  Back office:  http://localhost:3000/admin\n');
    expect(later).not.toMatch(/first start|password/i);
  });
});
