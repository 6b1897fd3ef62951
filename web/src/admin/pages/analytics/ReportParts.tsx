// What every report of "Analytics staff act on" draws with: the change against the previous
// period, a figure with its change, the CSV button, the loading skeleton, the empty text and
// a bar chart with the previous period as a second, dashed series.
import type { ReactNode } from 'react';
import { BarChart } from '@mantine/charts';
import {
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { formatDate, formatNumber } from '@shared/rules/format';
import type { ReportRangeInfo } from '@shared/schemas/analytics-reports';
import { IconFile } from '../../components/admin-icons';
import { QueryBoundary, type BoundaryQuery } from '../../components/QueryBoundary';
import { changeSentence, changeText, compare } from '../../lib/analytics-compare';

export const EMPTY_REPORT = 'Belum ada data untuk periode ini';

// Dark shades: the small text keeps a 4.5:1 contrast on white (axe).
const TREND_COLOURS = { up: 'teal.9', new: 'teal.9', down: 'red.9', same: 'dimmed' } as const;

/** '▲ 12%' in colour, read out as 'naik 12% dari periode sebelumnya'. */
export function Change({ current, previous }: { current: number; previous: number }) {
  const change = compare(current, previous);
  return (
    <Text
      component="span"
      size="xs"
      fw={600}
      c={TREND_COLOURS[change.trend]}
      data-testid="change"
      style={{ whiteSpace: 'nowrap' }}
    >
      <span aria-hidden>{changeText(change)}</span>
      <VisuallyHidden>{changeSentence(change)}</VisuallyHidden>
    </Text>
  );
}

/** A figure in a table cell with its change below. */
export function FigureCell({
  value,
  previous,
  format = formatNumber,
}: {
  value: number;
  previous: number;
  format?: (value: number) => string;
}) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={600}>
        {format(value)}
      </Text>
      <Change current={value} previous={previous} />
    </Stack>
  );
}

/** A labelled figure of a report with its change against the previous period. */
export function ReportFigure({
  label,
  value,
  previous,
  format = formatNumber,
}: {
  label: string;
  value: number;
  previous: number;
  format?: (value: number) => string;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={26} fw={700} mt={4} data-testid="report-figure">
        {format(value)}
      </Text>
      <Group gap={6}>
        <Change current={value} previous={previous} />
        <Text size="xs" c="dimmed" aria-hidden>
          sebelumnya {format(previous)}
        </Text>
      </Group>
    </Card>
  );
}

export function FigureGrid({ children }: { children: ReactNode }) {
  return <SimpleGrid cols={{ base: 2, md: 4 }}>{children}</SimpleGrid>;
}

/** "Unduh CSV": the same report, with the same parameters, as a file. */
export function CsvButton({ href, report }: { href: string; report: string }) {
  return (
    <Button
      component="a"
      href={href}
      download
      variant="default"
      size="xs"
      leftSection={<IconFile size={14} />}
      aria-label={`Unduh CSV ${report}`}
    >
      Unduh CSV
    </Button>
  );
}

/** The report's title row: what it covers, compared with which days, and its CSV button. */
export function ReportHeader({
  report,
  range,
  previousRange,
  csvHref,
  children,
}: {
  report: string;
  range?: ReportRangeInfo;
  previousRange?: ReportRangeInfo;
  csvHref: string;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group align="flex-end" gap="sm">
        {children}
      </Group>
      <Group gap="sm" align="center">
        {range && previousRange && (
          <Text size="xs" c="dimmed">
            Dibandingkan dengan {formatDate(previousRange.from)} – {formatDate(previousRange.to)}
          </Text>
        )}
        <CsvButton href={csvHref} report={report} />
      </Group>
    </Group>
  );
}

/** Grey blocks where the figures will be, announced as loading. */
export function ReportSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-label="Memuat laporan">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={92} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={220} radius="md" />
      <VisuallyHidden>Memuat...</VisuallyHidden>
    </Stack>
  );
}

/** Skeleton, then the report, or the error with a retry when nothing has loaded. */
export function ReportBoundary<T>(props: {
  query: BoundaryQuery<T>;
  title: string;
  children: (data: T) => ReactNode;
}) {
  return <QueryBoundary {...props} loading={<ReportSkeleton />} />;
}

export interface ComparisonRow {
  name: string;
  current: number;
  previous: number;
}

/**
 * Horizontal bars of this period with the previous period's beside them, dashed and pale.
 * The table beside it gives the same figures, so the drawing is hidden from screen readers
 * and stays out of the Tab order.
 */
export function ComparisonChart({
  rows,
  valueLabel,
}: {
  rows: ComparisonRow[];
  valueLabel: string;
}) {
  return (
    <BarChart
      h={56 + 44 * rows.length}
      data={rows}
      dataKey="name"
      orientation="vertical"
      yAxisProps={{ width: 110 }}
      series={[
        { name: 'current', label: `${valueLabel} (periode ini)`, color: 'brand.6' },
        {
          name: 'previous',
          label: `${valueLabel} (periode sebelumnya)`,
          color: 'gray.5',
        },
      ]}
      barProps={(series) =>
        series.name === 'previous'
          ? { fillOpacity: 0.25, stroke: 'var(--mantine-color-gray-7)', strokeDasharray: '4 3' }
          : {}
      }
      withLegend
      valueFormatter={formatNumber}
      tickLine="x"
      barChartProps={{ accessibilityLayer: false }}
      aria-hidden
      data-testid="comparison-chart"
    />
  );
}
