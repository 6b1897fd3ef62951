import { useCallback, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';

/** Builds the next address query from the latest one. */
export type AddressParamsChange = (current: URLSearchParams) => URLSearchParams;

/**
 * The address's query, and a setter whose changes compose.
 *
 * react-router's own functional setter hands the updater the query of the last render, and its
 * navigations land in a transition: a second change made before the first one has rendered (a
 * page size picked, then the card view clicked straight away) was built on the old query and
 * undid the first. Here every change starts from the last query written, so none is lost.
 */
export function useAddressParams(): readonly [
  URLSearchParams,
  (change: AddressParamsChange, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  const rendered = useRef(params);
  const latest = useRef(params);
  // A new address (a change landed, back, a link) is the starting point again.
  if (rendered.current !== params) {
    rendered.current = params;
    latest.current = params;
  }
  const change = useCallback(
    (next: AddressParamsChange, options?: NavigateOptions) => {
      const query = next(new URLSearchParams(latest.current));
      latest.current = query;
      setParams(query, options);
    },
    [setParams],
  );
  return [params, change] as const;
}
