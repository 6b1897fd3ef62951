import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Badge,
  Button,
  Collapse,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { PLATFORMS, PLATFORM_DISPLAY_NAMES, type Platform } from '@shared/constants';
import type { z } from 'zod';
import { platformLinkCreateSchema, platformLinkUpdateSchema } from '@shared/schemas';
import type { PlatformLink, Product } from '@shared/types';
import { SelectField } from '../../components/form-fields';
import { IconPencil, IconPlus, IconTrash } from '../../components/admin-icons';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { applyServerErrors } from '../../lib/form-errors';
import { displayPrice, platformName } from '../../lib/product-card';
import { serverMessage, toast } from '../../lib/toast';
import { safeHref } from '../../lib/urls';
import { usePlatformLinkMutations, usePlatformLinks } from '../../queries/usePlatformLinks';
import { confirmDelete } from '../../store/confirm';

type CreateForm = z.input<typeof platformLinkCreateSchema>;
type CreateValues = z.output<typeof platformLinkCreateSchema>;
type UpdateForm = z.input<typeof platformLinkUpdateSchema>;
type UpdateValues = z.output<typeof platformLinkUpdateSchema>;

export const DELETE_LINK_CONFIRM = 'Apakah Anda yakin ingin menghapus platform link ini?';

function platformOptions(platforms: readonly Platform[]) {
  return platforms.map((p) => ({ value: p, label: PLATFORM_DISPLAY_NAMES[p] }));
}

function LinkEditRow({
  link,
  productId,
  takenByOthers,
  onDone,
}: {
  link: PlatformLink;
  productId: string;
  takenByOthers: ReadonlySet<string>;
  onDone(): void;
}) {
  const { update } = usePlatformLinkMutations(productId);
  const form = useForm<UpdateForm, unknown, UpdateValues>({
    resolver: zodResolver(platformLinkUpdateSchema),
    defaultValues: {
      platform: link.platform,
      affiliateUrl: link.affiliateUrl,
      price: link.price ?? '',
    },
  });
  const { register, handleSubmit, setError, control, formState } = form;
  // A platform already linked by another row of this product cannot be chosen again.
  const choices = PLATFORMS.filter((p) => p === link.platform || !takenByOthers.has(p));

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: link.id, input: values });
      toast.success('Platform link berhasil diperbarui', 'Berhasil');
      onDone();
    } catch (error) {
      applyServerErrors(error, setError, ['platform', 'affiliateUrl', 'price']);
      toast.error(serverMessage(error, 'Gagal memperbarui platform link'), 'Gagal');
    }
  });

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      data-testid="link-edit-row"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <SelectField
          control={control}
          name="platform"
          label="Platform"
          data={platformOptions(choices)}
        />
        <TextInput
          label="URL Afiliasi"
          error={formState.errors.affiliateUrl?.message}
          {...register('affiliateUrl')}
        />
        <TextInput label="Harga" error={formState.errors.price?.message} {...register('price')} />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm" gap="xs">
        <Button size="xs" variant="default" onClick={onDone} disabled={formState.isSubmitting}>
          Batal
        </Button>
        <Button size="xs" type="submit" loading={formState.isSubmitting}>
          Simpan
        </Button>
      </Group>
    </Paper>
  );
}

