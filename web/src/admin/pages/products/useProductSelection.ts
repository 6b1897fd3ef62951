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
  selectAllMatching(): void;
  clear(): void;
}

interface Chosen {
  listKey: string;
  ids: ReadonlySet<string>;
  allMatching: boolean;
}

const NOTHING = new Set<string>();

/**
 * The rows chosen for a bulk action. The choice belongs to one page of one list: it is
 * dropped as soon as `listKey` (filters, sort, page, page size) changes, so an action never
 * touches rows the admin cannot see, except by the explicit "every product that matches".
 */
export function useProductSelection(
  listKey: string,
  pageIds: readonly string[],
  totalCount: number,
): ProductSelection {
  const [chosen, setChosen] = useState<Chosen>({ listKey, ids: NOTHING, allMatching: false });
  const current =
    chosen.listKey === listKey ? chosen : { listKey, ids: NOTHING, allMatching: false };
  const { ids, allMatching } = current;
  const set = (next: ReadonlySet<string>, everything = false) =>
    setChosen({ listKey, ids: next, allMatching: everything });

  const isSelected = (id: string) => allMatching || ids.has(id);
  const onPage = pageIds.filter(isSelected).length;
  const pageState: PageSelectionState =
    pageIds.length > 0 && onPage === pageIds.length ? 'all' : onPage > 0 ? 'some' : 'none';

  return {
    count: allMatching ? totalCount : ids.size,
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
    selectAllMatching() {
      set(NOTHING, true);
    },
    clear() {
      set(NOTHING);
    },
  };
}
