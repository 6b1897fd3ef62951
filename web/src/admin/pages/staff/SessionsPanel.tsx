import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '@shared/rules/format';
import { deviceLabel } from '@shared/rules/device';
import type { AdminSessionInfo } from '@shared/types';
import { SectionHeading } from '../../components/ManagerSection';
import { ListQueryStates } from '../../components/QueryState';
import { StackingTable } from '../../components/StackingTableContainer';
import { runWithToast, serverMessage } from '../../lib/toast';
import { confirmAction } from '../../store/confirm';
import { useSessionMutations, useSessions } from '../../queries/useStaff';

/** "Sesi aktif": where the signed-in user is signed in, with a way to end each session. */
export function SessionsPanel() {
  const sessions = useSessions();
  const { revoke, revokeOthers } = useSessionMutations();
  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current);

  const end = (session: AdminSessionInfo) =>
    void (async () => {
      const device = deviceLabel(session.userAgent);
      if (!(await confirmAction(`Akhiri sesi di ${device} (${session.ip})?`, 'Akhiri'))) return;
      await runWithToast({
        lang: 'id',
        run: () => revoke.mutateAsync(session.id),
        success: `Sesi di ${device} diakhiri.`,
        failure: (error) => serverMessage(error, 'Gagal mengakhiri sesi'),
      });
    })();

  const endOthers = () =>
    void (async () => {
      const question = `Akhiri ${others.length} sesi lain? Perangkat itu harus masuk lagi.`;
      if (!(await confirmAction(question, 'Akhiri semua'))) return;
      await runWithToast({
        lang: 'id',
        run: () => revokeOthers.mutateAsync(),
        success: 'Semua sesi lain diakhiri.',
        failure: (error) => serverMessage(error, 'Gagal mengakhiri sesi lain'),
      });
    })();

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Sesi aktif">
      <Group justify="space-between" align="flex-start" mb="md">
        <SectionHeading
          title="Sesi aktif"
          description="Perangkat tempat akun Anda sedang masuk. Sesi berakhir 12 jam setelah masuk atau setelah 2 jam tidak dipakai."
        />
        <Button
          variant="light"
          color="red"
          onClick={endOthers}
          disabled={others.length === 0 || revokeOthers.isPending}
        >
          Akhiri semua sesi lain
        </Button>
      </Group>
      <ListQueryStates
        query={sessions}
        errorTitle="Gagal memuat sesi"
        empty={list.length === 0}
        emptyText="Tidak ada sesi aktif."
      />
      {list.length > 0 && (
        <StackingTable
          minWidth={640}
          verticalSpacing="sm"
          data-testid="sessions-table"
          head={
            <>
              <Table.Th>Perangkat</Table.Th>
              <Table.Th w={130}>Alamat IP</Table.Th>
              <Table.Th>Masuk</Table.Th>
              <Table.Th>Terakhir aktif</Table.Th>
              <Table.Th w={110} aria-label="Tindakan" />
            </>
          }
        >
          {list.map((session) => (
            <Table.Tr key={session.id} data-testid="session-row" data-current={session.current}>
              <Table.Td data-label="Perangkat">
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {deviceLabel(session.userAgent)}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1} title={session.userAgent}>
                    {session.userAgent || '—'}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td data-label="Alamat IP">
                <Text size="sm" ff="monospace">
                  {session.ip || '—'}
                </Text>
              </Table.Td>
              <Table.Td data-label="Masuk">
                <Text size="sm">{formatDateTime(session.createdAt)}</Text>
              </Table.Td>
              <Table.Td data-label="Terakhir aktif">
                <Text size="sm">{formatDateTime(session.lastSeenAt)}</Text>
              </Table.Td>
              <Table.Td data-label="Tindakan" ta="right">
                {session.current ? (
                  <Badge color="teal" variant="light">
                    Sesi ini
                  </Badge>
                ) : (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => end(session)}
                    aria-label={`Akhiri sesi ${deviceLabel(session.userAgent)} ${session.ip}`}
                  >
                    Akhiri
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </StackingTable>
      )}
    </Card>
  );
}
