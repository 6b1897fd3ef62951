import type { FirstAdmin } from '../auth/users';

export interface StartBannerInput {
  /** Where shoppers see the site (PUBLIC_URL, or this server's own address). */
  siteUrl: string;
  /** The admin created by this start, if it was the first one. */
  firstAdmin: FirstAdmin | null;
}

/**
 * What `npm start` prints last, once the server listens: the site, the back office and, on
 * the first start, how to sign in. Last and plain, so a newcomer finds it without scrolling.
 */
export function startBanner({ siteUrl, firstAdmin }: StartBannerInput): string {
  const site = siteUrl.replace(/\/+$/, '');
  const lines = [
    '',
    'DiskonRadar is running.',
    '',
    `  Site:         ${site}`,
    `  Back office:  ${site}/admin`,
  ];
  if (firstAdmin?.password) {
    lines.push(
      '',
      'First start: sign in to the back office with',
      `  Username:     ${firstAdmin.username}`,
      `  Password:     ${firstAdmin.password}`,
      'This password is shown only now. Change it with:',
      `  npm run admin -- reset-password ${firstAdmin.username} <new-password>`,
    );
  } else if (firstAdmin) {
    lines.push('', `First start: sign in as "${firstAdmin.username}" with ADMIN_PASSWORD.`);
  }
  lines.push('', 'Stop with Ctrl+C.', '');
  return lines.join('\n');
}