function LinkViewRow({
  link,
  onEdit,
  onDelete,
}: {
  link: PlatformLink;
  onEdit(): void;
  onDelete(): void;
}) {
  const href = safeHref(link.affiliateUrl);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="link-row"
      aria-label={platformName(link.platform)}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group gap="xs">
            <Badge variant="light">{platformName(link.platform)}</Badge>
            <Text fw={600} size="sm" data-testid="link-price">
              {displayPrice(link.price)}
            </Text>
          </Group>
          {href ? (
            <Anchor href={href} target="_blank" rel="noopener noreferrer" size="xs" truncate="end">
              {link.affiliateUrl}
            </Anchor>
          ) : (
            <Text size="xs" c="dimmed" truncate="end">
              {link.affiliateUrl}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={onEdit}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={onDelete}
            aria-label={`Hapus ${platformName(link.platform)}`}
          >
            Hapus
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

function AddPlatformPanel({
  productId,
  available,
  onAdded,
}: {
  productId: string;
  available: Platform[];
  onAdded(): void;
}) {
  const { create } = usePlatformLinkMutations(productId);
  const empty: CreateForm = { productId, platform: '' as Platform, affiliateUrl: '', price: '' };
  const form = useForm<CreateForm, unknown, CreateValues>({
    resolver: zodResolver(platformLinkCreateSchema),
    defaultValues: empty,
  });
  const { register, handleSubmit, setError, control, formState, reset } = form;
  const [platform, affiliateUrl, price] = useWatch({
    control,
    name: ['platform', 'affiliateUrl', 'price'],
  });
  // Spec section 5: all three are required, otherwise the Add button is disabled.
  const complete = Boolean(platform) && affiliateUrl.trim() !== '' && price.trim() !== '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success('Platform link berhasil ditambahkan', 'Berhasil');
      reset(empty);
      onAdded();
    } catch (error) {
      applyServerErrors(error, setError, ['platform', 'affiliateUrl', 'price']);
      toast.error(serverMessage(error, 'Gagal menambahkan platform link'), 'Gagal');
    }
  });

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      bg="gray.0"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label="Tambah platform baru"
    >
      <Text fw={600} size="sm" mb="sm">
        Tambah Platform Baru
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <SelectField
          control={control}
          name="platform"
          label="Platform"
          placeholder="Pilih platform"
          data={platformOptions(available)}
        />
        <TextInput
          label="URL Afiliasi"
          placeholder="https://..."
          error={formState.errors.affiliateUrl?.message}
          {...register('affiliateUrl')}
        />
        <TextInput
          label="Harga"
          placeholder="Rp 100.000"
          error={formState.errors.price?.message}
          {...register('price')}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button
          type="submit"
          disabled={!complete}
          loading={formState.isSubmitting}
          leftSection={<IconPlus size={14} />}
        >
          Tambah
        </Button>
      </Group>
    </Paper>
  );
}

/** 'Kelola Harga Platform': per-platform price and affiliate link of one product. */
export function PlatformPricesDialog({
  product,
  onClose,
}: {
  product: Product | null;
  onClose(): void;
}) {
  const productId = product?.id ?? '';
  const links = usePlatformLinks(product?.id ?? null);
  const { remove } = usePlatformLinkMutations(productId);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const close = () => {
    setEditingId(null);
    setAdding(false);
    onClose();
  };

  const linked = new Set((links.data ?? []).map((l) => l.platform));
  const available = PLATFORMS.filter((p) => !linked.has(p));

  const onDelete = async (link: PlatformLink) => {
    if (!(await confirmDelete(DELETE_LINK_CONFIRM, 'id'))) return;
    try {
      await remove.mutateAsync(link.id);
      toast.success('Platform link berhasil dihapus', 'Berhasil');
    } catch (error) {
      toast.error(serverMessage(error, 'Gagal menghapus platform link'), 'Gagal');
    }
  };

  return (
    <Modal
      opened={product !== null}
      onClose={close}
      title="Kelola Harga Platform"
      size="80rem"
      closeButtonProps={{ 'aria-label': 'Tutup' }}
    >
      {product && (
        <Stack>
          <Text size="sm" c="dimmed">
            {product.title}
          </Text>
          {links.isPending && <LoadingState />}
          {links.isError && (
            <ErrorState
              title="Gagal memuat platform link"
              error={links.error}
              onRetry={() => void links.refetch()}
            />
          )}
          {links.isSuccess && links.data.length === 0 && (
            <EmptyState>Belum ada platform link untuk produk ini.</EmptyState>
          )}
          {links.data?.map((link) =>
            editingId === link.id ? (
              <LinkEditRow
                key={link.id}
                link={link}
                productId={productId}
                takenByOthers={new Set([...linked].filter((p) => p !== link.platform))}
                onDone={() => setEditingId(null)}
              />
            ) : (
              <LinkViewRow
                key={link.id}
                link={link}
                onEdit={() => setEditingId(link.id)}
                onDelete={() => void onDelete(link)}
              />
            ),
          )}
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {available.length === 0
                ? 'Semua platform sudah terhubung.'
                : `${linked.size} dari ${PLATFORMS.length} platform terhubung.`}
            </Text>
            <Button
              variant={adding ? 'default' : 'light'}
              leftSection={adding ? undefined : <IconPlus size={14} />}
              onClick={() => setAdding((open) => !open)}
              disabled={!adding && available.length === 0}
              aria-expanded={adding}
            >
              {adding ? 'Tutup Panel' : 'Tambah Platform'}
            </Button>
          </Group>
          <Collapse expanded={adding && available.length > 0}>
            <AddPlatformPanel
              productId={productId}
              available={available}
              onAdded={() => setAdding(false)}
            />
          </Collapse>
        </Stack>
      )}
    </Modal>
  );
}
