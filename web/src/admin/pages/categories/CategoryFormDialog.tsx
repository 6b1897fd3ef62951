import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  ColorSwatch,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { isApiError } from '@shared/api-client';
import { CATEGORY_COLORS, CATEGORY_GROUPS, CATEGORY_ICONS } from '@shared/constants';
import type { z } from 'zod';
import { categorySchema } from '@shared/schemas';
import type { Category } from '@shared/types';
import { SelectField } from '../../components/form-fields';
import { categoryColor, optionsWith, slugify } from '../../lib/category-display';
import { applyServerErrors } from '../../lib/form-errors';
import { serverMessage, toast } from '../../lib/toast';
import { useCategoryMutations } from '../../queries/useCategories';

type CategoryForm = z.input<typeof categorySchema>;
type CategoryValues = z.output<typeof categorySchema>;

const EMPTY: CategoryForm = { name: '', slug: '', icon: '', color: '', group: '' };
const FIELDS = ['name', 'slug', 'icon', 'color', 'group'] as const;

export interface CategoryFormDialogProps {
  opened: boolean;
  /** null: Add Category; a category: Edit Category. */
  category: Category | null;
  onClose(): void;
}

export function CategoryFormDialog({ opened, category, onClose }: CategoryFormDialogProps) {
  const { create, update } = useCategoryMutations();
  const editing = category !== null;
  const slugTouched = useRef(false);
  const form = useForm<CategoryForm, unknown, CategoryValues>({
    resolver: zodResolver(categorySchema),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, reset, setValue, setError, control, formState } = form;

  useEffect(() => {
    if (!opened) return;
    slugTouched.current = editing;
    reset(
      category
        ? {
            name: category.name,
            slug: category.slug,
            icon: category.icon,
            color: category.color,
            group: category.group,
          }
        : EMPTY,
    );
  }, [opened, category, editing, reset]);

  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      // A new category's slug follows its name until the admin types a slug of their own.
      if (!slugTouched.current) {
        setValue('slug', slugify(event.target.value), {
          shouldDirty: true,
          shouldValidate: formState.isSubmitted,
        });
      }
    },
  });
  const slugField = register('slug', {
    onChange: () => {
      slugTouched.current = true;
    },
  });

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (category) {
        await update.mutateAsync({ id: category.id, input: values });
        toast.success('Kategori berhasil diperbarui', 'Berhasil');
      } else {
        await create.mutateAsync(values);
        toast.success('Kategori berhasil ditambahkan', 'Berhasil');
      }
      close();
    } catch (error) {
      if (
        !applyServerErrors(error, setError, FIELDS) &&
        isApiError(error) &&
        error.status === 409
      ) {
        setError(
          'slug',
          { type: 'server', message: error.serverMessage('') },
          { shouldFocus: true },
        );
      }
      toast.error(
        serverMessage(error, editing ? 'Gagal memperbarui kategori' : 'Gagal menambahkan kategori'),
        'Gagal',
      );
    }
  });

  const busy = formState.isSubmitting;
  const currentIcon = category?.icon;
  const colorOptions = optionsWith(CATEGORY_COLORS, category?.color);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={editing ? 'Edit Category' : 'Add Category'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Tutup' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Nama Kategori"
              withAsterisk
              data-autofocus
              error={formState.errors.name?.message}
              {...nameField}
            />
            <TextInput
              label="Slug"
              withAsterisk
              description="Dipakai di alamat: /?category=slug"
              error={formState.errors.slug?.message}
              {...slugField}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SelectField
              control={control}
              name="icon"
              label="Icon"
              required
              searchable
              placeholder="Pilih icon"
              data={optionsWith(CATEGORY_ICONS, currentIcon)}
            />
            <SelectField
              control={control}
              name="color"
              label="Warna"
              required
              searchable
              placeholder="Pilih warna"
              data={colorOptions}
              renderOption={({ option }) => (
                <Group gap="xs" wrap="nowrap">
                  <ColorSwatch color={categoryColor(option.value)} size={14} />
                  <Text size="sm">{option.label}</Text>
                </Group>
              )}
            />
          </SimpleGrid>
          <SelectField
            control={control}
            name="group"
            label="Grup"
            required
            searchable
            placeholder="Pilih grup"
            data={optionsWith(CATEGORY_GROUPS, category?.group)}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Batal
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? 'Simpan Perubahan' : 'Tambah Kategori'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
