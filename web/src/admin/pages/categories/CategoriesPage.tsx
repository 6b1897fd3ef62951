import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  ColorSwatch,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { iconInitials } from '@shared/rules/category';
import type { Category } from '@shared/types';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '../../components/admin-icons';
import { categoryColor, readableTextOn } from '../../lib/category-display';
import { serverMessage, toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCategories, useCategoryMutations } from '../../queries/useCategories';
import { confirmDelete } from '../../store/confirm';
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
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" onClick={onEdit} aria-label={`Edit ${category.name}`}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Hapus">
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onDelete}
              aria-label={`Hapus ${category.name}`}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
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

export function CategoriesPage() {
  useDocumentTitle('Kategori');
  const categories = useCategories();
  const { remove } = useCategoryMutations();
  const [dialog, setDialog] = useState<{ opened: boolean; category: Category | null }>({
    opened: false,
    category: null,
  });
  const [filter, setFilter] = useState('');

  const onDelete = async (category: Category) => {
    if (!(await confirmDelete(DELETE_CATEGORY_CONFIRM, 'id'))) return;
    try {
      await remove.mutateAsync(category.id);
      toast.success('Kategori berhasil dihapus', 'Berhasil');
    } catch (error) {
      toast.error(serverMessage(error, 'Gagal menghapus kategori'), 'Gagal');
    }
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
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ opened: true, category: null })}
          >
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
      {categories.isPending && <LoadingState />}
      {categories.isError && (
        <ErrorState
          title="Gagal memuat kategori"
          error={categories.error}
          onRetry={() => void categories.refetch()}
        />
      )}
      {categories.isSuccess && visible.length === 0 && (
        <EmptyState>{term ? 'Tidak ada kategori yang cocok.' : 'Belum ada kategori.'}</EmptyState>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {visible.map((category) => (
          <CategoryCard
            key={category.id}
            category={category}
            onEdit={() => setDialog({ opened: true, category })}
            onDelete={() => void onDelete(category)}
          />
        ))}
      </SimpleGrid>
      <CategoryFormDialog
        opened={dialog.opened}
        category={dialog.category}
        onClose={() => setDialog({ opened: false, category: null })}
      />
    </>
  );
}

export default CategoriesPage;
