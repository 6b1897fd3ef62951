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
import type { Category } from '@shared/types';
import { IconPlus, IconSearch } from '../../components/admin-icons';
import { PageHeader } from '../../components/PageHeader';
import { ListQueryStates } from '../../components/QueryState';
import { RowActions } from '../../components/RowActions';
import { categoryColor, readableTextOn } from '../../lib/category-display';
import { runWithToast, serverMessage } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useEditDialog } from '../../lib/use-edit-dialog';
import { useCategories, useCategoryMutations } from '../../queries/useCategories';
import { CategoryFormDialog } from './CategoryFormDialog';

export const DELETE_CATEGORY_CONFIRM = 'Apakah Anda yakin ingin menghapus kategori ini?';

function CategoryCard({
  category,
  onEdit,
  onDelete,
}: {
  category: Category;
  onEdit(): void;
  onDelete(): void;
}) {
  const color = categoryColor(category.color);
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
          <div
            aria-hidden
            style={{
              width: 44,
              height: 44,
              flex: 'none',
              borderRadius: 10,
              display: 'grid',
              placeItems: 'center',
              fontWeight: 700,
              color: readableTextOn(color),
              background: color,
            }}
            data-testid="icon-initials"
          >
            {iconInitials(category.icon)}
          </div>
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
            lang="id"
          />
        </Group>
      </Group>
      <Stack gap={6} mt="sm">
        <Badge variant="light" color="indigo" w="fit-content">
          {category.group}
        </Badge>
        <Text size="xs" c="dimmed">
          Icon: <span>{category.icon}</span>
        </Text>
        <Group gap={6}>
          <ColorSwatch color={color} size={12} aria-hidden />
          <Text size="xs" c="dimmed">
            {category.color}
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

  const onDelete = (category: Category) =>
    runWithToast({
      lang: 'id',
      confirm: DELETE_CATEGORY_CONFIRM,
      run: () => remove.mutateAsync(category.id),
      success: 'Kategori berhasil dihapus',
      failure: (error) => serverMessage(error, 'Gagal menghapus kategori'),
    });

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
            onDelete={() => void onDelete(category)}
          />
        ))}
      </SimpleGrid>
      <CategoryFormDialog opened={dialog.opened} category={dialog.item} onClose={dialog.close} />
    </>
  );
}

export default CategoriesAdminPage;
