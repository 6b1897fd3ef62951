// Corong: visit → product opened → marketplace click, with the count of each step, its share of
// the step before and the visitors lost, for the whole site or one category, platform, source
// group or campaign. Filters live in the address beside the period.
import { useState } from 'react';
import { Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PLATFORMS } from '@shared/constants';
import { formatNumber } from '@shared/rules/format';
import type { FunnelStepCount } from '@shared/schemas/analytics-reports';
import { EmptyState } from '../../components/QueryState';
import { stepFromPrevious } from '../../lib/analytics-compare';
import { FUNNEL_STEP_LABELS, SOURCE_GROUP_OPTIONS } from '../../lib/analytics-labels';
import { platformName } from '../../lib/product-card';
import {
  useFunnelReport,
  useReportCsvUrl,
  type FunnelFilters,
} from '../../queries/useAnalyticsReports';
import { useCategories } from '../../queries/useCategories';
import { Panel } from './AnalyticsPanels';
import { useReportDates } from './DateRangeControl';
import { Change, ComparisonChart, EMPTY_REPORT, ReportBoundary, ReportHeader } from './ReportParts';
import { useAddressParams } from '../../lib/use-address-params';

const FILTERS = ['categoryId', 'platform', 'source', 'campaign'] as const;

function useFunnelFilters() {
  const [params, setParams] = useAddressParams();
  const filters: FunnelFilters = {};
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const set = (name: (typeof FILTERS)[number], value: string | null) => {
    setParams(
      (next) => {
        if (value) next.set(name, value);
        else next.delete(name);
        // A category's or platform's funnel stands alone (the API takes no other filter with it).
        if (value && (name === 'categoryId' || name === 'platform')) {
          for (const other of FILTERS) if (other !== name) next.delete(other);
        } else if (value) {
          next.delete('categoryId');
          next.delete('platform');
        }
        return next;
      },
      { replace: true },
    );
  };
  return { filters, set };
}

function Step({
  step,
  index,
  steps,
  previous,
}: {
  step: FunnelStepCount;
  index: number;
  steps: FunnelStepCount[];
  previous: number;
}) {
  const before = index > 0 ? (steps[index - 1]?.count ?? 0) : null;
  const label = FUNNEL_STEP_LABELS[step.step] ?? step.step;
  const fromPrevious = stepFromPrevious(step.count, before ?? 0);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="li"
      aria-label={`Langkah ${index + 1}: ${label}`}
      data-testid="funnel-step"
    >
      <Text size="sm" c="dimmed" fw={500}>
        {index + 1}. {label}
      </Text>
      <Text fz={26} fw={700} mt={4} data-testid="funnel-count">
        {formatNumber(step.count)}
      </Text>
      <Change current={step.count} previous={previous} />
      {before !== null && (
        <Text size="xs" mt={6}>
          {fromPrevious.share} dari langkah sebelumnya
          {fromPrevious.lost !== null && (
            <>
              <br />
              Hilang {fromPrevious.lost}
            </>
          )}
        </Text>
      )}
    </Card>
  );
}

export function FunnelTab() {
  const { from, to } = useReportDates();
  const { filters, set } = useFunnelFilters();
  const report = useFunnelReport({ from, to }, filters);
  const csv = useReportCsvUrl('funnel', { from, to, ...filters });
  const categories = useCategories();
  const [campaign, setCampaign] = useState(filters.campaign ?? '');

  return (
    <Stack>
      <ReportHeader
        report="corong"
        range={report.data?.range}
        previousRange={report.data?.previousRange}
        csvHref={csv}
      >
        <Select
          label="Kategori"
          placeholder="Semua kategori"
          clearable
          searchable
          data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={filters.categoryId ?? null}
          onChange={(value) => {
            set('categoryId', value);
            if (value) setCampaign('');
          }}
          w={180}
          comboboxProps={{ zIndex: 1000 }}
        />
        <Select
          label="Platform"
          placeholder="Semua platform"
          clearable
          data={PLATFORMS.map((p) => ({ value: p, label: platformName(p) }))}
          value={filters.platform ?? null}
          onChange={(value) => {
            set('platform', value);
            if (value) setCampaign('');
          }}
          w={160}
          comboboxProps={{ zIndex: 1000 }}
        />
        <Select
          label="Grup sumber"
          placeholder="Semua sumber"
          clearable
          data={SOURCE_GROUP_OPTIONS}
          value={filters.source ?? null}
          onChange={(value) => set('source', value)}
          w={160}
          comboboxProps={{ zIndex: 1000 }}
        />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            set('campaign', campaign.trim() || null);
          }}
        >
          <TextInput
            label="Kampanye (utm_campaign)"
            placeholder="Tekan Enter"
            value={campaign}
            maxLength={100}
            onChange={(event) => setCampaign(event.currentTarget.value)}
            onBlur={() => set('campaign', campaign.trim() || null)}
            w={180}
          />
        </form>
      </ReportHeader>
      <ReportBoundary query={report} title="Gagal memuat corong">
        {(data) => {
          const previous = (index: number) => data.previous.steps[index]?.count ?? 0;
          if (data.steps.every((s) => s.count === 0)) {
            return <EmptyState>{EMPTY_REPORT}</EmptyState>;
          }
          return (
            <Stack>
              <SimpleGrid
                cols={{ base: 1, sm: 3 }}
                component="ol"
                aria-label="Langkah corong"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {data.steps.map((step, index) => (
                  <Step
                    key={step.step}
                    step={step}
                    index={index}
                    steps={data.steps}
                    previous={previous(index)}
                  />
                ))}
              </SimpleGrid>
              <Panel title="Corong dibanding periode sebelumnya">
                <ComparisonChart
                  valueLabel="Jumlah"
                  rows={data.steps.map((step, index) => ({
                    name: FUNNEL_STEP_LABELS[step.step] ?? step.step,
                    current: step.count,
                    previous: previous(index),
                  }))}
                />
                <Group gap="xs" mt="xs">
                  <Text size="xs" c="dimmed">
                    Batang putus-putus: periode sebelumnya.
                  </Text>
                </Group>
              </Panel>
            </Stack>
          );
        }}
      </ReportBoundary>
    </Stack>
  );
}
