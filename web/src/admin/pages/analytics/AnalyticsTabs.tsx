import type { ReactNode } from 'react';
import { BarChart, DonutChart } from '@mantine/charts';
import { Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { LIMITS } from '@shared/constants';
import { formatNumber } from '@shared/rules/format';
import { QueryBoundary } from '../../components/QueryBoundary';
import { EmptyState } from '../../components/QueryState';
import { StatCard } from '../../components/StatCard';
import type { AnalyticsRange } from '../../queries/keys';
import {
  useAnalyticsDashboard,
  useCtaPerformance,
  useMissedSearches,
  useRealtimeStats,
  useTopPages,
  useTrafficByCountry,
} from '../../queries/useAnalytics';
import { platformName } from '../../lib/product-card';
import classes from './AnalyticsTabs.module.css';

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

function Figure(props: { label: string; value: string; hint?: string }) {
  return <StatCard {...props} testId="figure-value" />;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * Ranked list: each name on its own line (two lines at most, then the full name on hover) with
 * its exact figure at the right and a bar below, so long names stay readable on a phone
 * instead of running over the figures.
 */
function Ranking({
  items,
  barsLabel,
  valueLabel,
  empty,
}: {
  items: { name: string; value: number }[];
  barsLabel: string;
  valueLabel: string;
  empty: string;
}) {
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  const max = Math.max(1, ...items.map((item) => item.value));
  return (
    <div>
      <Group justify="space-between" mb={6} aria-hidden>
        <Text size="xs" fw={600} c="dimmed">
          {barsLabel}
        </Text>
        <Text size="xs" fw={600} c="dimmed">
          {valueLabel}
        </Text>
      </Group>
      <Stack gap="sm" component="ol" className={classes.ranking}>
        {items.map((item) => {
          const name = item.name || '(tidak diketahui)';
          return (
            <li key={name} aria-label={`${name}: ${formatNumber(item.value)} ${valueLabel}`}>
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <Text size="sm" lineClamp={2} title={name} miw={0}>
                  {name}
                </Text>
                <Text size="sm" fw={600}>
                  {formatNumber(item.value)}
                </Text>
              </Group>
              <Progress
                value={(item.value / max) * 100}
                size="sm"
                color="brand"
                mt={4}
                aria-hidden
              />
            </li>
          );
        })}
      </Stack>
    </div>
  );
}

const pageRow = (page: { path: string; views: number }) => ({ name: page.path, value: page.views });

function RankingPanel({ title, ...ranking }: { title: string } & Parameters<typeof Ranking>[0]) {
  return (
    <Panel title={title}>
      <Ranking {...ranking} />
    </Panel>
  );
}

export function RealtimeTab() {
  const stats = useRealtimeStats();
  return (
    <QueryBoundary query={stats} title="Gagal memuat angka real-time">
      {(s) => (
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
            <Figure
              label="Pengunjung Saat Ini"
              value={formatNumber(s.currentVisitors)}
              hint="Aktif saat ini"
            />
            <Figure
              label="Pengunjung Hari Ini"
              value={formatNumber(s.todayVisitors)}
              hint="Sejak tengah malam WIB"
            />
            <Figure
              label="Tampilan Halaman"
              value={formatNumber(s.pageViewsLastHour)}
              hint="1 jam terakhir"
            />
            <Figure
              label="Klik CTA"
              value={formatNumber(s.ctaClicksLastHour)}
              hint="1 jam terakhir"
            />
            <Figure
              label="Pencarian"
              value={formatNumber(s.searchesLastHour)}
              hint="1 jam terakhir"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <RankingPanel
              title="Negara Teratas"
              items={s.topCountries
                .slice(0, LIMITS.analyticsTopCountries)
                .map((c) => ({ name: c.country, value: c.count }))}
              barsLabel="Negara"
              valueLabel="Pengunjung"
              empty="Belum ada pengunjung hari ini."
            />
            <RankingPanel
              title="Halaman Teratas"
              items={s.topPages.map(pageRow)}
              barsLabel="Halaman"
              valueLabel="Tampilan"
              empty="Tidak ada tampilan halaman dalam 1 jam terakhir."
            />
          </SimpleGrid>
        </Stack>
      )}
    </QueryBoundary>
  );
}

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

const lastSearched = new Intl.DateTimeFormat('id-ID', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Jakarta',
});

/** What shoppers searched for and did not find: the catalogue's gaps. */
function MissedSearchesPanel({ range }: { range: AnalyticsRange }) {
  const missed = useMissedSearches(range);
  return (
    <Panel title="Pencarian tanpa hasil">
      <QueryBoundary query={missed} title="Gagal memuat pencarian tanpa hasil">
        {(list) =>
          list.length === 0 ? (
            <EmptyState>Tidak ada pencarian tanpa hasil dalam rentang ini.</EmptyState>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Kata pencarian</Table.Th>
                  <Table.Th ta="right">Pencarian</Table.Th>
                  <Table.Th>Terakhir dicari</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((row) => (
                  <Table.Tr key={row.query}>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{row.query}</Table.Td>
                    <Table.Td ta="right">{formatNumber(row.searches)}</Table.Td>
                    <Table.Td>{lastSearched.format(new Date(row.lastSearchedAt))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryBoundary>
    </Panel>
  );
}

export function TrafficTab({ range }: { range: AnalyticsRange }) {
  const countries = useTrafficByCountry(range);
  const pages = useTopPages(range);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Panel title="10 Negara Teratas">
          <QueryBoundary query={countries} title="Gagal memuat traffic per negara">
            {(list) => (
              <Ranking
                items={list
                  .slice(0, LIMITS.analyticsTopCountries)
                  .map((c) => ({ name: c.country, value: c.visitors }))}
                barsLabel="Negara"
                valueLabel="Pengunjung"
                empty="Tidak ada pengunjung dalam rentang ini."
              />
            )}
          </QueryBoundary>
        </Panel>
        <Panel title="Halaman Teratas">
          <QueryBoundary query={pages} title="Gagal memuat halaman teratas">
            {(list) => (
              <Ranking
                items={list.map(pageRow)}
                barsLabel="Halaman"
                valueLabel="Tampilan"
                empty="Tidak ada tampilan halaman dalam rentang ini."
              />
            )}
          </QueryBoundary>
        </Panel>
      </SimpleGrid>
      <MissedSearchesPanel range={range} />
    </Stack>
  );
}

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
