import { useState } from 'react';

export type PageSelectionState = 'none' | 'some' | 'all';

export interface ProductSelection {
  /** How many products an action would touch. */
  count: number;
  /** Every product that matches the list's filter, on every page, is chosen. */
  allMatching: boolean;
  /** The ids chosen one by one (empty when allMatching). */
  ids: string[];
  pageState: PageSelectionState;
  isSelected(id: string): boolean;
  toggle(id: string): void;
  /** Chooses every row of the page, or none when they all are. */
  togglePage(): void;
  /** Chooses every product that matches the list's filter: `matchCount` of them. */
  selectAllMatching(matchCount: number): void;
  clear(): void;
}

interface Chosen {
  listKey: string;
  ids: ReadonlySet<string>;
  allMatching: boolean;
  /** How many match, when allMatching (the count the admin confirmed). */
  matchCount: number;
}

const NOTHING = new Set<string>();

/**
 * The rows chosen for a bulk action. The choice belongs to one page of one list: it is
 * dropped as soon as `listKey` (filters, sort, page, page size) changes, so an action never
 * touches rows the admin cannot see, except by the explicit "every product that matches".
 */
export function useProductSelection(listKey: string, pageIds: readonly string[]): ProductSelection {
  const nothing: Chosen = { listKey, ids: NOTHING, allMatching: false, matchCount: 0 };
  const [chosen, setChosen] = useState<Chosen>(nothing);
  const current = chosen.listKey === listKey ? chosen : nothing;
  const { ids, allMatching } = current;
  const set = (next: ReadonlySet<string>) => setChosen({ ...nothing, ids: next });

  const isSelected = (id: string) => allMatching || ids.has(id);
  const onPage = pageIds.filter(isSelected).length;
  const pageState: PageSelectionState =
    pageIds.length > 0 && onPage === pageIds.length ? 'all' : onPage > 0 ? 'some' : 'none';

  return {
    count: allMatching ? current.matchCount : ids.size,
    allMatching,
    ids: allMatching ? [] : [...ids],
    pageState,
    isSelected,
    toggle(id) {
      // Leaving "every match" keeps the rest of the page chosen, as the checkboxes show it.
      const next = new Set(allMatching ? pageIds : ids);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      set(next);
    },
    togglePage() {
      set(pageState === 'all' ? NOTHING : new Set(pageIds));
    },
    selectAllMatching(matchCount) {
      setChosen({ ...nothing, allMatching: true, matchCount });
    },
    clear() {
      set(NOTHING);
    },
  };
}
