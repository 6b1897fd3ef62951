import { Box, SimpleGrid } from '@mantine/core';
import type { AdminProductRow } from '@shared/types';
import type { ProductListState } from '../../lib/product-list-params';
import { AdminProductCard } from './AdminProductCard';
import { ProductTable, type ProductRowActions } from './ProductTable';
import type { ProductSelection } from './useProductSelection';

/**
 * One page's rows, as the table or as cards; dimmed (and marked busy) while the next page
 * loads in its place.
 */
export function ProductListBody({
  rows,
  state,
  caption,
  loading,
  categoryName,
  actions,
  selection,
}: {
  rows: AdminProductRow[];
  state: ProductListState;
  /** The table's caption, e.g. "Daftar produk, halaman 2 dari 5". */
  caption: string;
  /** The rows shown are the previous page's while the requested one loads. */
  loading: boolean;
  categoryName(product: AdminProductRow): string;
  actions: ProductRowActions;
  selection: ProductSelection;
}) {
  if (rows.length === 0) return null;
  return (
    <Box aria-busy={loading} style={{ opacity: loading ? 0.6 : 1, transition: 'opacity 120ms' }}>
      {state.view === 'table' ? (
        <ProductTable
          products={rows}
          sort={state.sort}
          caption={caption}
          categoryName={categoryName}
          actions={actions}
          selection={selection}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {rows.map((product) => (
            <AdminProductCard
              key={product.id}
              product={product}
              categoryName={categoryName(product)}
              onManagePrices={() => actions.onManagePrices(product)}
              onEdit={() => actions.onEdit(product)}
              onDelete={() => actions.onDelete(product)}
              selected={selection.isSelected(product.id)}
              onToggleSelect={() => selection.toggle(product.id)}
            />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
