import { Table, Text } from '@mantine/core';
import { formatNumber } from '@shared/rules/format';
import type { AdminProductRow } from '@shared/types';

// "Dipantau": the product's active price watches (shoppers' push and confirmed e-mail
// watches), the demand staff can see before a promotion (docs/contracts.md, "Price watches").

export function WatchCountHead() {
  return (
    <Table.Th ta="right" title="Pantauan harga aktif dari pembeli">
      Dipantau
    </Table.Th>
  );
}

export function WatchCountCell({ product }: { product: AdminProductRow }) {
  const count = product.watchCount ?? 0;
  return (
    <Table.Td data-label="Dipantau" ta="right" data-testid="watch-count">
      <Text size="sm" c={count === 0 ? 'dimmed' : undefined} fw={count === 0 ? 400 : 600}>
        {formatNumber(count)}
      </Text>
    </Table.Td>
  );
}
