import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  ActionIcon,
  Badge,
  Card,
  Group,
  Image,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatNumber } from '@shared/rules/format';
import { productImageSchema } from '@shared/schemas';
import type { AdminProductRow, ProductImage } from '@shared/types';
import { useAdminConfig } from '../../api/ApiContext';
import { IconArrowDown, IconArrowUp } from '../../components/admin-icons';
import { EntityFormDialog, saveEntity, useEntityForm } from '../../components/EntityFormDialog';
import { NumberField, SwitchField, textField } from '../../components/form-fields';
import { ManagerSection, SectionHeading } from '../../components/ManagerSection';
import { EmptyState } from '../../components/QueryState';
import { RowActions } from '../../components/RowActions';
import { runWithToast, serverMessage } from '../../lib/toast';
import { useEditDialog } from '../../lib/use-edit-dialog';
import { mediaSrc } from '../../lib/urls';
import { useProductImageMutations, useProductImages } from '../../queries/useProductImages';
import {
  isPickerSearchable,
  PICKER_LIMIT,
  PICKER_MIN_LETTERS,
  useProductPicker,
} from '../../queries/useProducts';
import { ProductVariationsPanel } from './ProductVariationsPanel';

type ImageForm = z.input<typeof productImageSchema>;
type ImageValues = z.output<typeof productImageSchema>;

export const DELETE_IMAGE_CONFIRM = 'Are you sure you want to delete this product image?';

/** The gallery (product_images), named apart from the variations the product card shows. */
export const galleryHeading = (count: number) => `Galeri: ${formatNumber(count)} gambar`;
const FIELDS = ['productId', 'imageUrl', 'altText', 'order', 'isActive'] as const;

function ImageDialog({
  opened,
  productId,
  image,
  nextOrder,
  onClose,
}: {
  opened: boolean;
  productId: string;
  image: ProductImage | null;
  nextOrder: number;
  onClose(): void;
}) {
  const mutations = useProductImageMutations(productId);
  const form = useEntityForm<ImageForm, ImageValues>(
    { resolver: zodResolver(productImageSchema) },
    FIELDS,
  );
  const { register, reset, control, formState } = form;

  useEffect(() => {
    if (!opened) return;
    reset(
      image
        ? {
            productId,
            imageUrl: image.imageUrl,
            altText: image.altText,
            order: image.order,
            isActive: image.isActive,
          }
        : { productId, imageUrl: '', altText: '', order: nextOrder, isActive: true },
    );
  }, [opened, image, productId, nextOrder, reset]);

  const onSubmit = form.submitWithToast((values) => ({
    run: () => saveEntity(image, values, mutations),
    success: image ? 'Product image updated successfully' : 'Product image added successfully',
    failure: (error) =>
      serverMessage(
        error,
        image ? 'Failed to update product image' : 'Failed to add product image',
      ),
    onSuccess: onClose,
  }));

  return (
    <EntityFormDialog
      opened={opened}
      onClose={onClose}
      title={image ? 'Edit Gambar Produk' : 'Tambah Gambar Produk'}
      size="lg"
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      submitLabel={image ? 'Simpan Perubahan' : 'Tambah Gambar'}
    >
      <TextInput
        label="URL Gambar"
        withAsterisk
        data-autofocus
        placeholder="https://..."
        error={formState.errors.imageUrl?.message ?? formState.errors.productId?.message}
        {...register('imageUrl')}
      />
      <TextInput label="Teks Alt" {...textField(register, formState.errors, 'altText')} />
      <NumberField control={control} name="order" label="Urutan" min={0} />
      <SwitchField control={control} name="isActive" label="Aktif" />
    </EntityFormDialog>
  );
}

