import { Group, Pagination, Text, TextInput } from '@mantine/core';
import { formatNumber } from '@shared/rules/format';
import { IconSearch } from './admin-icons';

/** The search box above a list paged on the server. */
export function ListSearch({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(text: string): void;
}) {
  return (
    <TextInput
      label={label}
      type="search"
      placeholder="Ketik untuk mencari..."
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={360}
    />
  );
}

/**
 * The count and the page buttons under a list paged on the server, e.g. "45 FAQ · halaman 2
 * dari 3"; the buttons only when there is more than one page.
 */
export function ListPager({
  label,
  noun,
  page,
  totalPages,
  totalCount,
  onChange,
}: {
  /** The list's name for screen readers, e.g. 'Halaman FAQ'. */
  label: string;
  /** What the rows are, e.g. 'FAQ', 'meta tag', 'popup'. */
  noun: string;
  page: number;
  totalPages: number;
  totalCount: number;
  onChange(page: number): void;
}) {
  if (totalCount === 0) return null;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {formatNumber(totalCount)} {noun} · halaman {formatNumber(page)} dari{' '}
        {formatNumber(totalPages)}
      </Text>
      {totalPages > 1 && (
        <nav aria-label={label}>
          <Pagination
            total={totalPages}
            value={page}
            onChange={onChange}
            siblings={1}
            boundaries={1}
            {...paginationLabels(page)}
          />
        </nav>
      )}
    </Group>
  );
}

const CONTROL_LABELS = {
  first: 'Halaman pertama',
  previous: 'Halaman sebelumnya',
  next: 'Halaman berikutnya',
  last: 'Halaman terakhir',
} as const;

/** Indonesian names for Mantine's page buttons, and the current page marked for screen readers. */
export function paginationLabels(current: number) {
  return {
    getItemProps: (item: number) => ({
      'aria-label': `Halaman ${item}`,
      'aria-current': item === current ? ('page' as const) : undefined,
    }),
    getControlProps: (control: keyof typeof CONTROL_LABELS) => ({
      'aria-label': CONTROL_LABELS[control],
    }),
  };
}
