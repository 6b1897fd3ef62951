import { useEffect } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  ColorSwatch,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  ADMIN_BADGE_COLORS,
  MEDIA_TYPES,
  PLATFORMS,
  TIMINGS,
  type Platform,
} from '@shared/constants';
import type { z } from 'zod';
import { Link } from 'react-router-dom';
import { productSchema } from '@shared/schemas';
import type { Category, Product } from '@shared/types';
import { NumberField, SelectField, SwitchField, textField } from '../../components/form-fields';
import { IconPlus, IconTrash } from '../../components/admin-icons';
import { EntityFormDialog, saveEntity, useEntityForm } from '../../components/EntityFormDialog';
import { BADGE_COLOR_LABELS, labelledOptions, MEDIA_TYPE_LABELS } from '../../lib/enum-labels';
import { serverMessage } from '../../lib/toast';
import { useProductMutations } from '../../queries/useProducts';
import { ProductPlatformsField } from './ProductPlatformsField';
import { LockedFieldsPanel } from './LockedFieldsPanel';

type ProductForm = z.input<typeof productSchema>;
type ProductValues = z.output<typeof productSchema>;

const EMPTY: ProductForm = {
  categoryId: '',
  title: '',
  description: '',
  imageUrl: '',
  imageUrls: [],
  videoUrl: '',
  mediaType: 'default',
  discountPercentage: '',
  badgeText: '',
  badgeColor: 'green',
  platforms: [],
  isActive: true,
  isFeaturedPromo: false,
  isFeaturedPopular: false,
  featuredOrder: 0,
};

const FIELDS = Object.keys(EMPTY);

/**
 * A product with a picture saved on `default` shows it on the card only; its product window
 * says "Media tidak tersedia" (spec section 4). Staff are told before saving; it does not block
 * (docs/contracts.md, "Shopping help").
 */
function CardOnlyMediaWarning({ control }: { control: Control<ProductForm> }) {
  const [mediaType, imageUrl, imageUrls, videoUrl] = useWatch({
    control,
    name: ['mediaType', 'imageUrl', 'imageUrls', 'videoUrl'],
  });
  const hasPictures =
    (imageUrl ?? '').trim() !== '' || (imageUrls ?? []).some((url) => (url ?? '').trim() !== '');
  if (mediaType !== 'default' || !hasPictures || (videoUrl ?? '').trim() !== '') return null;
  return (
    <Alert color="yellow" variant="light" title="Gambar hanya tampil di kartu" role="status">
      Dengan “Gambar di kartu saja”, jendela produk di situs menampilkan “Media tidak tersedia”.
      Pilih “Gambar” agar pengunjung melihat gambar produk di jendela produk.
    </Alert>
  );
}

function toFormValues(product: Product): ProductForm {
  return {
    categoryId: product.categoryId,
    title: product.title,
    description: product.description,
    imageUrl: product.imageUrl,
    imageUrls: [...product.imageUrls],
    videoUrl: product.videoUrl ?? '',
    mediaType: product.mediaType,
    discountPercentage: product.discountPercentage,
    badgeText: product.badgeText ?? '',
    badgeColor: product.badgeColor,
    // Stored values outside the list are dropped rather than failing the whole form.
    platforms: product.platforms.filter((p): p is Platform =>
      (PLATFORMS as readonly string[]).includes(p),
    ),
    isActive: product.isActive,
    isFeaturedPromo: product.isFeaturedPromo,
    isFeaturedPopular: product.isFeaturedPopular,
    featuredOrder: product.featuredOrder,
  };
}

