import { useMemo } from 'react';
import {
  changeProductList,
  readProductListParams,
  writeProductListParams,
  type ProductListState,
} from '../../lib/product-list-params';
import { useAddressParams } from '../../lib/use-address-params';
import { useBelowTablet } from '../../lib/use-below-tablet';

/** Changes the list's state; `replace` rewrites the current history entry instead of adding one. */
export type UpdateProductList = (change: Partial<ProductListState>, replace?: boolean) => void;

/**
 * The list's state lives in the address (search, category, status, sort, page, page size,
 * view): a reload, the back button or a shared link shows the same page.
 */
export function useProductListState(): readonly [ProductListState, UpdateProductList] {
  const [params, setParams] = useAddressParams();
  // Cards on a phone, the table from the tablet width up, unless the address names a view.
  const defaultView = useBelowTablet() ? 'grid' : 'table';
  const state = useMemo(() => readProductListParams(params, defaultView), [params, defaultView]);
  const update: UpdateProductList = (change, replace = false) =>
    setParams(
      (current) =>
        writeProductListParams(
          changeProductList(readProductListParams(current, defaultView), change),
          defaultView,
        ),
      { replace },
    );
  return [state, update] as const;
}
