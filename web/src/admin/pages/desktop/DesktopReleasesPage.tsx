import { Alert, Button, Card, Code, Stack, Table, Text } from '@mantine/core';
import type { DesktopPlatform, DesktopRelease } from '@shared/types';
import { formatDateTime } from '@shared/rules/format';
import { useAdminConfig } from '../../api/ApiContext';
import { IconInfo } from '../../components/admin-icons';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, LoadingState } from '../../components/QueryState';
import { StackingTable } from '../../components/StackingTableContainer';
import { formatFileSize } from '../../lib/file-size';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useDesktopReleases } from '../../queries/useDesktopReleases';

const PLATFORM_LABELS: Record<DesktopPlatform, string> = {
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
};

function ReleasesTable({ releases }: { releases: DesktopRelease[] }) {
  const { siteUrl } = useAdminConfig();
  return (
    <StackingTable
      minWidth={720}
      verticalSpacing="sm"
      data-testid="desktop-releases"
      head={
        <>
          <Table.Th>Berkas</Table.Th>
          <Table.Th>Versi</Table.Th>
          <Table.Th>Platform</Table.Th>
          <Table.Th>Ukuran</Table.Th>
          <Table.Th>Tanggal</Table.Th>
          <Table.Th aria-label="Unduh" />
        </>
      }
    >
      {releases.map((release) => (
        <Table.Tr
          key={release.fileName}
          data-testid="desktop-release"
          aria-label={release.fileName}
        >
          <Table.Td data-label="Berkas">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {release.fileName}
            </Text>
          </Table.Td>
          <Table.Td data-label="Versi">{release.version ?? '-'}</Table.Td>
          <Table.Td data-label="Platform">{PLATFORM_LABELS[release.platform]}</Table.Td>
          <Table.Td data-label="Ukuran">{formatFileSize(release.sizeBytes)}</Table.Td>
          <Table.Td data-label="Tanggal">{formatDateTime(release.modifiedAt)}</Table.Td>
          <Table.Td data-label="Unduh">
            {/* The server's own address: in the app the link leaves for the system browser. */}
            <Button
              component="a"
              href={`${siteUrl}${release.url}`}
              download
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              variant="light"
              aria-label={`Unduh ${release.fileName}`}
            >
              Unduh
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </StackingTable>
  );
}

/** "Aplikasi Desktop": the installers in DESKTOP_RELEASES_DIR (docs/contracts.md). */
export default function DesktopReleasesPage() {
  useDocumentTitle('Aplikasi Desktop');
  const releases = useDesktopReleases();
  const { siteUrl } = useAdminConfig();
  const data = releases.data;
  return (
    <>
      <PageHeader
        title="Aplikasi Desktop"
        description="Pemasang aplikasi DiskonRadar Admin untuk staf. Aplikasi yang sudah terpasang memperbarui dirinya dari folder yang sama."
        backLabel="Kembali ke Dashboard"
      />
      <Card withBorder padding="lg">
        <Stack gap="md">
          {releases.isPending && <LoadingState />}
          {releases.isError && !data && (
            <ErrorState
              title="Gagal memuat daftar pemasang"
              error={releases.error}
              onRetry={() => void releases.refetch()}
            />
          )}
          {data && !data.configured && (
            <Alert color="gray" title="Folder rilis belum diatur" icon={<IconInfo />}>
              <Text size="sm">
                Atur <Code>DESKTOP_RELEASES_DIR</Code> di server ke folder berisi hasil{' '}
                <Code>npm run desktop:dist</Code> (<Code>latest.yml</Code>, pemasang, dan berkas{' '}
                <Code>.blockmap</Code>). Selama belum diatur, pembaruan otomatis aplikasi tidak
                tersedia.
              </Text>
            </Alert>
          )}
          {data?.configured && data.releases.length === 0 && (
            <Alert color="yellow" title="Belum ada pemasang" icon={<IconInfo />}>
              <Text size="sm">
                Folder rilis sudah diatur tetapi belum berisi pemasang (.exe, .dmg, .AppImage,
                .deb). Salin hasil <Code>npm run desktop:dist</Code> ke folder itu.
              </Text>
            </Alert>
          )}
          {data && data.releases.length > 0 && <ReleasesTable releases={data.releases} />}
          {data?.configured && (
            <Text size="sm" c="dimmed">
              Alamat pembaruan yang dibaca aplikasi:{' '}
              <Code>{`${siteUrl || window.location.origin}/desktop/updates/`}</Code>
            </Text>
          )}
        </Stack>
      </Card>
    </>
  );
}
