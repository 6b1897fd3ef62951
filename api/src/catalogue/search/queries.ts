import { SEARCH_COUNT_CAP } from '@shared/constants';
import type { Database } from '../../db/database';
import { Params, selectBound } from '../../db/sql';
import { didYouMean } from './did-you-mean';
import { engineFor, type Tier, type WordGroup } from './engines';
import {
  editDistance,
  editVariants,
  foldedWords,
  forgivesTypo,
  tokenize,
  type SearchToken,
} from './terms';

export interface ProductPageOptions {
  page: number;
  limit: number;
  categoryId?: number | null;
  /** A category slug (`/?category=elektronik`); an unknown slug finds nothing. */
  categorySlug?: string | null;
}

export interface SearchOptions extends ProductPageOptions {
  term: string;
}

export interface ProductIdPage {
  /** Product ids in page order; the caller loads the rows. */
  ids: string[];
  /** Exact, or a lower bound when `capped`. */
  totalCount: number;
  /** A search counted its matches only up to a bound and more match (SEARCH_COUNT_CAP). */
  capped?: boolean;
}

/**
 * A page whose matches were counted up to `bound` (countBound; null: counted exactly): at the
 * bound its count is the lower bound with `capped`, so a next page exists.
 */
export const boundedPage = (ids: string[], total: number, bound: number | null): ProductIdPage =>
  bound !== null && total >= bound
    ? { ids, totalCount: bound - 1, capped: true }
    : { ids, totalCount: total };

export interface ProductSuggestion {
  id: string;
  title: string;
  imageUrl: string;
  discountPercentage: number;
}

export interface CategorySuggestion {
  name: string;
  slug: string;
}

export interface Suggestions {
  products: ProductSuggestion[];
  categories: CategorySuggestion[];
  /** When no product is found: the nearest spelling that finds one, else null. */
  didYouMean: string | null;
}

export const SUGGESTED_PRODUCTS = 5;
export const SUGGESTED_CATEGORIES = 3;
/** At most this many typo fixes are tried for one word. */
const MAX_TYPO_FIXES = 12;

const EMPTY: ProductIdPage = { ids: [], totalCount: 0 };

/** The category filter as an id: null for none, undefined when the slug names no category. */
export async function categoryFilter(
  db: Database,
  options: ProductPageOptions,
): Promise<number | null | undefined> {
  if (options.categoryId != null) return options.categoryId;
  if (!options.categorySlug) return null;
  const rows = await selectBound<{ id: number }>(db, 'SELECT id FROM categories WHERE slug = $1', [
    options.categorySlug,
  ]);
  return rows[0]?.id;
}

/**
 * Each word of the query with the words it may stand for: itself, and when a word of 5 or
 * more letters matches nothing, the indexed words one edit away from it; the engine may then
 * spell a prefix out as the indexed words it stands for (the same matches, read faster).
 */
export async function wordGroups(db: Database, tokens: SearchToken[]): Promise<WordGroup[]> {
  const engine = engineFor(db);
  const groups = await Promise.all(
    tokens.map(async (token) => {
      const words = [token.text];
      if (forgivesTypo(token.text) && !(await engine.hasMatch(db, token))) {
        const fixes = await engine.knownWords(db, editVariants(token.text));
        words.push(...fixes.sort().slice(0, MAX_TYPO_FIXES));
      }
      return { words, prefix: token.prefix };
    }),
  );
  return engine.spelled ? engine.spelled(db, groups) : groups;
}

/**
 * The plain newest-first listing of active products (optionally of one category). The
 * listing indexes of migration 0003 hold the whole sort key, so any depth is an index walk.
 */
export async function listActiveProductIds(
  db: Database,
  options: ProductPageOptions,
): Promise<ProductIdPage> {
  const categoryId = await categoryFilter(db, options);
  if (categoryId === undefined) return EMPTY;
  const active = db.dialect === 'postgres' ? '"isActive" = TRUE' : '"isActive" = 1';
  const params = new Params();
  const where =
    categoryId === null
      ? `WHERE ${active}`
      : `WHERE "categoryId" = ${params.add(categoryId)} AND ${active}`;
  const counting = params.values.slice();
  // The triggers of migration 0003 keep the number of active products per category.
  const [rows, counted] = await Promise.all([
    selectBound<{ id: string }>(
      db,
      `SELECT id FROM products ${where} ORDER BY "createdAt" DESC, id
        LIMIT ${params.add(options.limit)} OFFSET ${params.add((options.page - 1) * options.limit)}`,
      params.values,
    ),
    selectBound<{ total: number | string | null }>(
      db,
      categoryId === null
        ? 'SELECT sum(active) AS total FROM product_active_counts'
        : 'SELECT active AS total FROM product_active_counts WHERE "categoryId" = $1',
      counting,
    ),
  ]);
  return { ids: rows.map((row) => row.id), totalCount: Number(counted[0]?.total ?? 0) };
}

/**
 * Active products matching a visitor's search, ranked (title, then category or badge, then
 * description; newer first within each). Every word must match, the last as a prefix; one
 * typo is forgiven in words of 5 or more letters. A term without any word lists the catalogue
 * newest first, as an empty search does.
 */
export async function searchProductIds(
  db: Database,
  options: SearchOptions,
): Promise<ProductIdPage> {
  const tokens = tokenize(options.term);
  if (tokens.length === 0) return listActiveProductIds(db, options);
  const categoryId = await categoryFilter(db, options);
  if (categoryId === undefined) return EMPTY;
  const groups = await wordGroups(db, tokens);
  return rankedPage(db, groups, categoryId, options.limit, (options.page - 1) * options.limit);
}

