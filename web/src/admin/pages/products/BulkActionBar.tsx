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
import { useProductBulkAction } from '../../queries/useProducts';
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
  if (selection.count === 0) return null;

  const count = selection.count;
  const canChooseAllMatching =
    selection.pageState === 'all' && !selection.allMatching && totalCount > pageRows;
  // A capped count is not the real number of matches, so "every match" cannot be confirmed.
  const tooManyMatching = totalCountCapped || totalCount > MAX_BULK_PRODUCTS;

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
            disabled={tooManyMatching || busy}
            onClick={selection.selectAllMatching}
          >
            Pilih semua {totalCountCapped ? 'lebih dari ' : ''}
            {formatNumber(totalCount)} produk yang cocok
          </Button>
        )}
        {canChooseAllMatching && tooManyMatching && (
          <Text size="xs" c="dimmed">
            {totalCountCapped
              ? 'Terlalu banyak produk cocok untuk dihitung; persempit pencarian terlebih dahulu.'
              : PRODUCT_BULK_MESSAGES.tooMany}
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
