// Sumber kunjungan: visits, product views, marketplace clicks and click-through rate by where
// visitors came from (source group, referring site or utm_*), against the previous period.
import { SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { formatNumber } from '@shared/rules/format';
import {
  SOURCE_DIMENSIONS,
  type SourceDimension,
  type SourceRow,
} from '@shared/schemas/analytics-reports';
import { EmptyState } from '../../components/QueryState';
import { StackingTable } from '../../components/StackingTableContainer';
import { formatPercent } from '../../lib/analytics-compare';
import { sourceLabel } from '../../lib/analytics-labels';
import { useBelowTablet } from '../../lib/use-below-tablet';
import { useReportCsvUrl, useSourcesReport } from '../../queries/useAnalyticsReports';
import { Panel } from './AnalyticsPanels';
import { useReportDates } from './DateRangeControl';
import {
  ComparisonChart,
  EMPTY_REPORT,
  FigureCell,
  FigureGrid,
  ReportBoundary,
  ReportFigure,
  ReportHeader,
} from './ReportParts';
import { useAddressParams } from '../../lib/use-address-params';

const DIMENSION_LABELS: Record<SourceDimension, string> = {
  group: 'Grup sumber',
  referrer: 'Situs perujuk',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
};

function isDimension(value: string | null): value is SourceDimension {
  return (SOURCE_DIMENSIONS as readonly string[]).includes(value ?? '');
}

const ZERO: SourceRow = { key: '', visits: 0, productViews: 0, clicks: 0, ctr: 0 };
const CHART_ROWS = 10;

export function SourcesTab() {
  const [params, setParams] = useAddressParams();
  const rawBy = params.get('by');
  const by: SourceDimension = isDimension(rawBy) ? rawBy : 'group';
  const { from, to } = useReportDates();
  const report = useSourcesReport({ from, to }, by);
  const csv = useReportCsvUrl('sources', { from, to, by });
  const narrow = useBelowTablet();

  return (
    <Stack>
      <ReportHeader
        report="sumber kunjungan"
        range={report.data?.range}
        previousRange={report.data?.previousRange}
        csvHref={csv}
      >
        <div>
          <Text size="sm" fw={500} mb={4} id="sources-by-label">
            Kelompokkan menurut
          </Text>
          <SegmentedControl
            aria-labelledby="sources-by-label"
            value={by}
            onChange={(value) => {
              setParams(
                (next) => {
                  if (value === 'group') next.delete('by');
                  else next.set('by', value);
                  return next;
                },
                { replace: true },
              );
            }}
            data={SOURCE_DIMENSIONS.map((value) => ({ value, label: DIMENSION_LABELS[value] }))}
            orientation={narrow ? 'vertical' : 'horizontal'}
            fullWidth={narrow}
            size="xs"
          />
        </div>
      </ReportHeader>
      <ReportBoundary query={report} title="Gagal memuat sumber kunjungan">
        {(data) => {
          const before = new Map(data.previous.sources.map((row) => [row.key, row]));
          const name = (row: SourceRow) => sourceLabel(data.by, row.key);
          if (data.sources.length === 0 && data.totals.visits === 0) {
            return <EmptyState>{EMPTY_REPORT}</EmptyState>;
          }
          return (
            <Stack>
              <FigureGrid>
                <ReportFigure
                  label="Kunjungan"
                  value={data.totals.visits}
                  previous={data.previous.totals.visits}
                />
                <ReportFigure
                  label="Lihat produk"
                  value={data.totals.productViews}
                  previous={data.previous.totals.productViews}
                />
                <ReportFigure
                  label="Klik ke marketplace"
                  value={data.totals.clicks}
                  previous={data.previous.totals.clicks}
                />
                <ReportFigure
                  label="CTR"
                  value={data.totals.ctr}
                  previous={data.previous.totals.ctr}
                  format={formatPercent}
                />
              </FigureGrid>
              <Panel title={`Kunjungan per ${DIMENSION_LABELS[by]}`}>
                <ComparisonChart
                  valueLabel="Kunjungan"
                  rows={data.sources.slice(0, CHART_ROWS).map((row) => ({
                    name: name(row),
                    current: row.visits,
                    previous: before.get(row.key)?.visits ?? 0,
                  }))}
                />
              </Panel>
              <Panel title="Rincian sumber">
                <StackingTable minWidth={640} head={<SourcesHead />} data-testid="sources-table">
                  {data.sources.map((row) => {
                    const prev = before.get(row.key) ?? ZERO;
                    return (
                      <Table.Tr key={row.key}>
                        <Table.Td data-label="Sumber" style={{ wordBreak: 'break-word' }}>
                          {name(row)}
                        </Table.Td>
                        <Table.Td data-label="Kunjungan" ta="right">
                          <FigureCell value={row.visits} previous={prev.visits} />
                        </Table.Td>
                        <Table.Td data-label="Lihat produk" ta="right">
                          <FigureCell value={row.productViews} previous={prev.productViews} />
                        </Table.Td>
                        <Table.Td data-label="Klik ke marketplace" ta="right">
                          <FigureCell value={row.clicks} previous={prev.clicks} />
                        </Table.Td>
                        <Table.Td data-label="CTR" ta="right">
                          <FigureCell value={row.ctr} previous={prev.ctr} format={formatPercent} />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </StackingTable>
                <Text size="xs" c="dimmed" mt="xs">
                  {formatNumber(data.sources.length)} sumber. CTR: klik ke marketplace per tampilan
                  produk.
                </Text>
              </Panel>
            </Stack>
          );
        }}
      </ReportBoundary>
    </Stack>
  );
}

function SourcesHead() {
  return (
    <>
      <Table.Th>Sumber</Table.Th>
      <Table.Th ta="right">Kunjungan</Table.Th>
      <Table.Th ta="right">Lihat produk</Table.Th>
      <Table.Th ta="right">Klik ke marketplace</Table.Th>
      <Table.Th ta="right">CTR</Table.Th>
    </>
  );
}
