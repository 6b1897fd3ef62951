import { useState } from 'react';
import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { formatNumber } from '@shared/rules/format';
import {
  MAX_BULK_PRODUCTS,
  PRODUCT_BULK_MESSAGES,
  type ProductBulkAction,
  type ProductBulkInput,
} from '@shared/schemas';
import type { Category } from '@shared/types';
import {
  BULK_ACTION_TEXTS,
  bulkFilterOf,
  bulkQuestion,
  bulkResultMessage,
} from '../../lib/product-bulk';
import type { ProductListState } from '../../lib/product-list-params';
import { serverMessage, toast } from '../../lib/toast';
import { useAdminProductCount, useProductBulkAction } from '../../queries/useProducts';
import { confirmAction } from '../../store/confirm';
import type { ProductSelection } from './useProductSelection';

/** The buttons of the bar, in pairs that undo each other; delete and move come last. */
const FLAG_ACTIONS: ProductBulkAction[] = [
  'activate',
  'deactivate',
  'featurePromo',
  'unfeaturePromo',
  'featurePopular',
  'unfeaturePopular',
];

/** What "every product that matches" can offer: the count, once known. */
interface MatchingCount {
  /** Still being counted (the page's count was capped). */
  counting: boolean;
  failed: boolean;
  count: number;
  /** More than `count` match (the count stopped at the bulk limit). */
  moreThan: boolean;
}

/**
 * The number of products "every product that matches" would choose: the page's count when it
 * is exact; when the page's count was capped ("lebih dari 1.000"), counted on demand up to the
 * bulk limit, only once the offer is on screen.
 */
function useMatchingCount(
  list: ProductListState,
  page: { totalCount: number; totalCountCapped: boolean },
  offered: boolean,
): MatchingCount {
  const exact = useAdminProductCount(bulkFilterOf(list), offered && page.totalCountCapped);
  if (!page.totalCountCapped) {
    return { counting: false, failed: false, count: page.totalCount, moreThan: false };
  }
  return {
    counting: exact.isPending,
    failed: exact.isError,
    count: exact.data?.totalCount ?? page.totalCount,
    moreThan: exact.data?.totalCountCapped ?? true,
  };
}

/** The offer to choose every match, e.g. "Pilih semua 4.321 produk yang cocok". */
function allMatchingLabel(matching: MatchingCount): string {
  if (matching.counting) return 'Menghitung produk yang cocok…';
  if (matching.failed) return 'Pilih semua produk yang cocok';
  const count = `${matching.moreThan ? 'lebih dari ' : ''}${formatNumber(matching.count)}`;
  return `Pilih semua ${count} produk yang cocok`;
}

/** Why every match cannot be chosen, or null when it can. */
function allMatchingRefusal(matching: MatchingCount): string | null {
  if (matching.failed) return 'Jumlah produk yang cocok gagal dihitung. Silakan coba lagi.';
  if (matching.counting) return null;
  if (matching.moreThan) return PRODUCT_BULK_MESSAGES.filterTooMany;
  if (matching.count > MAX_BULK_PRODUCTS) return PRODUCT_BULK_MESSAGES.tooMany;
  return null;
}

/**
 * Shown while rows are chosen: how many, "every product that matches" when the whole page is
 * chosen and more match, and the actions. Each action asks first, naming the count, then
 * reports the server's answer in a toast; the choice is cleared and the list reloads.
 */
