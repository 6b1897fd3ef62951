import { describe, expect, it } from 'vitest';
import { platformsOfLinks } from './platforms';

describe('platformsOfLinks', () => {
  it('lists each linked platform once, in the fixed platform order', () => {
    const links = [{ platform: 'TikTok' }, { platform: 'Shopee' }, { platform: 'Lazada' }];
    expect(platformsOfLinks(links)).toEqual(['Shopee', 'Lazada', 'TikTok']);
  });

  it('is empty without links', () => {
    expect(platformsOfLinks([])).toEqual([]);
  });
});
