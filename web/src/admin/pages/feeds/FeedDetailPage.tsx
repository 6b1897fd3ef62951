import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { PLATFORM_DISPLAY_NAMES } from '@shared/constants';
import { isShrunkRun } from '@shared/rules/feed-run';
import { formatDateTime, formatNumber } from '@shared/rules/format';
import { FEED_FORMAT_LABELS } from '@shared/schemas/feed';
import type { Feed, FeedRun } from '@shared/types';
import { IconArrowLeft } from '../../components/admin-icons';
import { ListPager } from '../../components/ListPaging';
import { ListQueryStates } from '../../components/QueryState';
import { StackingTable } from '../../components/StackingTableContainer';
import { formatDuration, formatRelativeTime, scheduleLabel } from '../../lib/feed-display';
import { runWithToast, serverMessage } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useEditDialog } from '../../lib/use-edit-dialog';
import {
  useAcceptFeedSize,
  useFeedRunErrorsUrl,
  useFeedRuns,
  useFeeds,
} from '../../queries/useFeeds';
import { FeedFormDialog } from './FeedFormDialog';
import { FeedActions } from './FeedsPage';
import { RunStatusBadge } from './FeedStatus';

const RUNS_PER_PAGE = 20;

const COUNT_COLUMNS: { key: keyof FeedRun & string; label: string }[] = [
  { key: 'rows', label: 'Baris' },
  { key: 'created', label: 'Baru' },
  { key: 'updated', label: 'Diperbarui' },
  { key: 'unchanged', label: 'Tetap' },
  { key: 'outOfStock', label: 'Habis' },
  { key: 'deactivated', label: 'Dinonaktifkan' },
  { key: 'failed', label: 'Gagal' },
];

