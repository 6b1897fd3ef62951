import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl, openExternalLink } from './external-links';

describe('external links', () => {
  it('opens only http(s) URLs', async () => {
    const opened: string[] = [];
    const open = async (url: string) => {
      opened.push(url);
    };
    expect(isSafeExternalUrl('https://diskonradar.example/')).toBe(true);
    await expect(openExternalLink('https://diskonradar.example/', open)).resolves.toBe(true);
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'app://admin/',
      ' https://x.y',
      7,
    ]) {
      await expect(openExternalLink(url, open)).resolves.toBe(false);
    }
    expect(opened).toEqual(['https://diskonradar.example/']);
  });
});
