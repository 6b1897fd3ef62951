import {
  ActionIcon,
  Badge,
  Checkbox,
  Group,
  Image,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { formatRupiah } from '@shared/rules/price';
import type { AdminProductRow, AdminProductSort } from '@shared/types';
import { useAdminConfig } from '../../api/ApiContext';
import { IconLink } from '../../components/admin-icons';
import { RowActions } from '../../components/RowActions';
import { StackingTableContainer } from '../../components/StackingTableContainer';
import { mediaSrc } from '../../lib/urls';
import { Clicks7dCell, Clicks7dHead, hasClicks7d } from './Clicks7d';
import { PlatformBadges } from './PlatformBadges';
import { WatchCountCell, WatchCountHead } from './WatchCountCells';
import { SourceCells, SourceHeadCells } from './ProductSourceCells';
import type { ProductSelection } from './useProductSelection';

export const IMAGE_PLACEHOLDER =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='4' height='3'%3E%3Crect width='4' height='3' fill='%23e9ecef'/%3E%3C/svg%3E";

const THUMBNAIL = 48;

export interface ProductRowActions {
  onManagePrices(product: AdminProductRow): void;
  onEdit(product: AdminProductRow): void;
  onDelete(product: AdminProductRow): void;
}

/** A column's aria-sort under the current sort, for the columns a sort orders by. */
const ariaSort = (column: 'title' | 'discount', sort: AdminProductSort) =>
  sort === column ? (column === 'title' ? 'ascending' : 'descending') : undefined;

/** One page of products as a table: what a row needs is in the row, nothing is fetched per row. */
export function ProductTable({
  products,
  caption,
  sort,
  categoryName,
  actions,
  selection,
}: {
  products: AdminProductRow[];
  caption: string;
  sort: AdminProductSort;
  categoryName(product: AdminProductRow): string;
  actions: ProductRowActions;
  /** Rows chosen for a bulk action; without it the table has no checkbox column. */
  selection?: ProductSelection;
}) {
  const { apiBaseUrl } = useAdminConfig();
  const now = Date.now();
  return (
    <StackingTableContainer minWidth={1240}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="product-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Pilih semua produk di halaman ini"
                  checked={selection.pageState === 'all'}
                  indeterminate={selection.pageState === 'some'}
                  onChange={selection.togglePage}
                />
              </Table.Th>
            )}
            <Table.Th w={THUMBNAIL + 16}>
              <VisuallyHidden>Gambar</VisuallyHidden>
            </Table.Th>
            <Table.Th aria-sort={ariaSort('title', sort)}>Produk</Table.Th>
            <Table.Th>Kategori</Table.Th>
            <Table.Th ta="right" aria-sort={ariaSort('discount', sort)}>
              Diskon
            </Table.Th>
            {/* Wide enough for 'Tidak Aktif': a badge would otherwise shrink to an ellipsis. */}
            <Table.Th miw={112}>Status</Table.Th>
            <Table.Th>Platform</Table.Th>
            <Table.Th ta="right">Harga Terendah</Table.Th>
            {hasClicks7d(products) && <Clicks7dHead />}
            <WatchCountHead />
            <SourceHeadCells />
            <Table.Th ta="right">Aksi</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => {
            const selected = selection?.isSelected(product.id) ?? false;
            return (
              <Table.Tr
                key={product.id}
                data-testid="product-row"
                data-selected={selected || undefined}
                bg={selected ? 'var(--mantine-color-blue-0)' : undefined}
              >
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Pilih ${product.title}`}
                      checked={selected}
                      onChange={() => selection.toggle(product.id)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Image
                    src={mediaSrc(product.imageUrl, apiBaseUrl)}
                    alt=""
                    w={THUMBNAIL}
                    h={THUMBNAIL}
                    radius="sm"
                    fit="cover"
                    loading="lazy"
                    fallbackSrc={IMAGE_PLACEHOLDER}
                  />
                </Table.Td>
                <Table.Th scope="row" fw={500} data-label="Produk">
                  <Stack gap={2}>
                    <Text size="sm" fw={600} lineClamp={2}>
                      {product.title}
                    </Text>
                    {product.badgeText && (
                      <Badge color={product.badgeColor} variant="light" size="xs" w="fit-content">
                        {product.badgeText}
                      </Badge>
                    )}
                  </Stack>
                </Table.Th>
                <Table.Td data-label="Kategori">
                  <Text size="sm">{categoryName(product)}</Text>
                </Table.Td>
                <Table.Td data-label="Diskon" ta="right">
                  <Text size="sm" fw={600} c="red.9">
                    -{product.discountPercentage}%
                  </Text>
                </Table.Td>
                <Table.Td data-label="Status">
                  {/* max-content: a table cell would otherwise squeeze the label to an ellipsis. */}
                  <Badge
                    color={product.isActive ? 'teal' : 'gray'}
                    variant="light"
                    style={{ minWidth: 'max-content' }}
                  >
                    {product.isActive ? 'Aktif' : 'Tidak Aktif'}
                  </Badge>
                </Table.Td>
                <Table.Td data-label="Platform">
                  <PlatformBadges platforms={product.platforms} />
                </Table.Td>
                <Table.Td data-label="Harga Terendah" ta="right" data-testid="lowest-price">
                  {product.lowestPriceValue === null ? (
                    <Text size="sm" c="dimmed">
                      {product.links.length === 0 ? 'Belum ada link' : 'N/A'}
                    </Text>
                  ) : (
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatRupiah(product.lowestPriceValue)}
                    </Text>
                  )}
                </Table.Td>
                {hasClicks7d(products) && <Clicks7dCell row={product} />}
                <WatchCountCell product={product} />
                <SourceCells product={product} now={now} />
                <Table.Td data-label="Aksi">
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label="Kelola harga platform">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Kelola harga platform ${product.title}`}
                        onClick={() => actions.onManagePrices(product)}
                      >
                        <IconLink size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <RowActions
                      editLabel={`Edit ${product.title}`}
                      deleteLabel={`Hapus ${product.title}`}
                      onEdit={() => actions.onEdit(product)}
                      onDelete={() => actions.onDelete(product)}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </StackingTableContainer>
  );
}
