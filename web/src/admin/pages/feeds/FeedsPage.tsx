import { Badge, Button, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PLATFORM_DISPLAY_NAMES } from '@shared/constants';
import { FEED_FORMAT_LABELS } from '@shared/schemas/feed';
import type { Feed } from '@shared/types';
import { IconPlus } from '../../components/admin-icons';
import { PageHeader } from '../../components/PageHeader';
import { ListQueryStates } from '../../components/QueryState';
import { StackingTable } from '../../components/StackingTableContainer';
import { formatRelativeTime, scheduleLabel } from '../../lib/feed-display';
import { runWithToast, serverMessage } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useEditDialog } from '../../lib/use-edit-dialog';
import { useFeedMutations, useFeeds, useRunFeed, useToggleFeed } from '../../queries/useFeeds';
import { FeedFormDialog } from './FeedFormDialog';
import { RunSummary } from './FeedStatus';

/** Jalankan sekarang, Jeda/Lanjutkan, Ubah, Hapus: one feed's actions. */
export function FeedActions({ feed, onEdit }: { feed: Feed; onEdit(feed: Feed): void }) {
  const run = useRunFeed();
  const toggle = useToggleFeed();
  const { remove } = useFeedMutations();
  const running = feed.lastRun?.status === 'running';
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        loading={run.isPending}
        disabled={running}
        aria-label={`Jalankan sekarang: ${feed.name}`}
        onClick={() =>
          void runWithToast({
            lang: 'id',
            run: () => run.mutateAsync(feed.id),
            success: `Feed ${feed.name} mulai berjalan`,
            failure: (error) => serverMessage(error, 'Gagal menjalankan feed'),
          })
        }
      >
        Jalankan sekarang
      </Button>
      <Button
        size="xs"
        variant="default"
        loading={toggle.isPending}
        aria-label={`${feed.enabled ? 'Jeda' : 'Lanjutkan'}: ${feed.name}`}
        onClick={() =>
          void runWithToast({
            lang: 'id',
            run: () => toggle.mutateAsync(feed),
            success: feed.enabled ? 'Feed dijeda' : 'Feed dilanjutkan',
            failure: (error) => serverMessage(error, 'Gagal mengubah jadwal feed'),
          })
        }
      >
        {feed.enabled ? 'Jeda' : 'Lanjutkan'}
      </Button>
      <Button
        size="xs"
        variant="default"
        aria-label={`Ubah: ${feed.name}`}
        onClick={() => onEdit(feed)}
      >
        Ubah
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        loading={remove.isPending}
        aria-label={`Hapus: ${feed.name}`}
        onClick={() =>
          void runWithToast({
            lang: 'id',
            confirm: `Hapus feed "${feed.name}"? Produk yang sudah dibuat tetap ada.`,
            run: () => remove.mutateAsync(feed.id),
            success: 'Feed berhasil dihapus',
            failure: (error) => serverMessage(error, 'Gagal menghapus feed'),
          })
        }
      >
        Hapus
      </Button>
    </Group>
  );
}

function FeedRow({ feed, now, onEdit }: { feed: Feed; now: number; onEdit(feed: Feed): void }) {
  return (
    <Table.Tr data-testid="feed-row" aria-label={feed.name}>
      <Table.Td data-label="Nama">
        <Stack gap={2} align="flex-start">
          <Button
            component={Link}
            to={`/feeds/${encodeURIComponent(feed.id)}`}
            variant="subtle"
            size="compact-sm"
            px={0}
          >
            {feed.name}
          </Button>
          {feed.alert && (
            <Tooltip label={feed.alert} withArrow multiline w={260}>
              <Badge color="red" variant="filled" data-testid="feed-alert" tabIndex={0}>
                Bermasalah
              </Badge>
            </Tooltip>
          )}
        </Stack>
      </Table.Td>
      <Table.Td data-label="Platform">{PLATFORM_DISPLAY_NAMES[feed.platform]}</Table.Td>
      <Table.Td data-label="Format">{FEED_FORMAT_LABELS[feed.format]}</Table.Td>
      <Table.Td data-label="Jadwal">{scheduleLabel(feed.scheduleMinutes)}</Table.Td>
      <Table.Td data-label="Status">
        <Badge
          color={feed.enabled ? 'teal' : 'gray'}
          variant="light"
          style={{ minWidth: 'max-content' }}
        >
          {feed.enabled ? 'Aktif' : 'Dijeda'}
        </Badge>
      </Table.Td>
      <Table.Td data-label="Run terakhir">
        <RunSummary run={feed.lastRun} />
      </Table.Td>
      <Table.Td data-label="Berikutnya">
        <Text size="sm">{feed.enabled ? formatRelativeTime(feed.nextRunAt, now) : '-'}</Text>
      </Table.Td>
      <Table.Td data-label="Tindakan">
        <FeedActions feed={feed} onEdit={onEdit} />
      </Table.Td>
    </Table.Tr>
  );
}

/** "Sumber Feed": the product feeds read on a schedule, their last runs and their alerts. */
export default function FeedsPage() {
  useDocumentTitle('Sumber Feed');
  const feeds = useFeeds();
  const dialog = useEditDialog<Feed>();
  const list = feeds.data ?? [];
  const now = feeds.dataUpdatedAt || Date.now();

  return (
    <>
      <PageHeader
        title="Sumber Feed"
        description="Feed produk dari marketplace dan jaringan afiliasi yang dibaca terjadwal untuk menjaga harga tetap terkini."
        backLabel="Kembali ke Dashboard"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={dialog.openNew}>
            Tambah Feed
          </Button>
        }
      />
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Daftar feed">
        <ListQueryStates
          query={feeds}
          errorTitle="Gagal memuat feed"
          empty={list.length === 0}
          emptyText={
            <>
              Belum ada feed. Feed adalah berkas produk (CSV, Google Merchant XML atau JSON Lines)
              yang diterbitkan marketplace atau jaringan afiliasi; server membacanya sesuai jadwal
              lalu memperbarui harga, stok dan gambar, serta menambah produk baru.
            </>
          }
        />
        {list.length > 0 && (
          <StackingTable
            minWidth={1100}
            verticalSpacing="sm"
            data-testid="feeds-table"
            head={
              <>
                <Table.Th>Nama</Table.Th>
                <Table.Th>Platform</Table.Th>
                <Table.Th>Format</Table.Th>
                <Table.Th>Jadwal</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Run terakhir</Table.Th>
                <Table.Th>Berikutnya</Table.Th>
                <Table.Th aria-label="Tindakan" />
              </>
            }
          >
            {list.map((feed) => (
              <FeedRow key={feed.id} feed={feed} now={now} onEdit={dialog.openEdit} />
            ))}
          </StackingTable>
        )}
      </Card>
      <FeedFormDialog opened={dialog.opened} feed={dialog.item} onClose={dialog.close} />
    </>
  );
}
