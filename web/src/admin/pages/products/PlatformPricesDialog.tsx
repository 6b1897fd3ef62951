import { useState } from 'react';
import { useWatch } from 'react-hook-form';
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
import { formatRupiah, parseRupiah } from '@shared/rules/price';
import { platformLinkCreateSchema, platformLinkUpdateSchema } from '@shared/schemas';
import type { PlatformLink, Product } from '@shared/types';
import { SelectField } from '../../components/form-fields';
import { IconPlus } from '../../components/admin-icons';
import { useEntityForm } from '../../components/EntityFormDialog';
import { ListQueryStates } from '../../components/QueryState';
import { RowActions } from '../../components/RowActions';
import { displayPrice, platformName } from '../../lib/product-card';
import { runWithToast, serverMessage } from '../../lib/toast';
import { safeHref } from '../../lib/urls';
import { usePlatformLinkMutations, usePlatformLinks } from '../../queries/usePlatformLinks';

type CreateForm = z.input<typeof platformLinkCreateSchema>;
type CreateValues = z.output<typeof platformLinkCreateSchema>;
type UpdateForm = z.input<typeof platformLinkUpdateSchema>;
type UpdateValues = z.output<typeof platformLinkUpdateSchema>;

const LINK_FIELDS = ['platform', 'affiliateUrl', 'price'] as const;

export const DELETE_LINK_CONFIRM = 'Apakah Anda yakin ingin menghapus platform link ini?';

/** What the site reads from a display price: 'Terbaca: Rp 1.299.000' or 'Harga tidak terbaca'. */
export function parsedPriceText(value: number | null): string {
  return value === null ? 'Harga tidak terbaca' : `Terbaca: ${formatRupiah(value)}`;
}

/** The number the site compares prices by, under the free-text price as it is typed. */
function ParsedPrice({ value }: { value: number | null }) {
  return (
    <Text
      component="span"
      size="xs"
      c={value === null ? 'orange' : 'green'}
      data-testid="parsed-price"
    >
      {parsedPriceText(value)}
    </Text>
  );
}

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
  const form = useEntityForm<UpdateForm, UpdateValues>(
    {
      resolver: zodResolver(platformLinkUpdateSchema),
      defaultValues: {
        platform: link.platform,
        affiliateUrl: link.affiliateUrl,
        price: link.price ?? '',
      },
    },
    LINK_FIELDS,
  );
  const { register, control, formState } = form;
  const typedPrice = useWatch({ control, name: 'price' });
  // A platform already linked by another row of this product cannot be chosen again.
  const choices = PLATFORMS.filter((p) => p === link.platform || !takenByOthers.has(p));

  const onSubmit = form.submitWithToast((values) => ({
    lang: 'id',
    run: () => update.mutateAsync({ id: link.id, input: values }),
    success: 'Platform link berhasil diperbarui',
    failure: (error) => serverMessage(error, 'Gagal memperbarui platform link'),
    onSuccess: onDone,
  }));

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
        <TextInput
          label="Harga"
          description={<ParsedPrice value={parseRupiah(typedPrice)} />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={formState.errors.price?.message}
          {...register('price')}
        />
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
            <ParsedPrice value={link.priceValue ?? null} />
            {link.health?.isBroken ? (
              <Badge color="red" variant="light" data-testid="link-broken">
                Link rusak{link.health.lastStatus ? ` (${link.health.lastStatus})` : ''}
              </Badge>
            ) : null}
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
          <RowActions
            variant="buttons"
            deleteLabel={`Hapus ${platformName(link.platform)}`}
            onEdit={onEdit}
            onDelete={onDelete}
          />
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
  const form = useEntityForm<CreateForm, CreateValues>(
    { resolver: zodResolver(platformLinkCreateSchema), defaultValues: empty },
    LINK_FIELDS,
  );
  const { register, control, formState, reset } = form;
  const [platform, affiliateUrl, price] = useWatch({
    control,
    name: ['platform', 'affiliateUrl', 'price'],
  });
  // Spec section 5: all three are required, otherwise the Add button is disabled.
  const complete = Boolean(platform) && affiliateUrl.trim() !== '' && price.trim() !== '';

  const onSubmit = form.submitWithToast((values) => ({
    lang: 'id',
    run: () => create.mutateAsync(values),
    success: 'Platform link berhasil ditambahkan',
    failure: (error) => serverMessage(error, 'Gagal menambahkan platform link'),
    onSuccess: () => {
      reset(empty);
      onAdded();
    },
  }));

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
          description={price.trim() ? <ParsedPrice value={parseRupiah(price)} /> : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
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

  const onDelete = (link: PlatformLink) =>
    runWithToast({
      lang: 'id',
      confirm: DELETE_LINK_CONFIRM,
      run: () => remove.mutateAsync(link.id),
      success: 'Platform link berhasil dihapus',
      failure: (error) => serverMessage(error, 'Gagal menghapus platform link'),
    });

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
          <ListQueryStates
            query={links}
            errorTitle="Gagal memuat platform link"
            empty={links.data?.length === 0}
            emptyText="Belum ada platform link untuk produk ini."
          />
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
