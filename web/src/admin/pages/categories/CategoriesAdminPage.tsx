import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  ColorSwatch,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { iconInitials } from '@shared/rules/category';
import { formatNumber } from '@shared/rules/format';
import type { Category, CategoryWithCount } from '@shared/types';
import {
  categoryColor,
  categoryEmoji,
  UNKNOWN_CATEGORY_COLOR,
} from '../../../common/category-style';
import { IconPlus, IconSearch } from '../../components/admin-icons';
import { PageHeader } from '../../components/PageHeader';
import { ListQueryStates } from '../../components/QueryState';
import { RowActions } from '../../components/RowActions';
import { colorLabel } from '../../lib/category-display';
import { runWithToast, serverMessage } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useEditDialog } from '../../lib/use-edit-dialog';
import { useCategories, useCategoryMutations } from '../../queries/useCategories';
import { CategoryFormDialog } from './CategoryFormDialog';
import { CategoryInUseDialog } from './CategoryInUseDialog';
import classes from './CategoriesAdminPage.module.css';

export const DELETE_CATEGORY_CONFIRM = 'Apakah Anda yakin ingin menghapus kategori ini?';

export function productCountLabel(count: number): string {
  return count === 0 ? 'Belum ada produk' : `${formatNumber(count)} produk`;
}

function CategoryCard({
  category,
  onEdit,
  onDelete,
}: {
  category: CategoryWithCount;
  onEdit(): void;
  onDelete(): void;
}) {
  const color = categoryColor(category.color, UNKNOWN_CATEGORY_COLOR.staff);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="category-card"
      aria-label={category.name}
      component="article"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          {/* The spec's initials tile, and beside it the icon the site shows for the name. */}
          <div
            aria-hidden
            className={classes.initials}
            // A light tint of the colour behind dark text: readable for every one of the 30
            // colours (white or black on the mid-tones stays under 4.5:1).
            style={{ borderColor: color, background: `${color}26` }}
            data-testid="icon-initials"
          >
            {iconInitials(category.icon)}
          </div>
          <span
            className={classes.icon}
            style={{ borderColor: color }}
            role="img"
            aria-label={`Ikon ${category.icon}`}
            data-testid="category-icon"
          >
            {categoryEmoji(category.icon)}
          </span>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {category.name}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" truncate>
              {category.slug}
            </Text>
          </div>
        </Group>
        <Group gap={4} wrap="nowrap">
          <RowActions
            editLabel={`Edit ${category.name}`}
            deleteLabel={`Hapus ${category.name}`}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        </Group>
      </Group>
      <Group gap="xs" mt="sm">
        <Badge variant="light" color="brand">
          {category.group}
        </Badge>
        <Text size="sm" fw={600} data-testid="product-count">
          {productCountLabel(category.productCount)}
        </Text>
      </Group>
      <Stack gap={4} mt="xs">
        <Text size="xs" c="dimmed">
          Icon: <span>{category.icon}</span>
        </Text>
        <Group gap={6}>
          <ColorSwatch color={color} size={14} aria-hidden />
          <Text size="xs" c="dimmed" data-testid="category-color">
            {colorLabel(category.color)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** The admin's category screen (the site's own list is CategoryDirectoryPage). */
export function CategoriesAdminPage() {
  useDocumentTitle('Kategori');
  const categories = useCategories();
  const { remove } = useCategoryMutations();
  const dialog = useEditDialog<Category>();
  const [filter, setFilter] = useState('');

  const [inUse, setInUse] = useState<CategoryWithCount | null>(null);

  // The server refuses to delete a category that still has products (409): say so, with the
  // count, instead of asking a question whose "yes" cannot work.
  const onDelete = (category: CategoryWithCount) => {
    if (category.productCount > 0) {
      setInUse(category);
      return;
    }
    void runWithToast({
      lang: 'id',
      confirm: DELETE_CATEGORY_CONFIRM,
      run: () => remove.mutateAsync(category.id),
      success: 'Kategori berhasil dihapus',
      failure: (error) => serverMessage(error, 'Gagal menghapus kategori'),
    });
  };

  const term = filter.trim().toLowerCase();
  const visible = (categories.data ?? []).filter(
    (c) =>
      !term ||
      c.name.toLowerCase().includes(term) ||
      c.slug.includes(term) ||
      c.group.toLowerCase().includes(term),
  );

  return (
    <>
      <PageHeader
        title="Kelola Kategori"
        description={
          categories.data ? `${categories.data.length} kategori` : 'Kategori produk DiskonRadar'
        }
        backLabel="Kembali ke Dashboard"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={dialog.openNew}>
            Add Category
          </Button>
        }
      />
      <TextInput
        mb="md"
        maw={360}
        aria-label="Cari kategori"
        placeholder="Cari nama, slug atau grup..."
        leftSection={<IconSearch size={16} />}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
      />
      <ListQueryStates
        query={categories}
        errorTitle="Gagal memuat kategori"
        empty={visible.length === 0}
        emptyText={term ? 'Tidak ada kategori yang cocok.' : 'Belum ada kategori.'}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {visible.map((category) => (
          <CategoryCard
            key={category.id}
            category={category}
            onEdit={() => dialog.openEdit(category)}
            onDelete={() => onDelete(category)}
          />
        ))}
      </SimpleGrid>
      <CategoryFormDialog opened={dialog.opened} category={dialog.item} onClose={dialog.close} />
      <CategoryInUseDialog category={inUse} onClose={() => setInUse(null)} />
    </>
  );
}

export default CategoriesAdminPage;
