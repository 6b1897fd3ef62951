import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ManagerListQuery } from '../components/ManagerSection';
import type { AdminPageRequest } from '../queries/crud';

/** Rows per page of the FAQ, meta tag and popup managers (the server's default too). */
export const SITE_LIST_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

/**
 * The page and search of a list paged on the server. The box shows what is typed at once;
 * the request follows after a pause, from page 1.
 */
export function usePagedList(limit = SITE_LIST_PAGE_SIZE) {
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const [searchedFor, setSearchedFor] = useState(search);
  // A new search starts again at page 1 (set while rendering, not in an effect).
  if (searchedFor !== search) {
    setSearchedFor(search);
    setPage(1);
  }
  const request: AdminPageRequest = { page, limit, search };
  return { request, page, setPage, searchText, setSearchText, searching: search !== '' };
}

/**
 * The page to show once a page has loaded: after deleting the last row of the last page the
 * list steps back to the new last page instead of showing an empty one.
 */
export function pageInRange(page: number, totalPages: number): number {
  return totalPages > 0 ? Math.min(page, totalPages) : 1;
}

/** A page query seen as a list query (its rows as the data), for ManagerSection's states. */
export function pageRowsQuery<TPage, TRow>(
  query: UseQueryResult<TPage>,
  rows: (page: TPage) => TRow[],
): Omit<ManagerListQuery, 'data'> & { data: TRow[] | undefined } {
  return {
    isPending: query.isPending,
    isError: query.isError,
    isSuccess: query.isSuccess,
    error: query.error,
    refetch: query.refetch,
    data: query.data === undefined ? undefined : rows(query.data),
  };
}
