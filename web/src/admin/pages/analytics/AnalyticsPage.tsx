import { useState } from 'react';
import { Badge, Group, Tabs, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from '@shared/rules/format';
import { PageHeader } from '../../components/PageHeader';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSelectedTabInView } from '../../lib/use-selected-tab-in-view';
import type { AnalyticsRange } from '../../queries/keys';
import { OverviewTab } from './OverviewTab';
import { PerformanceTab } from './PerformanceTab';
import { RealtimeTab } from './RealtimeTab';
import { TrafficTab } from './TrafficTab';
import { useRealtimeSocket } from './useRealtimeSocket';

const TABS = [
  { value: 'realtime', label: 'Real-time' },
  { value: 'overview', label: 'Overview' },
  { value: 'traffic', label: 'Traffic' },
  { value: 'performance', label: 'Performance' },
] as const;
type AnalyticsTab = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is AnalyticsTab {
  return TABS.some((t) => t.value === value);
}

type DateRange = [string | null, string | null];

export function AnalyticsPage() {
  useDocumentTitle('Analytics');
  const status = useRealtimeSocket();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: AnalyticsTab = isTab(raw) ? raw : 'realtime';
  const tabList = useSelectedTabInView<HTMLDivElement>(tab);
  const [dates, setDates] = useState<DateRange>([null, null]);
  // The range applies once both ends are chosen; until then the server's last 30 days apply.
  const range: AnalyticsRange =
    dates[0] && dates[1] ? { from: dates[0].slice(0, 10), to: dates[1].slice(0, 10) } : {};

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
          isTab(value) && setParams(value === 'realtime' ? {} : { tab: value }, { replace: true })
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
          {tab !== 'realtime' && (
            <Group gap="xs" align="flex-end">
              <DatePickerInput
                type="range"
                label="Rentang tanggal"
                placeholder="30 hari terakhir"
                clearable
                allowSingleDateInRange
                valueFormat="D MMM YYYY"
                value={dates}
                onChange={(value) => setDates(value as DateRange)}
                maxDate={new Date()}
                w={260}
                popoverProps={{ zIndex: 1000 }}
              />
            </Group>
          )}
        </Group>
        {tab !== 'realtime' && (
          <Text size="xs" c="dimmed" mb="sm">
            {range.from && range.to
              ? `Dari ${formatDate(range.from)} sampai ${formatDate(range.to)} (Asia/Jakarta)`
              : '30 hari terakhir (Asia/Jakarta)'}
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
      </Tabs>
    </>
  );
}

export default AnalyticsPage;
