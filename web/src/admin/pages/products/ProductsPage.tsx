import { useMemo, useState } from 'react';
import { Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { matchesAdminSearch } from '@shared/rules/search';
import type { Product } from '@shared/types';
import { PageHeader } from '../../components/PageHeader';
import { ListQueryStates } from '../../components/QueryState';
import { IconPlus, IconSearch } from '../../components/admin-icons';
import { runWithToast, serverMessage } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCategories } from '../../queries/useCategories';
import { useAdminProducts, useProductMutations } from '../../queries/useProducts';
import { useProductFilters } from '../../store/product-filters';
import { PlatformPricesDialog } from './PlatformPricesDialog';
import { AdminProductCard } from './AdminProductCard';
import { ProductFormDialog } from './ProductFormDialog';

export const DELETE_PRODUCT_CONFIRM = 'Apakah Anda yakin ingin menghapus produk ini?';

type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; product: Product | null }
  | { kind: 'prices'; product: Product };

export function ProductsPage() {
  useDocumentTitle('Kelola Produk');
  const products = useAdminProducts();
  const categories = useCategories();
  const { remove } = useProductMutations();
  const filters = useProductFilters();
  const [search] = useDebouncedValue(filters.search, 150);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });

  const categoryNames = useMemo(
    () => new Map((categories.data ?? []).map((c) => [c.id, c.name])),
    [categories.data],
  );
  const visible = useMemo(
    () =>
      (products.data ?? []).filter(
        (p) =>
          (filters.categoryId === 'all' || p.categoryId === filters.categoryId) &&
          matchesAdminSearch(p, search),
      ),
    [products.data, filters.categoryId, search],
  );
  const filtered = filters.categoryId !== 'all' || filters.search.trim() !== '';

  const onDelete = (product: Product) =>
    runWithToast({
      lang: 'id',
      confirm: DELETE_PRODUCT_CONFIRM,
      run: () => remove.mutateAsync(product.id),
      success: 'Produk berhasil dihapus',
      failure: (error) => serverMessage(error, 'Gagal menghapus produk'),
    });

  return (
    <>
      <PageHeader
        title="Kelola Produk"
        description="Produk, status dan harga serta link afiliasi per platform."
        backLabel="Kembali ke Dashboard"
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ kind: 'form', product: null })}
          >
            Tambah Produk
          </Button>
        }
      />

      <Group mb="md" align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Cari produk"
          placeholder="Judul, deskripsi atau badge..."
          leftSection={<IconSearch size={16} />}
          value={filters.search}
          onChange={(event) => filters.setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Select
          label="Kategori"
          data={[
            { value: 'all', label: 'Semua Kategori' },
            ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
          value={filters.categoryId}
          onChange={(value) => filters.setCategoryId(value ?? 'all')}
          allowDeselect={false}
          searchable
          w={{ base: '100%', sm: 260 }}
        />
        <Button variant="default" onClick={filters.reset} disabled={!filtered}>
          Reset Filter
        </Button>
      </Group>

      {products.isSuccess && (
        <Text size="sm" c="dimmed" mb="sm" aria-live="polite" data-testid="product-count">
          Menampilkan {visible.length} dari {products.data.length} produk
        </Text>
      )}
      <ListQueryStates
        query={products}
        errorTitle="Gagal memuat produk"
        empty={visible.length === 0}
        emptyText={filtered ? 'Tidak ada produk yang cocok dengan filter.' : 'Belum ada produk.'}
      />

      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {visible.map((product) => (
          <AdminProductCard
            key={product.id}
            product={product}
            categoryName={categoryNames.get(product.categoryId) ?? product.category?.name ?? '-'}
            onManagePrices={() => setDialog({ kind: 'prices', product })}
            onEdit={() => setDialog({ kind: 'form', product })}
            onDelete={() => void onDelete(product)}
          />
        ))}
      </SimpleGrid>

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
