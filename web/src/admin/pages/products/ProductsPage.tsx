import { useEffect, useMemo, useState } from 'react';
import {
  Box,
  Button,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useSearchParams } from 'react-router-dom';
import { formatNumber } from '@shared/rules/format';
import type { AdminProductRow, AdminProductSort, Product } from '@shared/types';
import { PageHeader } from '../../components/PageHeader';
import { ListQueryStates } from '../../components/QueryState';
import { IconPlus, IconSearch } from '../../components/admin-icons';
import {
  changeProductList,
  DEFAULT_PRODUCT_LIST,
  isFiltered,
  PAGE_SIZES,
  productListQuery,
  PRODUCT_SORTS,
  readProductListParams,
  writeProductListParams,
  type ProductListState,
} from '../../lib/product-list-params';
import { runWithToast, serverMessage } from '../../lib/toast';
import { useBelowTablet } from '../../lib/use-below-tablet';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCategories } from '../../queries/useCategories';
import { useAdminProductPage, useProductMutations } from '../../queries/useProducts';
import { AdminProductCard } from './AdminProductCard';
import { BulkActionBar } from './BulkActionBar';
import { ImportExportActions } from './ImportExportActions';
import { PlatformPricesDialog } from './PlatformPricesDialog';
import { ProductFormDialog } from './ProductFormDialog';
import { ProductTable } from './ProductTable';
import { useProductSelection } from './useProductSelection';

export const DELETE_PRODUCT_CONFIRM = 'Apakah Anda yakin ingin menghapus produk ini?';

type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; product: Product | null }
  | { kind: 'prices'; product: Product };

const SEARCH_DELAY_MS = 300;

/**
 * The list's state lives in the address (search, category, status, sort, page, page size,
 * view): a reload, the back button or a shared link shows the same page.
 */
function useProductListState() {
  const [params, setParams] = useSearchParams();
  const defaultView = useBelowTablet() ? 'grid' : 'table';
  const state = useMemo(() => readProductListParams(params, defaultView), [params, defaultView]);
  const update = (change: Partial<ProductListState>, replace = false) =>
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

export function ProductsPage() {
  useDocumentTitle('Kelola Produk');
  const [state, update] = useProductListState();
  const products = useAdminProductPage(state);
  const categories = useCategories();
  const { remove } = useProductMutations();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });

  // The box shows what is typed at once; the address (and the server) follow after a pause.
  const [searchText, setSearchText] = useState(state.search);
  const commitSearch = useDebouncedCallback(
    (search: string) => update({ search }, true),
    SEARCH_DELAY_MS,
  );
  useEffect(() => {
    if (!commitSearch.isPending()) setSearchText(state.search);
  }, [state.search, commitSearch]);

  // A page past the end (after deletions, or an old link) moves to the last page.
  const totalPages = products.data?.totalPages ?? 0;
  useEffect(() => {
    if (!products.isPlaceholderData && totalPages > 0 && state.page > totalPages) {
      update({ page: totalPages }, true);
    }
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
  const selection = useProductSelection(
    productListQuery({ ...state, view: 'table' }),
    rows.map((row) => row.id),
    totalCount,
  );
  // A search with very many matches is counted only up to ADMIN_SEARCH_COUNT_CAP.
  const total = products.data?.totalCountCapped
    ? `lebih dari ${formatNumber(totalCount)}`
    : formatNumber(totalCount);
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

  const resetFilters = () => {
    commitSearch.cancel();
    setSearchText('');
    update({
      search: DEFAULT_PRODUCT_LIST.search,
      categoryId: DEFAULT_PRODUCT_LIST.categoryId,
      status: DEFAULT_PRODUCT_LIST.status,
      links: DEFAULT_PRODUCT_LIST.links,
    });
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

      <Group mb="md" align="flex-end" gap="sm" wrap="wrap" role="search">
        <TextInput
          label="Cari produk"
          placeholder="Judul, deskripsi atau badge..."
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            commitSearch(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commitSearch.flush();
          }}
          w={{ base: '100%', sm: 280 }}
        />
        <Select
          label="Kategori"
          data={[
            { value: 'all', label: 'Semua Kategori' },
            ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
          value={state.categoryId}
          onChange={(value) => update({ categoryId: value ?? 'all' })}
          allowDeselect={false}
          searchable
          w={{ base: '100%', sm: 220 }}
        />
        <Select
          label="Status"
          data={[
            { value: 'all', label: 'Semua Status' },
            { value: 'active', label: 'Aktif' },
            { value: 'inactive', label: 'Tidak Aktif' },
          ]}
          value={state.status}
          onChange={(value) => update({ status: (value as ProductListState['status']) ?? 'all' })}
          allowDeselect={false}
          w={{ base: '100%', sm: 150 }}
        />
        <Select
          label="Link afiliasi"
          data={[
            { value: 'all', label: 'Semua link' },
            { value: 'broken', label: 'Ada link rusak' },
          ]}
          value={state.links}
          onChange={(value) => update({ links: value === 'broken' ? 'broken' : 'all' })}
          allowDeselect={false}
          w={{ base: '100%', sm: 160 }}
        />
        <Select
          label="Urutkan"
          data={PRODUCT_SORTS}
          value={state.sort}
          onChange={(value) => update({ sort: (value as AdminProductSort) ?? 'newest' })}
          allowDeselect={false}
          w={{ base: '100%', sm: 170 }}
        />
        <Button variant="default" onClick={resetFilters} disabled={!filtered}>
          Reset Filter
        </Button>
        <Box ml={{ sm: 'auto' }}>
          <Text component="span" size="sm" fw={500} id="product-view-label" display="block" mb={4}>
            Tampilan
          </Text>
          <SegmentedControl
            aria-labelledby="product-view-label"
            value={state.view}
            onChange={(value) => update({ view: value as ProductListState['view'] })}
            data={[
              { value: 'table', label: 'Tabel' },
              { value: 'grid', label: 'Kartu' },
            ]}
          />
        </Box>
      </Group>

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
        totalCountCapped={products.data?.totalCountCapped ?? false}
        categories={categories.data ?? []}
      />
      {rows.length > 0 && (
        <Box
          aria-busy={products.isPlaceholderData}
          style={{ opacity: products.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        >
          {state.view === 'table' ? (
            <ProductTable
              products={rows}
              sort={state.sort}
              caption={`Daftar produk, halaman ${state.page} dari ${Math.max(totalPages, 1)}`}
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
      )}

      {products.data && (
        <Group justify="space-between" mt="md" gap="sm" wrap="wrap">
          <Select
            label="Per halaman"
            data={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
            value={String(state.limit)}
            onChange={(value) => update({ limit: Number(value ?? state.limit) })}
            allowDeselect={false}
            w={120}
          />
          {totalPages > 1 && (
            <Pagination
              aria-label="Halaman produk"
              total={totalPages}
              value={Math.min(state.page, totalPages)}
              onChange={(page) => update({ page })}
              siblings={1}
              boundaries={1}
              getItemProps={(page) => ({
                'aria-label': `Halaman ${page}`,
                'aria-current': page === state.page ? 'page' : undefined,
              })}
              getControlProps={(control) => ({
                'aria-label': {
                  first: 'Halaman pertama',
                  previous: 'Halaman sebelumnya',
                  next: 'Halaman berikutnya',
                  last: 'Halaman terakhir',
                }[control],
              })}
            />
          )}
        </Group>
      )}

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
