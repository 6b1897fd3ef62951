import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  changeProductList,
  readProductListParams,
  writeProductListParams,
  type ProductListState,
} from '../../lib/product-list-params';

/** Changes the list's state; `replace` rewrites the current history entry instead of adding one. */
export type UpdateProductList = (change: Partial<ProductListState>, replace?: boolean) => void;

/**
 * The list's state lives in the address (search, category, status, sort, page, page size,
 * view): a reload, the back button or a shared link shows the same page.
 */
export function useProductListState(): readonly [ProductListState, UpdateProductList] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readProductListParams(params), [params]);
  const update: UpdateProductList = (change, replace = false) =>
    setParams(
      (current) =>
        writeProductListParams(changeProductList(readProductListParams(current), change)),
      { replace },
    );
  return [state, update] as const;
}
