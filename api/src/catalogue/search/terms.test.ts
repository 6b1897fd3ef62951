import { describe, expect, it } from 'vitest';
import { foldedWords, foldText } from './terms';
import { fuzzRandom } from '../../../test/support/fuzz-random';

/** The words as foldedWords gave them before its ASCII fast path: the Unicode way always. */
const unicodeWords = (text: string) =>
  foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

const PIECES = [
  'Sepatu',
  'KAOS',
  'tas-ransel',
  'Rp 49.000',
  '100%',
  'x2',
  'Café',
  'CRÈME',
  'straße',
  'Ærø',
  'Łódź',
  'ıi',
  'ﬁle',
  '①②',
  '٣٤',
  'Ⅻ',
  'ｆｕｌｌ',
  'naïve',
  'İstanbul',
  'Ǆ',
  '日本語',
  'emoji 🚀!',
  '\u00a0',
  '\u0000',
  '\t\r\n',
  '_',
  "'",
  '"quoted"',
  '~`^',
  'a\u0301',
  'ABCxyz09',
  '',
];

describe('foldedWords', () => {
  it('gives the Unicode way’s words for ASCII and non-ASCII text alike', () => {
    const next = fuzzRandom(45);
    let ascii = 0;
    for (let n = 0; n < 20_000; n++) {
      const count = 1 + Math.floor(next() * 8);
      let text = '';
      for (let i = 0; i < count; i++) {
        if (next() < 0.3) {
          // Any ASCII character, controls included.
          text += String.fromCharCode(Math.floor(next() * 128));
        } else {
          text += PIECES[Math.floor(next() * PIECES.length)]! + (next() < 0.5 ? ' ' : '');
        }
      }
      if ([...text].every((char) => char.charCodeAt(0) < 0x80)) ascii++;
      expect(foldedWords(text), JSON.stringify(text)).toEqual(unicodeWords(text));
    }
    // Both ways were exercised.
    expect(ascii).toBeGreaterThan(2_000);
    expect(ascii).toBeLessThan(18_000);
  });

  it('folds case, marks and the extra letters', () => {
    expect(foldedWords('Sepatu KETS-anak 42, Rp49.000!')).toEqual([
      'sepatu',
      'kets',
      'anak',
      '42',
      'rp49',
      '000',
    ]);
    expect(foldedWords('Café CRÈME straße')).toEqual(['cafe', 'creme', 'strasse']);
    expect(foldedWords('')).toEqual([]);
    expect(foldedWords(' ,;- ')).toEqual([]);
  });
});
