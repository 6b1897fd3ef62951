import { useState } from 'react';
import { Button, Collapse, Group, Modal, Stack, Text } from '@mantine/core';
import { PLATFORMS } from '@shared/constants';
import type { PlatformLink, Product } from '@shared/types';
import { IconPlus } from '../../components/admin-icons';
import { ListQueryStates } from '../../components/QueryState';
import { runWithToast, serverMessage } from '../../lib/toast';
import { usePlatformLinkMutations, usePlatformLinks } from '../../queries/usePlatformLinks';
import { AddPlatformPanel } from './platform-links/AddPlatformPanel';
import { LinkEditRow } from './platform-links/LinkEditRow';
import { LinkViewRow } from './platform-links/LinkViewRow';

export const DELETE_LINK_CONFIRM = 'Apakah Anda yakin ingin menghapus platform link ini?';

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
