// The Overview tab: visitors, page views and conversion over the chosen range, with devices,
// browsers and referrers.
import { DonutChart } from '@mantine/charts';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatNumber } from '@shared/rules/format';
import { QueryBoundary } from '../../components/QueryBoundary';
import { EmptyState } from '../../components/QueryState';
import type { AnalyticsRange } from '../../queries/keys';
import { useAnalyticsDashboard } from '../../queries/useAnalytics';
import { Figure, Panel, RankingPanel } from './AnalyticsPanels';

const PALETTE = [
  'brand.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'pink.6',
  'lime.7',
  'yellow.6',
  'red.6',
  'gray.6',
];

export function OverviewTab({ range }: { range: AnalyticsRange }) {
  const dashboard = useAnalyticsDashboard(range);
  return (
    <QueryBoundary query={dashboard} title="Gagal memuat ringkasan analytics">
      {(d) => (
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Figure label="Total Pengunjung" value={formatNumber(d.totalVisitors)} />
            <Figure
              label="Pengunjung Mingguan"
              value={formatNumber(d.weeklyVisitors)}
              hint="7 hari terakhir"
            />
            <Figure label="Total Tampilan Halaman" value={formatNumber(d.totalPageViews)} />
            <Figure
              label="Tingkat Konversi"
              value={`${formatNumber(Math.round(d.conversionRate * 10) / 10)}%`}
              hint="Pengunjung yang mengklik link marketplace"
            />
            <Figure
              label="Bot"
              value={formatNumber(d.bots)}
              hint="Kunjungan bot, tidak dihitung di laporan lain"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Panel title="Perangkat">
              {d.deviceBreakdown.length === 0 ? (
                <EmptyState>Tidak ada sesi dalam rentang ini.</EmptyState>
              ) : (
                <Group justify="center" gap="xl" wrap="wrap">
                  <DonutChart
                    data={d.deviceBreakdown.map((item, i) => ({
                      name: item.device || '(tidak diketahui)',
                      value: item.count,
                      color: PALETTE[i % PALETTE.length] ?? 'gray.6',
                    }))}
                    withTooltip
                    tooltipDataSource="segment"
                    valueFormatter={formatNumber}
                    size={160}
                    thickness={28}
                    // The legend beside it says the same in text; the drawing stays out of the
                    // Tab order (recharts would make it focusable inside an aria-hidden box).
                    pieChartProps={{ accessibilityLayer: false }}
                    pieProps={{ rootTabIndex: -1 }}
                    aria-hidden
                  />
                  <Stack gap={4}>
                    {d.deviceBreakdown.map((item, i) => (
                      <Group key={item.device} gap="xs">
                        <span
                          aria-hidden
                          style={{
                            width: 10,
                            height: 10,
                            borderRadius: 2,
                            background: `var(--mantine-color-${(PALETTE[i % PALETTE.length] ?? 'gray.6').replace('.', '-')})`,
                          }}
                        />
                        <Text size="sm">
                          {item.device || '(tidak diketahui)'}:{' '}
                          <strong>{formatNumber(item.count)}</strong>
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                </Group>
              )}
            </Panel>
            <RankingPanel
              title="Browser"
              items={d.browserBreakdown.map((b) => ({ name: b.browser, value: b.count }))}
              barsLabel="Browser"
              valueLabel="Sesi"
              empty="Tidak ada sesi dalam rentang ini."
            />
          </SimpleGrid>
          <RankingPanel
            title="Referrer Teratas"
            items={d.topReferrers.map((r) => ({
              name: r.referrer || 'Langsung',
              value: r.visitors,
            }))}
            barsLabel="Referrer"
            valueLabel="Pengunjung"
            empty="Tidak ada referrer dalam rentang ini."
          />
        </Stack>
      )}
    </QueryBoundary>
  );
}
