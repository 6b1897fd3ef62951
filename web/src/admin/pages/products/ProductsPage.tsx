import { useEffect, useMemo, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { formatNumber } from '@shared/rules/format';
import type { AdminProductRow, Product } from '@shared/types';
import { PageHeader } from '../../components/PageHeader';
import { ListQueryStates } from '../../components/QueryState';
import { IconPlus } from '../../components/admin-icons';
import { isFiltered, productListQuery } from '../../lib/product-list-params';
import { runWithToast, serverMessage } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCategories } from '../../queries/useCategories';
import { useAdminProductPage, useProductMutations } from '../../queries/useProducts';
import { BulkActionBar } from './BulkActionBar';
import { ImportExportActions } from './ImportExportActions';
import { PlatformPricesDialog } from './PlatformPricesDialog';
import { ProductFormDialog } from './ProductFormDialog';
import { ProductListBody } from './ProductListBody';
import { ProductListPaging } from './ProductListPaging';
import { ProductListToolbar } from './ProductListToolbar';
import { useProductListState } from './useProductListState';
import { useProductSelection } from './useProductSelection';

export const DELETE_PRODUCT_CONFIRM = 'Apakah Anda yakin ingin menghapus produk ini?';

type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; product: Product | null }
  | { kind: 'prices'; product: Product };

export function ProductsPage() {
  useDocumentTitle('Kelola Produk');
  const [state, update] = useProductListState();
  const products = useAdminProductPage(state);
  const categories = useCategories();
  const { remove } = useProductMutations();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });

  // An empty page past the end (after deletions, or an old link) moves to the last page. A
  // page with rows is never moved: past a capped count the pages run on while rows remain.
  const totalPages = products.data?.totalPages ?? 0;
  const pastTheEnd =
    products.data !== undefined &&
    !products.isPlaceholderData &&
    products.data.products.length === 0 &&
    totalPages > 0 &&
    state.page > totalPages;
  useEffect(() => {
    if (pastTheEnd) update({ page: totalPages }, true);
  });

  const categoryNames = useMemo(
    () => new Map((categories.data ?? []).map((c) => [c.id, c.name])),
    [categories.data],
  );
  const categoryName = (product: AdminProductRow) =>
    categoryNames.get(product.categoryId) ?? product.category?.name ?? '-';
  const filtered = isFiltered(state);
  const rows = products.data?.products ?? [];
  const totalCount = products.data?.totalCount ?? 0;
  const capped = products.data?.totalCountCapped ?? false;
  const selection = useProductSelection(
    productListQuery({ ...state, view: 'table' }),
    rows.map((row) => row.id),
  );
  // A search with very many matches is counted only up to ADMIN_SEARCH_COUNT_CAP (or as far as
  // the page shows): "lebih dari".
  const total = capped ? `lebih dari ${formatNumber(totalCount)}` : formatNumber(totalCount);
  const firstRow = (state.page - 1) * state.limit + 1;
  const range =
    rows.length > 0
      ? `${formatNumber(firstRow)}–${formatNumber(firstRow + rows.length - 1)} dari ${total}`
      : `0 dari ${total}`;

  const onDelete = (product: Product) =>
    runWithToast({
      lang: 'id',
      confirm: DELETE_PRODUCT_CONFIRM,
      run: () => remove.mutateAsync(product.id),
      success: 'Produk berhasil dihapus',
      failure: (error) => serverMessage(error, 'Gagal menghapus produk'),
    });
  const actions = {
    onManagePrices: (product: AdminProductRow) => setDialog({ kind: 'prices', product }),
    onEdit: (product: AdminProductRow) => setDialog({ kind: 'form', product }),
    onDelete: (product: AdminProductRow) => void onDelete(product),
  };

  return (
    <>
      <PageHeader
        title="Kelola Produk"
        description="Produk, status dan harga serta link afiliasi per platform."
        backLabel="Kembali ke Dashboard"
        actions={
          <>
            <ImportExportActions state={state} />
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setDialog({ kind: 'form', product: null })}
            >
              Tambah Produk
            </Button>
          </>
        }
      />

      <ProductListToolbar state={state} update={update} categories={categories.data ?? []} />

      {products.data && (
        <Text size="sm" c="dimmed" mb="sm" aria-live="polite" data-testid="product-count">
          Menampilkan {range} produk
        </Text>
      )}
      <ListQueryStates
        query={products}
        errorTitle="Gagal memuat produk"
        empty={rows.length === 0}
        emptyText={filtered ? 'Tidak ada produk yang cocok dengan filter.' : 'Belum ada produk.'}
      />

      <BulkActionBar
        selection={selection}
        list={state}
        pageRows={rows.length}
        totalCount={totalCount}
        totalCountCapped={capped}
        categories={categories.data ?? []}
      />
      <ProductListBody
        rows={rows}
        state={state}
        caption={
          capped
            ? `Daftar produk, halaman ${formatNumber(state.page)}`
            : `Daftar produk, halaman ${formatNumber(state.page)} dari ${formatNumber(Math.max(totalPages, 1))}`
        }
        loading={products.isPlaceholderData}
        categoryName={categoryName}
        actions={actions}
        selection={selection}
      />

      {products.data && <ProductListPaging state={state} update={update} totalPages={totalPages} />}

      <ProductFormDialog
        opened={dialog.kind === 'form'}
        product={dialog.kind === 'form' ? dialog.product : null}
        categories={categories.data ?? []}
        onClose={() => setDialog({ kind: 'none' })}
      />
      <PlatformPricesDialog
        product={dialog.kind === 'prices' ? dialog.product : null}
        onClose={() => setDialog({ kind: 'none' })}
      />
    </>
  );
}

export default ProductsPage;