function Gallery({ productId }: { productId: string }) {
  const { apiBaseUrl } = useAdminConfig();
  const images = useProductImages(productId);
  const { update, remove } = useProductImageMutations(productId);
  const dialog = useEditDialog<ProductImage>();
  const list = images.data ?? [];
  const nextOrder = list.reduce((max, image) => Math.max(max, image.order + 1), 0);

  // Spec section 4: a move changes the order by one through an update call.
  const move = (image: ProductImage, delta: -1 | 1) =>
    runWithToast({
      run: () =>
        update.mutateAsync({
          id: image.id,
          input: { order: Math.max(0, image.order + delta) },
        }),
      success: 'Product image updated successfully',
      failure: (error) => serverMessage(error, 'Failed to update product image'),
    });

  const onDelete = (image: ProductImage) =>
    runWithToast({
      confirm: DELETE_IMAGE_CONFIRM,
      run: () => remove.mutateAsync(image.id),
      success: 'Product image deleted successfully',
      failure: (error) => serverMessage(error, 'Failed to delete product image'),
    });

  return (
    <ManagerSection
      description={
        images.isSuccess ? (
          <Text
            component="span"
            size="sm"
            fw={600}
            c="var(--mantine-color-text)"
            data-testid="gallery-count"
          >
            {galleryHeading(list.length)}
          </Text>
        ) : (
          ''
        )
      }
      addLabel="Tambah Gambar"
      onAdd={dialog.openNew}
      query={images}
      loadErrorTitle="Failed to load images"
      emptyText="Produk ini belum punya gambar galeri."
    >
      {list.map((image) => (
        <Card
          key={image.id}
          withBorder
          radius="md"
          padding="sm"
          data-testid="image-row"
          aria-label={image.altText || image.imageUrl}
        >
          <Group wrap="nowrap" align="center" gap="md">
            <Image
              src={mediaSrc(image.imageUrl, apiBaseUrl)}
              alt={image.altText}
              w={96}
              h={72}
              radius="sm"
              fit="cover"
              fallbackSrc="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='4' height='3'%3E%3Crect width='4' height='3' fill='%23e9ecef'/%3E%3C/svg%3E"
            />
            <Stack gap={2} miw={0} style={{ flex: 1 }}>
              <Text size="sm" fw={500} truncate>
                {image.altText || '(no alt text)'}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {image.imageUrl}
              </Text>
              <Group gap="xs">
                <Badge variant="light" size="sm" data-testid="image-order">
                  Urutan {image.order}
                </Badge>
                <Badge variant="light" size="sm" color={image.isActive ? 'teal' : 'gray'}>
                  {image.isActive ? 'Active' : 'Inactive'}
                </Badge>
              </Group>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Tooltip label="Naikkan">
                <ActionIcon
                  variant="subtle"
                  aria-label="Naikkan"
                  disabled={image.order <= 0 || update.isPending}
                  onClick={() => void move(image, -1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Turunkan">
                <ActionIcon
                  variant="subtle"
                  aria-label="Turunkan"
                  disabled={update.isPending}
                  onClick={() => void move(image, 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Tooltip>
              <RowActions
                editLabel="Edit gambar"
                deleteLabel="Hapus gambar"
                onEdit={() => dialog.openEdit(image)}
                onDelete={() => void onDelete(image)}
              />
            </Group>
          </Group>
        </Card>
      ))}
      <ImageDialog
        opened={dialog.opened}
        productId={productId}
        image={dialog.item}
        nextOrder={nextOrder}
        onClose={dialog.close}
      />
    </ManagerSection>
  );
}

/**
 * The product picker: searches the catalogue on the server as the admin types (the first 20
 * matches), so it never loads every product. The chosen product stays an option while the
 * search moves on.
 */
function ProductPicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange(product: AdminProductRow | null): void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const term = chosen && search === chosen.label ? '' : debounced;
  const tooShort = !isPickerSearchable(term);
  const products = useProductPicker(term);
  const found = tooShort ? [] : (products.data?.products ?? []);
  const options = found.map((p) => ({ value: p.id, label: p.title }));
  if (chosen && !options.some((option) => option.value === chosen.value)) options.unshift(chosen);
  const more = tooShort ? 0 : (products.data?.totalCount ?? 0) - found.length;
  const moreText = products.data?.totalCountCapped
    ? `lebih dari ${formatNumber(more)}`
    : formatNumber(more);

  return (
    <Select
      label="Produk"
      placeholder={products.isPending ? 'Memuat...' : 'Cari produk menurut judul'}
      description={
        tooShort
          ? `Ketik minimal ${PICKER_MIN_LETTERS} huruf untuk mencari.`
          : more > 0
            ? `Menampilkan ${PICKER_LIMIT} pertama; ketik untuk menyaring ${moreText} lainnya.`
            : undefined
      }
      searchable
      clearable
      maw={520}
      data={options}
      // The server already filtered the options by what was typed.
      filter={({ options: shown }) => shown}
      searchValue={search}
      onSearchChange={setSearch}
      value={value}
      onChange={(id, option) => {
        setChosen(id && option ? { value: id, label: option.label } : null);
        onChange(found.find((product) => product.id === id) ?? null);
      }}
      nothingFoundMessage={
        tooShort
          ? `Ketik minimal ${PICKER_MIN_LETTERS} huruf`
          : products.isFetching
            ? 'Memuat...'
            : 'Produk tidak ditemukan'
      }
      rightSection={products.isFetching ? <Loader size="xs" /> : undefined}
      error={products.isError ? 'Gagal memuat produk' : undefined}
    />
  );
}

export function ProductImagesManager() {
  const [product, setProduct] = useState<AdminProductRow | null>(null);

  return (
    <Stack>
      <SectionHeading
        title="Galeri Gambar Produk"
        description="Galeri dan variasi gambar disimpan terpisah: variasi tampil di kartu dan jendela produk di situs, galeri diatur di sini. Pilih produk untuk melihat keduanya."
      />
      <ProductPicker value={product?.id ?? null} onChange={setProduct} />
      {product ? (
        // What shoppers see beside what staff keep: the variations and the gallery, each named.
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Gallery productId={product.id} />
          <ProductVariationsPanel product={product} />
        </SimpleGrid>
      ) : (
        <EmptyState>Pilih produk terlebih dahulu.</EmptyState>
      )}
    </Stack>
  );
}
