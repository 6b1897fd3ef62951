import { describe, expect, it } from 'vitest';
import {
  changeProductList,
  DEFAULT_PRODUCT_LIST,
  productListQuery,
  readProductListParams,
  writeProductListParams,
} from './product-list-params';

describe('product list params', () => {
  it('reads the defaults from an empty or malformed address', () => {
    expect(readProductListParams(new URLSearchParams())).toEqual(DEFAULT_PRODUCT_LIST);
    expect(
      readProductListParams(
        new URLSearchParams('category=abc&status=x&sort=price&page=0&limit=7&view=list'),
      ),
    ).toEqual(DEFAULT_PRODUCT_LIST);
  });

  it('round-trips a state through the address, leaving the defaults out', () => {
    const state = {
      search: 'sepatu lari',
      categoryId: '12',
      status: 'inactive' as const,
      links: 'broken' as const,
      sort: 'discount' as const,
      page: 3,
      limit: 50,
      view: 'grid' as const,
    };
    const params = writeProductListParams(state);
    expect(readProductListParams(params)).toEqual(state);
    expect(writeProductListParams(DEFAULT_PRODUCT_LIST).toString()).toBe('');
    expect(writeProductListParams({ ...DEFAULT_PRODUCT_LIST, page: 2 }).toString()).toBe('page=2');
  });

  it('opens in the default view of the screen, and keeps a chosen view in the address', () => {
    // On a phone the cards are the default: no view in the address means cards there.
    expect(readProductListParams(new URLSearchParams(), 'grid').view).toBe('grid');
    expect(readProductListParams(new URLSearchParams('view=table'), 'grid').view).toBe('table');
    const table = { ...DEFAULT_PRODUCT_LIST, view: 'table' as const };
    expect(writeProductListParams(table, 'grid').toString()).toBe('view=table');
    expect(writeProductListParams({ ...table, view: 'grid' }, 'grid').toString()).toBe('');
  });

  it('starts again at page 1 when a filter, the sort or the page size changes', () => {
    const on3 = { ...DEFAULT_PRODUCT_LIST, page: 3 };
    expect(changeProductList(on3, { search: 'kopi' }).page).toBe(1);
    expect(changeProductList(on3, { categoryId: '4' }).page).toBe(1);
    expect(changeProductList(on3, { status: 'active' }).page).toBe(1);
    expect(changeProductList(on3, { links: 'broken' }).page).toBe(1);
    expect(changeProductList(on3, { sort: 'title' }).page).toBe(1);
    expect(changeProductList(on3, { limit: 100 }).page).toBe(1);
    expect(changeProductList(on3, { view: 'grid' }).page).toBe(3);
    expect(changeProductList(on3, { page: 4 }).page).toBe(4);
    expect(changeProductList(on3, { search: '' }).page).toBe(3);
  });

  it("builds the API's query, without the 'all' filters", () => {
    expect(productListQuery(DEFAULT_PRODUCT_LIST)).toBe('page=1&limit=24&sort=newest');
    expect(
      productListQuery({
        ...DEFAULT_PRODUCT_LIST,
        search: ' kopi ',
        categoryId: '3',
        status: 'active',
        links: 'broken',
        page: 2,
      }),
    ).toBe('page=2&limit=24&sort=newest&search=kopi&categoryId=3&status=active&linkHealth=broken');
  });
});
