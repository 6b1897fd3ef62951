import { useEffect, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ColorSwatch, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { isApiError } from '@shared/api-client';
import { CATEGORY_COLORS, CATEGORY_GROUPS, CATEGORY_ICONS } from '@shared/constants';
import { categorySchema } from '@shared/schemas';
import type { Category } from '@shared/types';
import { EntityFormDialog, saveEntity, useEntityForm } from '../../components/EntityFormDialog';
import { SelectField } from '../../components/form-fields';
import {
  categoryColor,
  categoryEmoji,
  UNKNOWN_CATEGORY_COLOR,
} from '../../../common/category-style';
import { colorLabel, optionsWith, slugify } from '../../lib/category-display';
import { serverMessage } from '../../lib/toast';
import { useCategoryMutations } from '../../queries/useCategories';

type CategoryForm = z.input<typeof categorySchema>;
type CategoryValues = z.output<typeof categorySchema>;

const EMPTY: CategoryForm = { name: '', slug: '', icon: '', color: '', group: '' };
const FIELDS = ['name', 'slug', 'icon', 'color', 'group'] as const;

function toForm({ name, slug, icon, color, group }: Category): CategoryForm {
  return { name, slug, icon, color, group };
}

export interface CategoryFormDialogProps {
  opened: boolean;
  /** null: Add Category; a category: Edit Category. */
  category: Category | null;
  onClose(): void;
}

export function CategoryFormDialog({ opened, category, onClose }: CategoryFormDialogProps) {
  const mutations = useCategoryMutations();
  const editing = category !== null;
  const slugTouched = useRef(false);
  const form = useEntityForm<CategoryForm, CategoryValues>(
    { resolver: zodResolver(categorySchema), defaultValues: EMPTY },
    FIELDS,
  );
  const { register, reset, setValue, setError, control, formState } = form;

  useEffect(() => {
    if (!opened) return;
    slugTouched.current = editing;
    reset(category ? toForm(category) : EMPTY);
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

  const onSubmit = form.submitWithToast((values) => ({
    lang: 'id',
    run: () => saveEntity(category, values, mutations),
    success: category ? 'Kategori berhasil diperbarui' : 'Kategori berhasil ditambahkan',
    failure: (error) =>
      serverMessage(error, editing ? 'Gagal memperbarui kategori' : 'Gagal menambahkan kategori'),
    onSuccess: close,
    onError: (error, applied) => {
      // A taken slug answers 409 without field errors; the message belongs under Slug.
      if (!applied && isApiError(error) && error.status === 409) {
        setError(
          'slug',
          { type: 'server', message: error.serverMessage('') },
          { shouldFocus: true },
        );
      }
    },
  }));

  const currentIcon = category?.icon;
  const colorOptions = optionsWith(CATEGORY_COLORS, category?.color);

  return (
    <EntityFormDialog
      opened={opened}
      onClose={close}
      title={editing ? 'Edit Category' : 'Add Category'}
      size="lg"
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      submitLabel={editing ? 'Simpan Perubahan' : 'Tambah Kategori'}
      footerMt="sm"
    >
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
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              <span aria-hidden>{categoryEmoji(option.value)}</span>
              <Text size="sm">{option.label}</Text>
            </Group>
          )}
        />
        <SelectField
          control={control}
          name="color"
          label="Warna"
          required
          searchable
          placeholder="Pilih warna"
          data={colorOptions.map((value) => ({ value, label: colorLabel(value) }))}
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              <ColorSwatch
                color={categoryColor(option.value, UNKNOWN_CATEGORY_COLOR.staff)}
                size={14}
              />
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
    </EntityFormDialog>
  );
}
