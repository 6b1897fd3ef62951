// Perangkat: visits by device type (Ponsel, Tablet, Desktop) and by browser, each with its
// share of the period's visits and the change against the previous period.
import { SimpleGrid, Stack, Table } from '@mantine/core';
import { EmptyState } from '../../components/QueryState';
import { StackingTable } from '../../components/StackingTableContainer';
import { formatPercent, share } from '../../lib/analytics-compare';
import { deviceName } from '../../lib/analytics-labels';
import { useDevicesReport, useReportCsvUrl } from '../../queries/useAnalyticsReports';
import { Panel } from './AnalyticsPanels';
import { useReportDates } from './DateRangeControl';
import {
  ComparisonChart,
  EMPTY_REPORT,
  FigureCell,
  ReportBoundary,
  ReportHeader,
} from './ReportParts';

interface ShareRow {
  key: string;
  name: string;
  visits: number;
  previous: number;
}

function ShareTable({ title, column, rows }: { title: string; column: string; rows: ShareRow[] }) {
  const total = rows.reduce((sum, row) => sum + row.visits, 0);
  return (
    <Panel title={title}>
      <ComparisonChart
        valueLabel="Kunjungan"
        rows={rows.map((row) => ({ name: row.name, current: row.visits, previous: row.previous }))}
      />
      <StackingTable
        minWidth={360}
        mt="md"
        head={
          <>
            <Table.Th>{column}</Table.Th>
            <Table.Th ta="right">Kunjungan</Table.Th>
            <Table.Th ta="right">Pangsa</Table.Th>
          </>
        }
      >
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td data-label={column}>{row.name}</Table.Td>
            <Table.Td data-label="Kunjungan" ta="right">
              <FigureCell value={row.visits} previous={row.previous} />
            </Table.Td>
            <Table.Td data-label="Pangsa" ta="right">
              {formatPercent(share(row.visits, total))}
            </Table.Td>
          </Table.Tr>
        ))}
      </StackingTable>
    </Panel>
  );
}

export function DevicesTab() {
  const { from, to } = useReportDates();
  const report = useDevicesReport({ from, to });
  const csv = useReportCsvUrl('devices', { from, to });
  return (
    <Stack>
      <ReportHeader
        report="perangkat"
        range={report.data?.range}
        previousRange={report.data?.previousRange}
        csvHref={csv}
      />
      <ReportBoundary query={report} title="Gagal memuat perangkat">
        {(data) => {
          if (data.devices.length === 0 && data.browsers.length === 0) {
            return <EmptyState>{EMPTY_REPORT}</EmptyState>;
          }
          const devices = data.devices.map((row) => ({
            key: row.device,
            name: deviceName(row.device),
            visits: row.visits,
            previous: data.previous.devices.find((p) => p.device === row.device)?.visits ?? 0,
          }));
          const browsers = data.browsers.map((row) => ({
            key: row.browser,
            name: row.browser || 'Tidak diketahui',
            visits: row.visits,
            previous: data.previous.browsers.find((p) => p.browser === row.browser)?.visits ?? 0,
          }));
          return (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <ShareTable title="Jenis perangkat" column="Perangkat" rows={devices} />
              <ShareTable title="Browser" column="Browser" rows={browsers} />
            </SimpleGrid>
          );
        }}
      </ReportBoundary>
    </Stack>
  );
}
