import { describe, expect, it } from 'vitest';
import { MAX_LENGTH } from './constants';
import { homeSearch, readHomeParams, searchTerm, withProduct } from './home-address';

const read = (query: string) => readHomeParams(new URLSearchParams(query));

describe('home address', () => {
  it('reads category, page, search and the open product', () => {
    expect(read('category=fashion&page=3&produk=abc')).toEqual({
      category: 'fashion',
      page: 3,
      search: '',
      product: 'abc',
    });
    expect(read('page=abc&search=%20Sepatu%20')).toMatchObject({
      page: 1,
      search: 'Sepatu',
      category: null,
    });
    expect(read('')).toEqual({ category: null, page: 1, search: '', product: null });
  });

  it.each([
    ['page=0', 1],
    ['page=-1', 1],
    ['page=1e9', 1],
    ['page=1000000000', 1],
    ['page=9999999', 9_999_999],
    ['page=007', 7],
    ['page=2.5', 1],
    ['page=%202', 1],
    ['page=', 1],
    ['page=Infinity', 1],
    ['page=0x10', 1],
  ])('reads %s as page %i', (query, page) => {
    expect(read(query).page).toBe(page);
  });

  it('takes the first of a repeated parameter', () => {
    expect(read('page=2&page=3&category=a&category=b&search=x&search=y')).toMatchObject({
      page: 2,
      category: 'a',
      search: 'x',
    });
    expect(read('produk=p1&produk=p2').product).toBe('p1');
  });

  it('treats an empty or blank search, category or product as none', () => {
    expect(read('search=&category=%20&produk=')).toEqual({
      category: null,
      page: 1,
      search: '',
      product: null,
    });
    expect(read('search=%20%20%20').search).toBe('');
  });

  it('keeps an unknown category as written: the page decides what is unknown', () => {
    expect(read('category=tidak-ada').category).toBe('tidak-ada');
    expect(read('category=%3Cscript%3E').category).toBe('<script>');
  });

  it('asks the API for at most the search length it accepts', () => {
    const long = 'a'.repeat(MAX_LENGTH.search + 50);
    expect(read(`search=${long}`).search).toBe(long);
    expect(searchTerm(long)).toHaveLength(MAX_LENGTH.search);
    expect(searchTerm('tas')).toBe('tas');
  });

  it('keeps pages above 1 and drops page 1; a search replaces the category', () => {
    expect(homeSearch({ category: 'fashion', page: 1 })).toBe('?category=fashion');
    expect(homeSearch({ category: 'fashion', page: 2 })).toBe('?category=fashion&page=2');
    expect(homeSearch({ category: 'fashion', search: 'tas' })).toBe('?search=tas');
    expect(homeSearch({ page: 1 })).toBe('');
  });

  it('reads back what it builds', () => {
    const state = { category: 'fashion & co', page: 4, search: '', product: 'p1' };
    expect(read(homeSearch(state).slice(1))).toEqual(state);
  });

  it('sets and removes the product without touching the rest', () => {
    expect(withProduct('?category=fashion&page=2', 'p1')).toBe(
      '?category=fashion&page=2&produk=p1',
    );
    expect(withProduct('?category=fashion&produk=p1', null)).toBe('?category=fashion');
    expect(withProduct('?produk=p1', null)).toBe('');
  });
});
