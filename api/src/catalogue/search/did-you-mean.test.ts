import { expect, it } from 'vitest';
import type { SearchSuggestions } from '@shared/types';
import { describeApi, type ApiFixture } from '../../../test/support/api';
import { unique } from '../../../test/support/fixtures';

/** A made-up word no demo product holds, so each test owns its matches. */
const word = () =>
  `q${unique()
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)
    .slice(0, 7)}`;

async function suggest(api: ApiFixture, q: string) {
  const res = await api.visitor.get<SearchSuggestions>(
    `/api/search/suggest?q=${encodeURIComponent(q)}`,
  );
  expect(res.status).toBe(200);
  return res.body;
}

describeApi('search suggestions: did you mean', (api) => {
  it('offers the nearest indexed spelling that finds a product when nothing is found', async () => {
    const w = word();
    await api.createProduct({ title: `Tas ${w} Kulit` });
    // `taz` is one edit from several indexed words (tas, tab, ...); only `tas` finds a product
    // together with the other word.
    const missed = await suggest(api, `${w} taz`);
    expect(missed.products).toEqual([]);
    expect(missed.didYouMean).toBe(`${w} tas`);
    // The correction is a search that finds the product.
    const fixed = await suggest(api, missed.didYouMean!);
    expect(fixed.products.map((p) => p.title)).toEqual([`Tas ${w} Kulit`]);
    expect(fixed.didYouMean).toBeNull();
    // Case and diacritics are folded as the search folds them.
    expect((await suggest(api, `${w.toUpperCase()} TÁZ`)).didYouMean).toBe(`${w} tas`);
  });

  it('corrects every misspelt short word (the search forgives typos from five letters)', async () => {
    const w = word();
    await api.createProduct({ title: `Topi Rajut ${w}` });
    const missed = await suggest(api, `tpi rajit ${w}`);
    expect(missed.products).toEqual([]);
    expect(missed.didYouMean).toBe(`topi rajut ${w}`);
  });

  it('is null when products are found, when a word has no spelling near it, or for two typos', async () => {
    const w = word();
    await api.createProduct({ title: `Topi ${w}` });
    expect((await suggest(api, w)).didYouMean).toBeNull();
    // Two edits away from the only product's word: nothing is near enough.
    // (Each changed letter differs from the one it replaces, whatever the random word.)
    const other = (letter: string | undefined) => (letter === 'x' ? 'z' : 'x');
    const twoTypos = `${w.slice(0, 2)}${other(w[2])}${other(w[3])}${w.slice(4)}`;
    const far = await suggest(api, twoTypos);
    expect(far).toMatchObject({ products: [], didYouMean: null });
    // Every word is spelt as indexed but no product has them together: nothing to correct.
    expect((await suggest(api, `${w} sandal`)).didYouMean).toBeNull();
    // Short words are not corrected.
    expect((await suggest(api, `${w} zq`)).didYouMean).toBeNull();
    expect(await suggest(api, '')).toEqual({ products: [], categories: [], didYouMean: null });
  });

  it('never leads to an inactive product', async () => {
    const w = word();
    await api.createProduct({ title: `Jam ${w}`, isActive: false });
    const typo = `${w.slice(0, 5)}z${w.slice(6)}`;
    expect(await suggest(api, typo)).toMatchObject({ products: [], didYouMean: null });
    expect(await suggest(api, `jam ${typo}`)).toMatchObject({ didYouMean: null });
  });
});
