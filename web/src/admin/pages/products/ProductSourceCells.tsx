import { Table, Text, Tooltip } from '@mantine/core';
import { formatDateTime } from '@shared/rules/format';
import type { AdminProductRow } from '@shared/types';
import { formatRelativeTime } from '../../lib/feed-display';

/** What the admin list adds for products kept by a feed (DESIGN.md, "Product feeds"). */
type RowWithSource = AdminProductRow & {
  /** The feed the product comes from; null or absent: entered by hand. */
  feedName?: string | null;
  /** When a feed last confirmed one of its prices (the latest over its links). */
  priceConfirmedAt?: string | null;
};

/** The header cells of the product table's Sumber and Harga dikonfirmasi columns. */
export function SourceHeadCells() {
  return (
    <>
      <Table.Th>Sumber</Table.Th>
      <Table.Th>Harga dikonfirmasi</Table.Th>
    </>
  );
}

/** A row's source ("Manual" or the feed's name) and how long ago its price was confirmed. */
export function SourceCells({ product, now }: { product: AdminProductRow; now: number }) {
  const { feedName, priceConfirmedAt } = product as RowWithSource;
  return (
    <>
      <Table.Td data-label="Sumber" data-testid="product-source">
        <Text size="sm" c={feedName ? undefined : 'dimmed'}>
          {feedName || 'Manual'}
        </Text>
      </Table.Td>
      <Table.Td data-label="Harga dikonfirmasi" data-testid="price-confirmed">
        {priceConfirmedAt ? (
          <Tooltip label={formatDateTime(priceConfirmedAt)}>
            <Text size="sm" tabIndex={0} style={{ whiteSpace: 'nowrap' }}>
              {formatRelativeTime(priceConfirmedAt, now)}
            </Text>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">
            -
          </Text>
        )}
      </Table.Td>
    </>
  );
}
