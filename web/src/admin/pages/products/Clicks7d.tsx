// The "Klik 7 hari" column of the product table: marketplace clicks of the last 7 Jakarta
// days, which the admin list answers as `clicks7d` (analytics reports, DESIGN.md). The column
// shows only when the list carries the figure.
import { Table, Text } from '@mantine/core';
import { formatNumber } from '@shared/rules/format';

const clicksOf = (row: object): number | null =>
  'clicks7d' in row && typeof row.clicks7d === 'number' ? row.clicks7d : null;

/** Whether the page of rows carries the 7-day clicks at all. */
export const hasClicks7d = (rows: readonly object[]): boolean =>
  rows.some((row) => clicksOf(row) !== null);

export function Clicks7dHead() {
  return <Table.Th ta="right">Klik 7 hari</Table.Th>;
}

export function Clicks7dCell({ row }: { row: object }) {
  const clicks = clicksOf(row);
  return (
    <Table.Td data-label="Klik 7 hari" ta="right" data-testid="clicks-7d">
      <Text size="sm">{clicks === null ? '-' : formatNumber(clicks)}</Text>
    </Table.Td>
  );
}