const TIERS: Tier[] = [0, 1, 2];

/**
 * How far a search counts its matches for a page at `offset`: the cap, or just past the page
 * when it lies further. Counts of the three scopes up to this bound still place any page that
 * has rows: a tier counted at the bound holds the rest of the page whole.
 */
export const countBound = (offset: number, limit: number) =>
  Math.max(SEARCH_COUNT_CAP, offset + limit) + 1;

/**
 * One page of the ranked matches: the tiers' sizes (each counted up to countBound) place the
 * page, then each tier it overlaps is read newest first from the right offset. A count that
 * reached the bound reports its lower bound (the cap, or the rows through this page) with
 * `capped`: more match, so a next page exists.
 */
async function rankedPage(
  db: Database,
  groups: WordGroup[],
  categoryId: number | null,
  limit: number,
  offset: number,
): Promise<ProductIdPage> {
  const engine = engineFor(db);
  const bound = countBound(offset, limit);
  if (engine.rankedPage) {
    const page = await engine.rankedPage(db, groups, categoryId, limit, offset, bound);
    return boundedPage(page.ids, page.all ?? 0, bound);
  }
  // The title and label counts only place the page: the engine may stop them at its end.
  const counts = await engine.counts(db, groups, categoryId, bound, offset + limit);
  const sizes = [counts.title, counts.label - counts.title, counts.all - counts.label];
  const ids: string[] = [];
  let skip = offset;
  for (const tier of TIERS) {
    const size = sizes[tier]!;
    if (ids.length >= limit) break;
    if (skip >= size) {
      skip -= size;
      continue;
    }
    ids.push(...(await engine.fetch(db, tier, groups, categoryId, limit - ids.length, skip)));
    skip = 0;
  }
  return boundedPage(ids, counts.all, bound);
}

/** The first `limit` ranked matches, without counting them all. */
async function topMatches(db: Database, groups: WordGroup[], limit: number): Promise<string[]> {
  const engine = engineFor(db);
  if (engine.rankedPage) return (await engine.rankedPage(db, groups, null, limit, 0, null)).ids;
  const ids: string[] = [];
  for (const tier of TIERS) {
    if (ids.length >= limit) break;
    ids.push(...(await engine.fetch(db, tier, groups, null, limit - ids.length, 0)));
  }
  return ids;
}

/** How well a category name answers the query's tokens, or null when it does not. */
function categoryScore(name: string, tokens: SearchToken[]): number | null {
  const words = foldedWords(name);
  let score = 0;
  for (const token of tokens) {
    const matches = (word: string) =>
      word === token.text || (token.prefix && word.startsWith(token.text));
    if (words.some(matches)) continue;
    const typo = forgivesTypo(token.text)
      ? words.some(
          (word) =>
            editDistance(word, token.text, 1) <= 1 ||
            (token.prefix &&
              word.length > token.text.length &&
              editDistance(word.slice(0, token.text.length), token.text, 1) <= 1),
        )
      : false;
    if (!typo) return null;
    score += 1;
  }
  // A name that starts with the first word reads as the better suggestion.
  if (!words[0]?.startsWith(tokens[0]!.text)) score += 0.5;
  return score;
}

async function suggestCategories(
  db: Database,
  tokens: SearchToken[],
): Promise<CategorySuggestion[]> {
  const categories = await selectBound<CategorySuggestion>(
    db,
    'SELECT name, slug FROM categories',
    [],
  );
  return categories
    .map((category) => ({ category, score: categoryScore(category.name, tokens) }))
    .filter(
      (entry): entry is { category: CategorySuggestion; score: number } => entry.score !== null,
    )
    .sort((a, b) => a.score - b.score || a.category.name.localeCompare(b.category.name, 'id'))
    .slice(0, SUGGESTED_CATEGORIES)
    .map(({ category }) => ({ name: category.name, slug: category.slug }));
}

async function suggestProducts(db: Database, tokens: SearchToken[]): Promise<ProductSuggestion[]> {
  const ids = await topMatches(db, await wordGroups(db, tokens), SUGGESTED_PRODUCTS);
  if (ids.length === 0) return [];
  const rows =
    db.dialect === 'postgres'
      ? await selectBound<ProductSuggestion>(
          db,
          `SELECT id, title, "imageUrl", "discountPercentage" FROM products
            WHERE id = ANY($1::uuid[])`,
          [ids],
        )
      : await selectBound<ProductSuggestion>(
          db,
          `SELECT id, title, "imageUrl", "discountPercentage" FROM products
            WHERE id IN (SELECT value FROM json_each($1))`,
          [JSON.stringify(ids)],
        );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            id: row.id,
            title: row.title,
            imageUrl: row.imageUrl,
            discountPercentage: Number(row.discountPercentage),
          },
        ]
      : [];
  });
}

/**
 * The header's suggestions as the visitor types: at most 5 products, ranked as the search
 * ranks them, and 3 categories whose name matches; with no product, the nearest spelling.
 */
export async function suggest(db: Database, q: string): Promise<Suggestions> {
  const tokens = tokenize(q);
  if (tokens.length === 0) return { products: [], categories: [], didYouMean: null };
  const [products, categories] = await Promise.all([
    suggestProducts(db, tokens),
    suggestCategories(db, tokens),
  ]);
  // Only a search that found nothing pays for the spelling look-up.
  const correction = products.length === 0 ? await didYouMean(db, tokens) : null;
  return { products, categories, didYouMean: correction };
}
