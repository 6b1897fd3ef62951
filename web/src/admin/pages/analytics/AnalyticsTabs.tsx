import type { ReactNode } from 'react';
import { BarChart, BarsList, DonutChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
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

/** Ranked list as labelled bars with the exact figure beside each, readable without hovering. */
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
  return (
    <BarsList
      data={items.map((item) => ({ ...item, name: item.name || '(unknown)', color: 'brand.1' }))}
      barsLabel={barsLabel}
      valueLabel={valueLabel}
      valueFormatter={formatNumber}
      barTextColor="dark.7"
      barHeight={28}
      // Short bars would wrap their label over two lines; let it run past the bar instead.
      getBarProps={() => ({ style: { whiteSpace: 'nowrap', overflow: 'visible' } })}
    />
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
    <QueryBoundary query={stats} title="Failed to load real-time figures">
      {(s) => (
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
            <Figure
              label="Current Visitors"
              value={formatNumber(s.currentVisitors)}
              hint="Active right now"
            />
            <Figure
              label="Today's Visitors"
              value={formatNumber(s.todayVisitors)}
              hint="Since midnight WIB"
            />
            <Figure label="Page Views" value={formatNumber(s.pageViewsLastHour)} hint="Last hour" />
            <Figure label="CTA Clicks" value={formatNumber(s.ctaClicksLastHour)} hint="Last hour" />
            <Figure label="Searches" value={formatNumber(s.searchesLastHour)} hint="Last hour" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <RankingPanel
              title="Top Countries"
              items={s.topCountries
                .slice(0, LIMITS.analyticsTopCountries)
                .map((c) => ({ name: c.country, value: c.count }))}
              barsLabel="Country"
              valueLabel="Visitors"
              empty="No visitors yet today."
            />
            <RankingPanel
              title="Top Pages"
              items={s.topPages.map(pageRow)}
              barsLabel="Page"
              valueLabel="Views"
              empty="No page views in the last hour."
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
    <QueryBoundary query={dashboard} title="Failed to load the analytics overview">
      {(d) => (
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Figure label="Total Visitors" value={formatNumber(d.totalVisitors)} />
            <Figure
              label="Weekly Visitors"
              value={formatNumber(d.weeklyVisitors)}
              hint="Last 7 days"
            />
            <Figure label="Total Page Views" value={formatNumber(d.totalPageViews)} />
            <Figure
              label="Conversion Rate"
              value={`${formatNumber(Math.round(d.conversionRate * 10) / 10)}%`}
              hint="Visitors who clicked a marketplace link"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Panel title="Devices">
              {d.deviceBreakdown.length === 0 ? (
                <EmptyState>No sessions in this range.</EmptyState>
              ) : (
                <Group justify="center" gap="xl" wrap="wrap">
                  <DonutChart
                    data={d.deviceBreakdown.map((item, i) => ({
                      name: item.device || '(unknown)',
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
                          {item.device || '(unknown)'}: <strong>{formatNumber(item.count)}</strong>
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                </Group>
              )}
            </Panel>
            <RankingPanel
              title="Browsers"
              items={d.browserBreakdown.map((b) => ({ name: b.browser, value: b.count }))}
              barsLabel="Browser"
              valueLabel="Sessions"
              empty="No sessions in this range."
            />
          </SimpleGrid>
          <RankingPanel
            title="Top Referrers"
            items={d.topReferrers.map((r) => ({
              name: r.referrer || 'Direct',
              value: r.visitors,
            }))}
            barsLabel="Referrer"
            valueLabel="Visitors"
            empty="No referrers in this range."
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
      <QueryBoundary query={missed} title="Failed to load searches without results">
        {(list) =>
          list.length === 0 ? (
            <EmptyState>No search without results in this range.</EmptyState>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Search term</Table.Th>
                  <Table.Th ta="right">Searches</Table.Th>
                  <Table.Th>Last searched</Table.Th>
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
        <Panel title="Top 10 Countries">
          <QueryBoundary query={countries} title="Failed to load traffic by country">
            {(list) => (
              <Ranking
                items={list
                  .slice(0, LIMITS.analyticsTopCountries)
                  .map((c) => ({ name: c.country, value: c.visitors }))}
                barsLabel="Country"
                valueLabel="Visitors"
                empty="No visitors in this range."
              />
            )}
          </QueryBoundary>
        </Panel>
        <Panel title="Top Pages">
          <QueryBoundary query={pages} title="Failed to load top pages">
            {(list) => (
              <Ranking
                items={list.map(pageRow)}
                barsLabel="Page"
                valueLabel="Views"
                empty="No page views in this range."
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
    <QueryBoundary query={cta} title="Failed to load CTA performance">
      {(c) => (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Panel title="CTA Clicks by Platform">
            {c.platformPerformance.length === 0 ? (
              <EmptyState>No marketplace clicks in this range.</EmptyState>
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
                  series={[{ name: 'clicks', label: 'Clicks', color: 'brand.6' }]}
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
                      <Table.Th ta="right">Clicks</Table.Th>
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
            title="Top Products"
            items={c.topProducts.map((p) => ({ name: p.product, value: p.clicks }))}
            barsLabel="Product"
            valueLabel="Clicks"
            empty="No product clicks in this range."
          />
        </SimpleGrid>
      )}
    </QueryBoundary>
  );
}
