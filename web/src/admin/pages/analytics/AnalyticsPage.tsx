import { Badge, Group, Tabs, Text } from '@mantine/core';
import { formatDate } from '@shared/rules/format';
import { PageHeader } from '../../components/PageHeader';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSelectedTabInView } from '../../lib/use-selected-tab-in-view';
import type { AnalyticsRange } from '../../queries/keys';
import { DateRangeControl, useReportDates } from './DateRangeControl';
import { DevicesTab } from './DevicesTab';
import { FunnelTab } from './FunnelTab';
import { OverviewTab } from './OverviewTab';
import { PerformanceTab } from './PerformanceTab';
import { ProductsReportTab } from './ProductsReportTab';
import { RealtimeTab } from './RealtimeTab';
import { SourcesTab } from './SourcesTab';
import { TrafficTab } from './TrafficTab';
import { useRealtimeSocket } from './useRealtimeSocket';
import { useAddressParams } from '../../lib/use-address-params';

const TABS = [
  { value: 'realtime', label: 'Real-time' },
  { value: 'overview', label: 'Overview' },
  { value: 'traffic', label: 'Traffic' },
  { value: 'performance', label: 'Performance' },
  { value: 'sources', label: 'Sumber kunjungan' },
  { value: 'funnel', label: 'Corong' },
  { value: 'products', label: 'Produk' },
  { value: 'devices', label: 'Perangkat' },
] as const;
type AnalyticsTab = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is AnalyticsTab {
  return TABS.some((t) => t.value === value);
}

/** Parameters that belong to one report and do not follow to another tab. */
const REPORT_PARAMS = ['by', 'sort', 'page', 'categoryId', 'platform', 'source', 'campaign'];

/** The address of another tab: the period stays, the previous report's own choices go. */
function tabParams(params: URLSearchParams, tab: AnalyticsTab): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of REPORT_PARAMS) next.delete(name);
  if (tab === 'realtime') next.delete('tab');
  else next.set('tab', tab);
  return next;
}

export function AnalyticsPage() {
  useDocumentTitle('Analytics');
  const status = useRealtimeSocket();
  const [params, setParams] = useAddressParams();
  const raw = params.get('tab');
  const tab: AnalyticsTab = isTab(raw) ? raw : 'realtime';
  const tabList = useSelectedTabInView<HTMLDivElement>(tab);
  // The period is in the address (range=7d, or range=custom&from&to), shared by every tab.
  const dates = useReportDates();
  const range: AnalyticsRange = { from: dates.from, to: dates.to };

  return (
    <>
      <PageHeader
        title="Analytics"
        description="Traffic real-time, klik CTA dan perilaku pengunjung."
        backLabel="Kembali ke Dashboard"
        actions={
          <Badge
            size="lg"
            variant="dot"
            color={status === 'live' ? 'teal' : 'red'}
            data-testid="socket-status"
            role="status"
          >
            {status === 'live' ? 'Live' : 'Disconnected'}
          </Badge>
        }
      />
      <Tabs
        value={tab}
        onChange={(value) =>
          isTab(value) && setParams((current) => tabParams(current, value), { replace: true })
        }
        keepMounted={false}
        variant="outline"
      >
        <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
          <Tabs.List ref={tabList} style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
            {TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tab !== 'realtime' && <DateRangeControl />}
        </Group>
        {tab !== 'realtime' && (
          <Text size="xs" c="dimmed" mb="sm">
            {`Dari ${formatDate(dates.from)} sampai ${formatDate(dates.to)} (Asia/Jakarta)`}
          </Text>
        )}
        <Tabs.Panel value="realtime">
          <RealtimeTab />
        </Tabs.Panel>
        <Tabs.Panel value="overview">
          <OverviewTab range={range} />
        </Tabs.Panel>
        <Tabs.Panel value="traffic">
          <TrafficTab range={range} />
        </Tabs.Panel>
        <Tabs.Panel value="performance">
          <PerformanceTab range={range} />
        </Tabs.Panel>
        <Tabs.Panel value="sources">
          <SourcesTab />
        </Tabs.Panel>
        <Tabs.Panel value="funnel">
          <FunnelTab />
        </Tabs.Panel>
        <Tabs.Panel value="products">
          <ProductsReportTab />
        </Tabs.Panel>
        <Tabs.Panel value="devices">
          <DevicesTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

export default AnalyticsPage;
