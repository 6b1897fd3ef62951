import { describe, expect, it } from 'vitest';
import { homeSearch, readHomeParams, withProduct } from './home-params';

describe('home address', () => {
  it('reads category, page, search and the open product', () => {
    expect(readHomeParams(new URLSearchParams('category=fashion&page=3&produk=abc'))).toEqual({
      category: 'fashion',
      page: 3,
      search: '',
      product: 'abc',
    });
    expect(readHomeParams(new URLSearchParams('page=abc&search=%20Sepatu%20'))).toMatchObject({
      page: 1,
      search: 'Sepatu',
      category: null,
    });
    expect(readHomeParams(new URLSearchParams('page=0')).page).toBe(1);
  });

  it('keeps pages above 1 and drops page 1; a search replaces the category', () => {
    expect(homeSearch({ category: 'fashion', page: 1 })).toBe('?category=fashion');
    expect(homeSearch({ category: 'fashion', page: 2 })).toBe('?category=fashion&page=2');
    expect(homeSearch({ category: 'fashion', search: 'tas' })).toBe('?search=tas');
    expect(homeSearch({ page: 1 })).toBe('');
  });

  it('sets and removes the product without touching the rest', () => {
    expect(withProduct('?category=fashion&page=2', 'p1')).toBe(
      '?category=fashion&page=2&produk=p1',
    );
    expect(withProduct('?category=fashion&produk=p1', null)).toBe('?category=fashion');
    expect(withProduct('?produk=p1', null)).toBe('');
  });
});