function RunRow({ run, errorsUrl }: { run: FeedRun; errorsUrl: string }) {
  return (
    <Table.Tr data-testid="feed-run-row">
      <Table.Td data-label="Waktu">
        <Text size="sm">{formatDateTime(run.startedAt, { seconds: true })}</Text>
      </Table.Td>
      <Table.Td data-label="Durasi">{formatDuration(run.startedAt, run.finishedAt)}</Table.Td>
      <Table.Td data-label="Status">
        <Stack gap={2} align="flex-start">
          <RunStatusBadge run={run} />
          {run.notModified && (
            <Text size="xs" c="dimmed">
              tidak berubah (304)
            </Text>
          )}
        </Stack>
      </Table.Td>
      {COUNT_COLUMNS.map((column) => (
        <Table.Td
          key={column.key}
          data-label={column.label}
          data-testid={`run-${column.key}`}
          ta="right"
        >
          {formatNumber(run[column.key] as number)}
        </Table.Td>
      ))}
      <Table.Td data-label="Keterangan">
        <Stack gap={2} align="flex-start">
          {run.message && (
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {run.message}
            </Text>
          )}
          {run.failed > 0 && (
            <Anchor href={errorsUrl} size="xs" download>
              Unduh baris gagal (CSV)
            </Anchor>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

function FeedFacts({ feed }: { feed: Feed }) {
  const now = Date.now();
  const facts = [
    ['Platform', PLATFORM_DISPLAY_NAMES[feed.platform]],
    ['Format', FEED_FORMAT_LABELS[feed.format]],
    ['Jadwal', `${scheduleLabel(feed.scheduleMinutes)}${feed.enabled ? '' : ' (dijeda)'}`],
    ['Produk baru', feed.newProducts === 'active' ? 'Aktif' : 'Draf'],
    ['Run terakhir', formatRelativeTime(feed.lastRunAt, now)],
    ['Run berikutnya', feed.enabled ? formatRelativeTime(feed.nextRunAt, now) : '-'],
  ];
  return (
    <Group gap="xl" wrap="wrap" component="dl" m={0}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <Text component="dt" size="xs" c="dimmed">
            {term}
          </Text>
          <Text component="dd" size="sm" m={0} fw={500}>
            {value}
          </Text>
        </div>
      ))}
    </Group>
  );
}

/**
 * The feed truly shrank: staff accept its newest run's size as the baseline of the next run
 * (which then deactivates what stays missing, as usual).
 */
function AcceptSize({ feed }: { feed: Feed }) {
  const accept = useAcceptFeedSize();
  const rows = formatNumber(feed.lastRun?.rows ?? 0);
  return (
    <Stack gap="xs" mt="sm" align="flex-start">
      <Text size="sm">
        Jika feed ini memang kini berisi {rows} baris, terima ukuran barunya: run berikutnya
        membandingkan dengan ukuran ini dan menonaktifkan produk yang tetap tidak ada.
      </Text>
      <Button
        size="xs"
        color="red"
        variant="light"
        loading={accept.isPending}
        onClick={() =>
          void runWithToast({
            lang: 'id',
            confirm: `Terima ${rows} baris sebagai ukuran baru feed "${feed.name}"?`,
            confirmLabel: 'Terima',
            run: () => accept.mutateAsync(feed.id),
            success: 'Ukuran baru feed diterima',
            failure: (error) => serverMessage(error, 'Gagal menerima ukuran baru feed'),
          })
        }
      >
        Terima ukuran baru
      </Button>
    </Stack>
  );
}

/** One feed: its settings at a glance, its actions, and every run, paged. */
export default function FeedDetailPage() {
  const { id = '' } = useParams();
  const feeds = useFeeds();
  const feed = feeds.data?.find((f) => f.id === id) ?? null;
  useDocumentTitle(feed ? `Feed ${feed.name}` : 'Sumber Feed');
  const [page, setPage] = useState(1);
  const runs = useFeedRuns(id, page, RUNS_PER_PAGE);
  const errorsUrl = useFeedRunErrorsUrl();
  const dialog = useEditDialog<Feed>();
  const list = runs.data?.runs ?? [];

  return (
    <>
      <Stack gap="sm" mb="lg">
        <div>
          <Button
            component={Link}
            to="/feeds"
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} />}
            px={4}
          >
            Kembali ke Sumber Feed
          </Button>
        </div>
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Text component="h1" fz="h2" fw={700} m={0}>
              {feed?.name ?? 'Feed'}
            </Text>
            {feed && (
              <Text c="dimmed" size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                {feed.url}
              </Text>
            )}
          </div>
          {feed && <FeedActions feed={feed} onEdit={dialog.openEdit} />}
        </Group>
      </Stack>
      <ListQueryStates
        query={feeds}
        errorTitle="Gagal memuat feed"
        empty={feed === null}
        emptyText="Feed ini tidak ditemukan; mungkin sudah dihapus."
      />
      {feed && (
        <Stack gap="lg">
          {feed.alert && (
            <Alert color="red" title="Feed bermasalah" role="alert" data-testid="feed-alert">
              {feed.alert}
              {feed.lastRun && isShrunkRun(feed.lastRun) && <AcceptSize feed={feed} />}
            </Alert>
          )}
          <Card withBorder radius="md" padding="lg" component="section" aria-label="Ringkasan">
            <FeedFacts feed={feed} />
          </Card>
          <Card withBorder radius="md" padding="lg" component="section" aria-label="Riwayat run">
            <Text component="h2" fw={600} size="lg" mb="md" mt={0}>
              Riwayat run
            </Text>
            <ListQueryStates
              query={runs}
              errorTitle="Gagal memuat riwayat run"
              empty={list.length === 0}
              emptyText="Feed ini belum pernah berjalan. Tekan Jalankan sekarang untuk membacanya."
            />
            {list.length > 0 && (
              <Stack gap="md">
                <StackingTable
                  minWidth={1100}
                  verticalSpacing="xs"
                  striped
                  data-testid="feed-runs-table"
                  head={
                    <>
                      <Table.Th>Waktu</Table.Th>
                      <Table.Th>Durasi</Table.Th>
                      <Table.Th>Status</Table.Th>
                      {COUNT_COLUMNS.map((column) => (
                        <Table.Th key={column.key} ta="right">
                          {column.label}
                        </Table.Th>
                      ))}
                      <Table.Th>Keterangan</Table.Th>
                    </>
                  }
                >
                  {list.map((run) => (
                    <RunRow key={run.id} run={run} errorsUrl={errorsUrl(run.id)} />
                  ))}
                </StackingTable>
                {runs.data && (
                  <ListPager
                    label="Halaman riwayat run"
                    noun="run"
                    page={runs.data.currentPage}
                    totalPages={runs.data.totalPages}
                    totalCount={runs.data.totalCount}
                    onChange={setPage}
                  />
                )}
              </Stack>
            )}
          </Card>
        </Stack>
      )}
      <FeedFormDialog opened={dialog.opened} feed={dialog.item} onClose={dialog.close} />
    </>
  );
}