export function BulkActionBar({
  selection,
  list,
  pageRows,
  totalCount,
  totalCountCapped = false,
  categories,
}: {
  selection: ProductSelection;
  list: ProductListState;
  pageRows: number;
  totalCount: number;
  /** The search's count stopped at its cap: more match than `totalCount`. */
  totalCountCapped?: boolean;
  categories: Category[];
}) {
  const bulk = useProductBulkAction();
  const [running, setRunning] = useState<ProductBulkAction | null>(null);
  const [targetCategory, setTargetCategory] = useState<string | null>(null);
  const canChooseAllMatching =
    selection.pageState === 'all' &&
    !selection.allMatching &&
    (totalCountCapped || totalCount > pageRows);
  const matching = useMatchingCount(list, { totalCount, totalCountCapped }, canChooseAllMatching);
  if (selection.count === 0) return null;

  const count = selection.count;
  const refusal = allMatchingRefusal(matching);

  async function run(action: ProductBulkAction) {
    const category = categories.find((c) => c.id === targetCategory);
    const categoryName = category?.name ?? '';
    const confirmed = await confirmAction(
      bulkQuestion(action, count, categoryName),
      BULK_ACTION_TEXTS[action].label,
    );
    if (!confirmed) return;
    const input: ProductBulkInput = selection.allMatching
      ? { filter: bulkFilterOf(list), action }
      : { ids: selection.ids, action };
    if (action === 'setCategory' && category) input.categoryId = category.id;
    setRunning(action);
    try {
      const { affected } = await bulk.mutateAsync(input);
      toast.success(bulkResultMessage(action, count, affected, categoryName), 'Berhasil');
      selection.clear();
      setTargetCategory(null);
    } catch (error) {
      toast.error(serverMessage(error, 'Aksi massal gagal. Silakan coba lagi.'), 'Gagal');
    } finally {
      setRunning(null);
    }
  }

  const busy = running !== null;
  const actionButton = (action: ProductBulkAction, color?: string) => (
    <Button
      key={action}
      size="xs"
      variant={action === 'delete' ? 'filled' : 'light'}
      color={color}
      loading={running === action}
      disabled={busy && running !== action}
      onClick={() => void run(action)}
    >
      {BULK_ACTION_TEXTS[action].label}
    </Button>
  );

  return (
    <Paper
      withBorder
      shadow="sm"
      radius="md"
      p="sm"
      mb="sm"
      // Kept in view under the header while a long page is scrolled (not on phones, where the
      // wrapped bar would cover most of the screen). An opaque colour: rows pass beneath it.
      pos={{ base: 'static', sm: 'sticky' }}
      top={60}
      style={{ zIndex: 5 }}
      bg="var(--mantine-color-blue-0)"
      role="region"
      aria-label="Aksi massal"
      data-testid="bulk-action-bar"
    >
      <Group gap="sm" wrap="wrap" mb="xs">
        <Text fw={600} size="sm" aria-live="polite" data-testid="bulk-count">
          {formatNumber(count)} dipilih
          {selection.allMatching && ' (semua yang cocok dengan filter)'}
        </Text>
        {selection.pageState === 'some' && !selection.allMatching && (
          <Button size="compact-sm" variant="subtle" disabled={busy} onClick={selection.togglePage}>
            Pilih semua di halaman ini
          </Button>
        )}
        {canChooseAllMatching && (
          <Button
            size="compact-sm"
            variant="subtle"
            disabled={matching.counting || refusal !== null || busy}
            onClick={() => selection.selectAllMatching(matching.count)}
          >
            {allMatchingLabel(matching)}
          </Button>
        )}
        {canChooseAllMatching && refusal !== null && (
          <Text size="xs" c="dimmed">
            {refusal}
          </Text>
        )}
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          disabled={busy}
          onClick={selection.clear}
        >
          Batalkan pilihan
        </Button>
      </Group>
      <Group gap="xs" wrap="wrap" align="flex-end">
        {FLAG_ACTIONS.map((action) => actionButton(action))}
        <Group gap={4} wrap="nowrap" align="flex-end">
          <Select
            size="xs"
            aria-label="Pindahkan ke kategori"
            placeholder="Pindahkan ke kategori"
            data={categories.map((c) => ({ value: c.id, label: c.name }))}
            value={targetCategory}
            onChange={setTargetCategory}
            searchable
            disabled={busy}
            w={180}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            size="xs"
            variant="light"
            loading={running === 'setCategory'}
            disabled={targetCategory === null || (busy && running !== 'setCategory')}
            onClick={() => void run('setCategory')}
          >
            {BULK_ACTION_TEXTS.setCategory.label}
          </Button>
        </Group>
        {/* red.8: white text on it keeps a 4.5:1 contrast. */}
        {actionButton('delete', 'red.8')}
      </Group>
    </Paper>
  );
}
