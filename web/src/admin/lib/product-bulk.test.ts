import { describe, expect, it } from 'vitest';
import { productBulkSchema } from '@shared/schemas';
import { DEFAULT_PRODUCT_LIST } from './product-list-params';
import { bulkFilterOf, bulkQuestion, bulkResultMessage } from './product-bulk';

describe('bulk action texts', () => {
  it('names the count in the question, in id-ID numbers', () => {
    expect(bulkQuestion('deactivate', 12)).toBe('Nonaktifkan 12 produk?');
    expect(bulkQuestion('activate', 10_000)).toBe('Aktifkan 10.000 produk?');
    expect(bulkQuestion('setCategory', 3, 'Elektronik')).toBe(
      'Pindahkan 3 produk ke kategori Elektronik?',
    );
    expect(bulkQuestion('delete', 2)).toMatch(/^Hapus 2 produk\?/);
  });

  it('reports what changed and what was already so', () => {
    expect(bulkResultMessage('deactivate', 12, 12)).toBe('12 produk dinonaktifkan');
    expect(bulkResultMessage('featurePromo', 13, 11)).toBe(
      '11 produk dijadikan promo (2 tidak berubah)',
    );
    expect(bulkResultMessage('unfeaturePopular', 1_500, 1_500)).toBe(
      '1.500 produk dihapus dari populer',
    );
  });
});

describe('bulkFilterOf', () => {
  it('sends only the filters in use, as the server schema takes them', () => {
    expect(bulkFilterOf(DEFAULT_PRODUCT_LIST)).toEqual({});
    const filter = bulkFilterOf({
      search: '  sepatu ',
      categoryId: '7',
      status: 'inactive',
      links: 'broken',
    });
    expect(filter).toEqual({
      search: 'sepatu',
      categoryId: '7',
      status: 'inactive',
      linkHealth: 'broken',
    });
    expect(productBulkSchema.safeParse({ filter, action: 'activate' }).success).toBe(true);
  });
});