/** The image variations of spec section 4: a list of URL inputs, blanks dropped on submit. */
function ImageVariations({ control }: { control: Control<ProductForm, unknown, ProductValues> }) {
  const { field, fieldState } = useController({ control, name: 'imageUrls' });
  const urls = (field.value as string[] | undefined) ?? [];
  const entryErrors = (fieldState.error as unknown as ({ message?: string } | undefined)[]) ?? [];
  const listError = (fieldState.error as { message?: string } | undefined)?.message;
  const set = (next: string[]) => field.onChange(next);

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <div>
          <Text size="sm" fw={500}>
            Variasi Gambar
          </Text>
          <Text size="xs" c="dimmed">
            Tambahkan hingga 5 variasi gambar (URL).
          </Text>
        </div>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => set([...urls, ''])}
        >
          Tambah Variasi
        </Button>
      </Group>
      {urls.length === 0 && (
        <Text size="xs" c="dimmed">
          Belum ada variasi gambar.
        </Text>
      )}
      {urls.map((url, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            aria-label={`Variasi gambar ${index + 1}`}
            placeholder="https://..."
            value={url}
            onChange={(event) => {
              const next = [...urls];
              next[index] = event.currentTarget.value;
              set(next);
            }}
            error={entryErrors[index]?.message}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Hapus variasi gambar ${index + 1}`}
            onClick={() => set(urls.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {listError && (
        <Text size="xs" c="red">
          {listError}
        </Text>
      )}
    </Stack>
  );
}

export interface ProductFormDialogProps {
  opened: boolean;
  product: Product | null;
  categories: Category[];
  onClose(): void;
}

export function ProductFormDialog({
  opened,
  product,
  categories,
  onClose,
}: ProductFormDialogProps) {
  const mutations = useProductMutations();
  const editing = product !== null;
  const form = useEntityForm<ProductForm, ProductValues>(
    { resolver: zodResolver(productSchema), defaultValues: EMPTY },
    FIELDS,
  );
  const { register, reset, control, formState } = form;
  const mediaType = useWatch({ control, name: 'mediaType' });

  useEffect(() => {
    if (!opened || !product) return;
    // Spec section 4: on edit the form is filled after about 100 ms.
    const timer = setTimeout(() => reset(toFormValues(product)), TIMINGS.editFormFill);
    return () => clearTimeout(timer);
  }, [opened, product, reset]);

  const close = () => {
    // Closing clears the variations and resets the form.
    reset(EMPTY);
    onClose();
  };

  const onSubmit = form.submitWithToast((values) => ({
    lang: 'id',
    run: () => saveEntity(product, values, mutations),
    success: product ? 'Produk berhasil diperbarui' : 'Produk berhasil ditambahkan',
    failure: (error) =>
      serverMessage(error, editing ? 'Gagal memperbarui produk' : 'Gagal menambahkan produk'),
    onSuccess: close,
  }));

  const showsVariations = mediaType === 'image' || mediaType === 'both';
  const showsVideo = mediaType === 'video' || mediaType === 'both';
  const errors = formState.errors;
  const categoryOptions = categories.map((c) => ({ value: c.id, label: c.name }));

  return (
    <EntityFormDialog
      opened={opened}
      onClose={close}
      title={editing ? 'Edit Produk' : 'Tambah Produk'}
      size="xl"
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      submitLabel={editing ? 'Simpan Perubahan' : 'Tambah Produk'}
      footerMt="sm"
    >
      {product && (
        <Group justify="flex-end" mb={-8}>
          {/* The audit log of this product: who changed what, and when. */}
          <Anchor
            component={Link}
            to={`/audit?entity=product&entityId=${encodeURIComponent(product.id)}`}
            size="sm"
            onClick={close}
          >
            Lihat riwayat
          </Anchor>
        </Group>
      )}
      {product && <LockedFieldsPanel product={product} formValues={toFormValues(product)} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          control={control}
          name="categoryId"
          label="Kategori"
          required
          searchable
          placeholder="Pilih kategori"
          data={categoryOptions}
        />
        <NumberField
          control={control}
          name="discountPercentage"
          label="Diskon (%)"
          required
          min={0}
          max={100}
        />
      </SimpleGrid>
      <TextInput
        label="Judul Produk"
        withAsterisk
        data-autofocus
        {...textField(register, errors, 'title')}
      />
      <Textarea
        label="Deskripsi"
        withAsterisk
        autosize
        minRows={3}
        maxRows={8}
        {...textField(register, errors, 'description')}
      />
      <TextInput
        label="URL Gambar Utama"
        withAsterisk
        placeholder="https://..."
        {...textField(register, errors, 'imageUrl')}
      />
      <SelectField
        control={control}
        name="mediaType"
        label="Tipe Media"
        description="Gambar di kartu saja: gambar utama hanya tampil di kartu; jendela produk menampilkan video bila ada, selain itu “Media tidak tersedia”. Gambar dan Gambar & Video menampilkan gambar di jendela produk; Video dan Gambar & Video memakai URL video."
        data={labelledOptions(MEDIA_TYPES, MEDIA_TYPE_LABELS)}
      />
      <CardOnlyMediaWarning control={control} />
      {showsVariations && <ImageVariations control={control} />}
      {showsVideo && (
        <TextInput
          label="URL Video"
          description="TikTok, YouTube atau Instagram"
          placeholder="https://..."
          {...textField(register, errors, 'videoUrl')}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Teks Badge" {...textField(register, errors, 'badgeText')} />
        <SelectField
          control={control}
          name="badgeColor"
          label="Warna Badge"
          data={labelledOptions(ADMIN_BADGE_COLORS, BADGE_COLOR_LABELS, product?.badgeColor)}
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${option.value}-6)`} size={14} />
              <Text size="sm">{option.label}</Text>
            </Group>
          )}
        />
      </SimpleGrid>
      <ProductPlatformsField control={control} setValue={form.setValue} product={product} />
      <Divider />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <SwitchField control={control} name="isActive" label="Aktif" />
        <SwitchField
          control={control}
          name="isFeaturedPromo"
          label="Promo unggulan (Promo Hari Ini)"
        />
        <SwitchField
          control={control}
          name="isFeaturedPopular"
          label="Populer unggulan (Terpopuler)"
        />
        <NumberField control={control} name="featuredOrder" label="Urutan unggulan" min={0} />
      </SimpleGrid>
    </EntityFormDialog>
  );
}
