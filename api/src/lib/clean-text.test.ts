import { describe, expect, it } from 'vitest';
import { cleanStrings, cleanText, REPLACEMENT_CHARACTER } from './clean-text';

describe('cleanText', () => {
  it('removes NUL characters', () => {
    expect(cleanText('/\u0000')).toBe('/');
    expect(cleanText('\u0000a\u0000b\u0000')).toBe('ab');
  });

  it('replaces lone surrogates with U+FFFD and keeps pairs', () => {
    expect(cleanText('a\uD800b')).toBe(`a${REPLACEMENT_CHARACTER}b`);
    expect(cleanText('a\uDC00')).toBe(`a${REPLACEMENT_CHARACTER}`);
    expect(cleanText('\uDC00\uD800')).toBe(REPLACEMENT_CHARACTER.repeat(2));
    expect(cleanText('\uD83D\uDE00 promo 😀')).toBe('😀 promo 😀');
    expect(cleanText('\uD83D\uD83D\uDE00')).toBe(`${REPLACEMENT_CHARACTER}😀`);
  });

  it('returns clean text unchanged, the same string', () => {
    const text = 'Sepatu lari diskon 50% – Rp 199.000 ✓';
    expect(cleanText(text)).toBe(text);
    expect(cleanText('')).toBe('');
  });

  it('gives text that survives a UTF-8 round trip', () => {
    const dirty = 'x\u0000\uD800y\uDFFFz';
    const clean = cleanText(dirty);
    expect(Buffer.from(clean, 'utf8').toString('utf8')).toBe(clean);
    expect(clean).not.toContain('\u0000');
  });
});

describe('cleanStrings', () => {
  it('cleans every string of a nested value, keys included', () => {
    const value = {
      path: '/\u0000',
      list: ['ok', 'a\uD800', 3, null, true],
      nested: { 'k\u0000ey': { deep: '\u0000' } },
    };
    expect(cleanStrings(value)).toEqual({
      path: '/',
      list: ['ok', `a${REPLACEMENT_CHARACTER}`, 3, null, true],
      nested: { key: { deep: '' } },
    });
    // The input is not modified.
    expect(value.path).toBe('/\u0000');
  });

  it('returns the same object when nothing needs cleaning', () => {
    const value = { a: 'b', c: [1, 'd'] };
    expect(cleanStrings(value)).toBe(value);
  });

  it('leaves non-plain objects alone', () => {
    const date = new Date(0);
    expect(cleanStrings({ date }).date).toBe(date);
  });
});
