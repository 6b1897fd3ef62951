import { Group, Pagination, Select, Text } from '@mantine/core';
import { paginationLabels } from '../../components/ListPaging';
import { PAGE_SIZES, type ProductListState } from '../../lib/product-list-params';
import type { UpdateProductList } from './useProductListState';

/**
 * Under the list: the page size and the page buttons (only with more than one page). Past a
 * capped count `totalPages` is what is known so far (at least one page after the current
 * one), so "next" goes on while rows remain.
 */
export function ProductListPaging({
  state,
  update,
  totalPages,
  morePages = false,
}: {
  state: ProductListState;
  update: UpdateProductList;
  totalPages: number;
  /** The number of pages is not known yet: more follow the last button. */
  morePages?: boolean;
}) {
  return (
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
          {...paginationLabels(state.page)}
        />
      )}
      {morePages && (
        <Text size="xs" c="dimmed" data-testid="more-pages">
          Jumlah halaman belum dihitung; gunakan tombol berikutnya untuk melanjutkan.
        </Text>
      )}
    </Group>
  );
}
