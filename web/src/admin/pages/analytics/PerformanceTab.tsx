// The Performance tab: marketplace clicks per platform and the most clicked products.
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Table } from '@mantine/core';
import { formatNumber } from '@shared/rules/format';
import { QueryBoundary } from '../../components/QueryBoundary';
import { EmptyState } from '../../components/QueryState';
import { platformName } from '../../lib/product-card';
import type { AnalyticsRange } from '../../queries/keys';
import { useCtaPerformance } from '../../queries/useAnalytics';
import { Panel, RankingPanel } from './AnalyticsPanels';

export function PerformanceTab({ range }: { range: AnalyticsRange }) {
  const cta = useCtaPerformance(range);
  return (
    <QueryBoundary query={cta} title="Gagal memuat performa CTA">
      {(c) => (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Panel title="Klik CTA per Platform">
            {c.platformPerformance.length === 0 ? (
              <EmptyState>Tidak ada klik marketplace dalam rentang ini.</EmptyState>
            ) : (
              <>
                {/* Horizontal bars: the platform names sit one per line on the left, so they
                    stay readable on a phone instead of crowding under narrow columns. */}
                <BarChart
                  h={48 + 36 * c.platformPerformance.length}
                  data={c.platformPerformance.map((p) => ({
                    platform: platformName(p.platform),
                    clicks: p.clicks,
                  }))}
                  dataKey="platform"
                  orientation="vertical"
                  yAxisProps={{ width: 96 }}
                  series={[{ name: 'clicks', label: 'Klik', color: 'brand.6' }]}
                  valueFormatter={formatNumber}
                  tickLine="x"
                  // The table below gives the same figures; the drawing stays out of Tab order.
                  barChartProps={{ accessibilityLayer: false }}
                  aria-hidden
                />
                <Table mt="md" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Platform</Table.Th>
                      <Table.Th ta="right">Klik</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {c.platformPerformance.map((p) => (
                      <Table.Tr key={p.platform}>
                        <Table.Td>{platformName(p.platform)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(p.clicks)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </>
            )}
          </Panel>
          <RankingPanel
            title="Produk Teratas"
            items={c.topProducts.map((p) => ({ name: p.product, value: p.clicks }))}
            barsLabel="Produk"
            valueLabel="Klik"
            empty="Tidak ada klik produk dalam rentang ini."
          />
        </SimpleGrid>
      )}
    </QueryBoundary>
  );
}
