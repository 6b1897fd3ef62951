import type { ListingFilters } from '@shared/schemas';
import type { Database } from '../../db/database';
import { selectBound } from '../../db/sql';
import { fts5TierDocids, withPrefixWords, type Tier } from '../search/engines';
import { boundedPage, countBound, type ProductIdPage } from '../search/queries';
import { ListingSql, type ListingScope } from './listing-sql';
import { countFilteredMatches } from './sorted-search';

/** A docid's millisecond (docids follow createdAt: migration 0010's slots of 2^20). */
const SLOT_BITS = 20;

const TIERS: Tier[] = [0, 1, 2];

/**
 * SQLite, a search in relevance order with filters (docs/contracts.md, "Shopping"): the
 * general path built the set of every match, and those in titles and labels for the order
 * (`promo` with a marketplace: 9-39 s at 1,000,000 products). Here each ranking tier (title,
 * label, anywhere: search/engines.ts) is read newest first from its FTS5 table, each match's
 * product tested against the filters, until the page's end; the total is counted the same
 * way up to countBound. Products of one millisecond are ordered by id, as the listing orders
 * them.
 */
export async function filteredRelevancePage(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  page: { limit: number; offset: number },
): Promise<ProductIdPage> {
  const bound = countBound(page.offset, page.limit);
  const groups = await withPrefixWords(db, scope.groups!);
  const expanded = { ...scope, groups };
  const counting = countFilteredMatches(db, expanded, filters, bound);
  counting.catch(() => undefined);
  const ids: string[] = [];
  let skip = page.offset;
  for (const tier of TIERS) {
    const end = skip + page.limit - ids.length;
    const rows = await tierRows(db, expanded, filters, tier, end);
    ids.push(...rows.slice(skip));
    if (rows.length >= end) break;
    skip = Math.max(0, skip - rows.length);
  }
  const matches = (await counting).total;
  return boundedPage(ids, matches, bound);
}

/** The first `end` products of a tier that pass the filters, newest first, then by id. */
async function tierRows(
  db: Database,
  scope: ListingScope,
  filters: ListingFilters,
  tier: Tier,
  end: number,
): Promise<string[]> {
  const read = (limit: number) => {
    const sql = new ListingSql(db, { categoryId: scope.categoryId, groups: null }, filters);
    const docids = fts5TierDocids(tier, scope.groups!, scope.categoryId, (query) =>
      sql.params.add(query),
    );
    // Tested at the docs row, from its copy of the product's figures (migration 0039), then
    // on the links and the product row only when it has to be (docsMatch).
    const product = sql.docsMatch();
    // A LIMIT keeps the subquery's order (SQLite drops an ORDER BY without one), and the
    // compound is merged in docid order, each FTS5 query read only as far as needed. The
    // co-routine is the outer loop (CROSS JOIN), so rows come in its order: an outer ORDER BY
    // would not be seen as met and sorted every match of the tier (`promo`: 0.8 s).
    return selectBound<{ id: string; slot: number }>(
      db,
      `SELECT ${product.id} AS id, m.docid >> ${SLOT_BITS} AS slot
        FROM (${docids} ORDER BY docid DESC LIMIT -1) AS m
        CROSS JOIN product_search_docs d${product.from}
        WHERE d.docid = m.docid AND ${product.test}
        LIMIT ${sql.params.add(limit)}`,
      sql.params.values,
    );
  };
  if (end <= 0) return [];
  let limit = end;
  let rows = await read(limit);
  // The page's last millisecond may hold more products, some of them first by id: read on
  // until a row of an older one (rare: an import writes a chunk in one millisecond).
  const lastSlot = rows[end - 1]?.slot;
  while (rows.length === limit && rows[limit - 1]!.slot === lastSlot) {
    limit *= 2;
    rows = await read(limit);
  }
  rows.sort((a, b) => b.slot - a.slot || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return rows.slice(0, end).map((row) => row.id);
}
