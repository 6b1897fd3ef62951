import { platformLinkUpdateSchema, productSchema } from '@shared/schemas';
import { describe, expect, it } from 'vitest';
import { checkLink, checkProduct, type LinkInput } from './row-check';
import { toValues } from './row-plan';
import { fuzzRandom } from '../../../test/support/fuzz-random';

/**
 * The import's checks without zod (row-check.ts) against the schemas themselves: whatever they
 * accept, zod accepts with the same values; what zod refuses they never accept (planRow then
 * asks zod, which words the error).
 */

const ABSENT = Symbol('absent');
type Choice = unknown;

const TEXT_CHOICES = (max: number): Choice[] => [
  'Sepatu lari',
  '  Kaos polos  ',
  '',
  '   ',
  'x'.repeat(max),
  ` ${'x'.repeat(max)} `,
  'x'.repeat(max + 1),
  'é'.repeat(max),
  '\u00a0judul\u3000',
  '🚀'.repeat(Math.floor(max / 2) + 1),
  null,
  12,
  ABSENT,
];

const URL_CHOICES: Choice[] = [
  'https://example.com/a.webp',
  ' https://example.com/a.webp ',
  'http://example.com',
  'https://',
  'ftp://example.com/a',
  'javascript:alert(1)',
  '/media/products/a.webp',
  '/media/../etc/passwd',
  'https://exa mple.com',
  `https://example.com/${'a'.repeat(2048)}`,
  '',
  '  ',
  null,
  ABSENT,
  7,
];

const NUMBER_CHOICES: Choice[] = [
  '0',
  '12',
  ' 12 ',
  '12.0',
  '12.5',
  '-0',
  '-1',
  '100',
  '101',
  '1e2',
  '',
  ' ',
  'abc',
  12,
  12.5,
  -0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '1000000',
  '1000001',
  null,
  true,
  ABSENT,
];

const FIELD_CHOICES: Record<string, Choice[]> = {
  categoryId: ['3', ' 3 ', '', '  ', 'x'.repeat(64), 'x'.repeat(65), 3, null, ABSENT],
  title: TEXT_CHOICES(200),
  description: TEXT_CHOICES(5000),
  imageUrl: URL_CHOICES,
  imageUrls: [
    [],
    ['https://example.com/1.webp', ' /media/x.webp '],
    ['', '  ', 'https://example.com/1.webp'],
    [null, 'https://example.com/1.webp'],
    ['javascript:1'],
    Array.from({ length: 20 }, (_, n) => `https://example.com/${n}.webp`),
    Array.from({ length: 21 }, (_, n) => `https://example.com/${n}.webp`),
    [...Array.from({ length: 20 }, () => ''), 'https://example.com/1.webp'],
    Array.from({ length: 41 }, () => ''),
    [3],
    'https://example.com/1.webp',
    null,
    ABSENT,
  ],
  videoUrl: URL_CHOICES,
  mediaType: ['default', 'image', 'video', 'both', 'Image', ' image', '', null, ABSENT],
  discountPercentage: NUMBER_CHOICES,
  badgeText: [...TEXT_CHOICES(50), undefined],
  badgeColor: ['green', 'pink', 'Green', 'black', '', null, ABSENT],
  platforms: [
    ['Shopee'],
    ['Shopee', 'Tokopedia', 'Shopee'],
    [],
    ['shopee'],
    Array.from({ length: 12 }, () => 'Lazada'),
    Array.from({ length: 13 }, () => 'Lazada'),
    'Shopee',
    null,
    ABSENT,
  ],
  isActive: [true, false, 'ya', '', null, ABSENT],
  isFeaturedPromo: [true, false, 'tidak', null, ABSENT],
  isFeaturedPopular: [true, false, 1, ABSENT],
  featuredOrder: NUMBER_CHOICES,
  lockedFields: [ABSENT, ABSENT, ABSENT, ['title']],
};

/** The usual row: what a shop's file gives, every value accepted. */
const USUAL: Record<string, unknown> = {
  categoryId: '3',
  title: 'Sepatu lari',
  description: 'Deskripsi',
  imageUrl: 'https://example.com/a.webp',
  discountPercentage: '25',
  platforms: ['Shopee', 'Tokopedia'],
};

describe('the import row checks without zod (checkProduct, checkLink)', () => {
  it('accept only what productSchema accepts, with its values', () => {
    const next = fuzzRandom(45);
    let accepted = 0;
    let zodOnly = 0;
    const runs = 30_000;
    for (let run = 0; run < runs; run++) {
      // Most fields as usual, a few from the choices: each rule is met alone as well as mixed.
      const input: Record<string, unknown> = { ...USUAL };
      const odds = run % 3 === 0 ? 0.5 : 0.15;
      for (const [field, choices] of Object.entries(FIELD_CHOICES)) {
        if (next() >= odds) continue;
        const choice = choices[Math.floor(next() * choices.length)];
        if (choice === ABSENT) delete input[field];
        else input[field] = choice;
      }
      const quick = checkProduct(input);
      const parsed = productSchema.safeParse(input);
      if (quick === null) {
        if (parsed.success) zodOnly++;
        continue;
      }
      accepted++;
      expect(parsed.success, JSON.stringify(input)).toBe(true);
      if (parsed.success) expect(quick, JSON.stringify(input)).toEqual(toValues(parsed.data));
    }
    expect(checkProduct(USUAL)).not.toBeNull();
    // Most rows zod accepts are answered without it (only lockedFields is left to zod).
    expect(accepted).toBeGreaterThan(runs / 6);
    expect(zodOnly).toBeLessThan(accepted / 10);
  });

  it('accept only the links platformLinkUpdateSchema accepts, with its URL and price', () => {
    const next = fuzzRandom(46);
    const prices: Choice[] = [
      'Rp 49.000',
      ' Rp 49.000 ',
      '49000',
      '',
      '  ',
      'N/A',
      'x'.repeat(50),
      ` ${'x'.repeat(50)} `,
      'x'.repeat(51),
    ];
    const originals: Choice[] = [
      ABSENT,
      null,
      50_000,
      49_000,
      48_999,
      0,
      -1,
      1.5,
      100_000_000_000,
      100_000_000_001,
      Number.NaN,
    ];
    const platforms = ['Shopee', 'TikTok', 'shopee', ''];
    let accepted = 0;
    for (let run = 0; run < 20_000; run++) {
      const pick = (choices: Choice[]) => choices[Math.floor(next() * choices.length)];
      const url = pick(URL_CHOICES);
      const original = pick(originals);
      const input = {
        platform: pick(platforms),
        affiliateUrl: url === ABSENT || url === null || typeof url !== 'string' ? '' : url,
        price: pick(prices),
        ...(original === ABSENT ? {} : { originalPriceValue: original }),
      } as LinkInput;
      const quick = checkLink(input);
      const parsed = platformLinkUpdateSchema.safeParse(input);
      if (quick === null) continue;
      accepted++;
      expect(parsed.success, JSON.stringify(input)).toBe(true);
      if (parsed.success) {
        expect(quick, JSON.stringify(input)).toEqual({
          affiliateUrl: parsed.data.affiliateUrl,
          price: parsed.data.price,
        });
      }
    }
    expect(accepted).toBeGreaterThan(500);
  });
});
