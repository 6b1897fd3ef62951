import { describe, expect, it } from 'vitest';
import { withCategoryClaim } from './category-claim-text';

describe('withCategoryClaim', () => {
  it('writes the counter claim in place of any category figure', () => {
    expect(
      withCategoryClaim('Satu tempat. Lebih dari 31 kategori, diperbarui setiap hari.', '40'),
    ).toBe('Satu tempat. 40 kategori, diperbarui setiap hari.');
    expect(withCategoryClaim('Cek 30+ Kategori', '31+')).toBe('Cek 31+ kategori');
    expect(withCategoryClaim('Diskon 70% di 6 marketplace', '40')).toBe(
      'Diskon 70% di 6 marketplace',
    );
  });
});
