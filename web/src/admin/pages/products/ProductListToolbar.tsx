import { useEffect, useState } from 'react';
import { Box, Button, Group, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { AdminProductSort, Category } from '@shared/types';
import { IconSearch } from '../../components/admin-icons';
import {
  DEFAULT_PRODUCT_LIST,
  isFiltered,
  PRODUCT_SORTS,
  type ProductListState,
} from '../../lib/product-list-params';
import type { UpdateProductList } from './useProductListState';

const SEARCH_DELAY_MS = 300;

/** The search box, the filters, the sort, "Reset Filter" and the table/card switch. */
export function ProductListToolbar({
  state,
  update,
  categories,
}: {
  state: ProductListState;
  update: UpdateProductList;
  categories: Category[];
}) {
  // The box shows what is typed at once; the address (and the server) follow after a pause.
  const [searchText, setSearchText] = useState(state.search);
  const commitSearch = useDebouncedCallback(
    (search: string) => update({ search }, true),
    SEARCH_DELAY_MS,
  );
  useEffect(() => {
    if (!commitSearch.isPending()) setSearchText(state.search);
  }, [state.search, commitSearch]);

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
          ...categories.map((c) => ({ value: c.id, label: c.name })),
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
      <Button variant="default" onClick={resetFilters} disabled={!isFiltered(state)}>
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
  );
}
