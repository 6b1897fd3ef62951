import { describe, expect, it } from 'vitest';
import { CONTACT_DEFAULTS, DEFAULT_HERO_BACKGROUND, HERO_DEFAULTS } from '../constants';
import {
  contentSummary,
  hasSocialLinks,
  parseContactContent,
  parseHeroContent,
  parseJsonObject,
} from './content';

describe('contentSummary', () => {
  it('shows company name and phone for contact_us', () => {
    const data = JSON.stringify({ companyName: 'DiskonRadar', phone: '+62 21 555 0101' });
    expect(contentSummary({ key: 'contact_us', data })).toBe('DiskonRadar - +62 21 555 0101');
  });

  it('shows the main title for homepage_hero and the title for about_us', () => {
    expect(
      contentSummary({ key: 'homepage_hero', data: JSON.stringify({ mainTitle: 'Diskon Gila' }) }),
    ).toBe('Diskon Gila');
    expect(
      contentSummary({ key: 'about_us', data: JSON.stringify({ title: 'Tentang Kami' }) }),
    ).toBe('Tentang Kami');
  });

  it('shows Custom Content for other keys', () => {
    expect(contentSummary({ key: 'banner', data: '{"a":1}' })).toBe('Custom Content');
  });

  it('shows Invalid JSON Data for unparseable data, whatever the key', () => {
    expect(contentSummary({ key: 'contact_us', data: '{oops' })).toBe('Invalid JSON Data');
    expect(contentSummary({ key: 'banner', data: '' })).toBe('Invalid JSON Data');
  });
});

describe('parseContactContent', () => {
  it('falls back to the defaults for unparseable data', () => {
    expect(parseContactContent('{oops')).toEqual(CONTACT_DEFAULTS);
    expect(parseContactContent(null)).toEqual(CONTACT_DEFAULTS);
  });

  it('fills missing and blank fields, including business hours', () => {
    const parsed = parseContactContent(
      JSON.stringify({
        companyName: 'PT Radar',
        email: 'halo@diskonradar.id',
        businessHours: { weekdays: '08:00 - 17:00 WIB', weekend: '' },
        socialMedia: { instagram: 'https://instagram.com/diskonradar' },
      }),
    );
    expect(parsed.companyName).toBe('PT Radar');
    expect(parsed.email).toBe('halo@diskonradar.id');
    expect(parsed.businessHours).toEqual({
      weekdays: '08:00 - 17:00 WIB',
      weekend: '09:00 - 15:00 WIB',
    });
    expect(parsed.socialMedia).toEqual({
      facebook: '',
      instagram: 'https://instagram.com/diskonradar',
      twitter: '',
      youtube: '',
    });
    expect(hasSocialLinks(parsed)).toBe(true);
  });

  it('drops a stored social link that is not http(s)', () => {
    const parsed = parseContactContent(
      JSON.stringify({ socialMedia: { facebook: 'javascript:alert(1)' } }),
    );
    expect(parsed.socialMedia.facebook).toBe('');
    expect(hasSocialLinks(parsed)).toBe(false);
  });
});

describe('parseHeroContent', () => {
  it('uses defaults, including the stock background, when data is missing', () => {
    const hero = parseHeroContent(undefined);
    expect(hero).toEqual({ ...HERO_DEFAULTS, platforms: [...HERO_DEFAULTS.platforms] });
    expect(hero.backgroundImage).toBe(DEFAULT_HERO_BACKGROUND);
  });

  it('keeps stored values and string platforms', () => {
    const hero = parseHeroContent(
      JSON.stringify({
        mainTitle: 'Promo 12.12',
        subtitle: 'Hemat',
        ctaText: 'Belanja',
        backgroundImage: 'https://cdn.example.com/hero.jpg',
        platforms: ['Shopee', 3, '', 'Lazada'],
      }),
    );
    expect(hero).toEqual({
      mainTitle: 'Promo 12.12',
      subtitle: 'Hemat',
      ctaText: 'Belanja',
      backgroundImage: 'https://cdn.example.com/hero.jpg',
      platforms: ['Shopee', 'Lazada'],
    });
  });
});

describe('parseJsonObject', () => {
  it('returns only objects', () => {
    expect(parseJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonObject('[1]')).toBeNull();
    expect(parseJsonObject('nope')).toBeNull();
  });
});
