// Produk: per product views, marketplace clicks, click-through rate, watches and the current
// lowest price, paged and sorted on the server (100,000 products), against the previous period.
import { SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { formatRupiah } from '@shared/rules/price';
import {
  ANALYTICS_PRODUCTS_DEFAULT_LIMIT,
  PRODUCT_REPORT_SORTS,
  type ProductReportSort,
} from '@shared/schemas/analytics-reports';
import { ListPager } from '../../components/ListPaging';
import { EmptyState } from '../../components/QueryState';
import { StackingTable } from '../../components/StackingTableContainer';
import { formatPercent } from '../../lib/analytics-compare';
import { formatNumber } from '@shared/rules/format';
import { useProductsReport, useReportCsvUrl } from '../../queries/useAnalyticsReports';
import { Panel } from './AnalyticsPanels';
import { useReportDates } from './DateRangeControl';
import {
  EMPTY_REPORT,
  FigureCell,
  FigureGrid,
  ReportBoundary,
  ReportFigure,
  ReportHeader,
} from './ReportParts';
import { useAddressParams } from '../../lib/use-address-params';

const SORT_LABELS: Record<ProductReportSort, string> = {
  views: 'Dilihat',
  clicks: 'Klik',
  ctr: 'CTR',
};

function isSort(value: string | null): value is ProductReportSort {
  return (PRODUCT_REPORT_SORTS as readonly string[]).includes(value ?? '');
}

export function ProductsReportTab() {
  const [params, setParams] = useAddressParams();
  const rawSort = params.get('sort');
  const sort: ProductReportSort = isSort(rawSort) ? rawSort : 'views';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { from, to } = useReportDates();
  const request = { page, limit: ANALYTICS_PRODUCTS_DEFAULT_LIMIT, sort };
  const report = useProductsReport({ from, to }, request);
  const csv = useReportCsvUrl('products', { from, to, ...request });

  const update = (changes: Record<string, string | null>) => {
    setParams(
      (next) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Stack>
      <ReportHeader
        report="produk"
        range={report.data?.range}
        previousRange={report.data?.previousRange}
        csvHref={csv}
      >
        <div>
          <Text size="sm" fw={500} mb={4} id="products-sort-label">
            Urutkan menurut
          </Text>
          <SegmentedControl
            aria-labelledby="products-sort-label"
            value={sort}
            onChange={(value) => update({ sort: value === 'views' ? null : value, page: null })}
            data={PRODUCT_REPORT_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
            size="xs"
          />
        </div>
      </ReportHeader>
      <ReportBoundary query={report} title="Gagal memuat laporan produk">
        {(data) => {
          if (data.totalCount === 0 || (data.totals.views === 0 && data.totals.clicks === 0)) {
            return <EmptyState>{EMPTY_REPORT}</EmptyState>;
          }
          return (
            <Stack>
              <FigureGrid>
                <ReportFigure
                  label="Dilihat"
                  value={data.totals.views}
                  previous={data.previous.totals.views}
                />
                <ReportFigure
                  label="Klik"
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
              <Panel title="Produk">
                <StackingTable
                  minWidth={760}
                  data-testid="products-report-table"
                  head={
                    <>
                      <Table.Th>Produk</Table.Th>
                      <Table.Th ta="right" aria-sort={sort === 'views' ? 'descending' : undefined}>
                        Dilihat
                      </Table.Th>
                      <Table.Th ta="right" aria-sort={sort === 'clicks' ? 'descending' : undefined}>
                        Klik
                      </Table.Th>
                      <Table.Th ta="right" aria-sort={sort === 'ctr' ? 'descending' : undefined}>
                        CTR
                      </Table.Th>
                      <Table.Th ta="right">Dipantau</Table.Th>
                      <Table.Th ta="right">Harga terendah</Table.Th>
                    </>
                  }
                >
                  {data.products.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td data-label="Produk" style={{ wordBreak: 'break-word' }}>
                        {row.title}
                      </Table.Td>
                      <Table.Td data-label="Dilihat" ta="right">
                        <FigureCell value={row.views} previous={row.previous.views} />
                      </Table.Td>
                      <Table.Td data-label="Klik" ta="right">
                        <FigureCell value={row.clicks} previous={row.previous.clicks} />
                      </Table.Td>
                      <Table.Td data-label="CTR" ta="right">
                        <FigureCell
                          value={row.ctr}
                          previous={row.previous.ctr}
                          format={formatPercent}
                        />
                      </Table.Td>
                      <Table.Td data-label="Dipantau" ta="right">
                        {formatNumber(row.watches)}
                      </Table.Td>
                      <Table.Td data-label="Harga terendah" ta="right">
                        {row.lowestPrice === null ? '-' : formatRupiah(row.lowestPrice)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </StackingTable>
              </Panel>
              <ListPager
                label="Halaman laporan produk"
                noun="produk"
                page={data.currentPage}
                totalPages={data.totalPages}
                totalCount={data.totalCount}
                onChange={(next) => update({ page: next === 1 ? null : String(next) })}
              />
            </Stack>
          );
        }}
      </ReportBoundary>
    </Stack>
  );
}
