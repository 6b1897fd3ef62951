import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { formatDate } from '@shared/rules/format';
import type { AdminUserInfo } from '@shared/types';
import { Link } from 'react-router-dom';
import { IconPlus } from '../../components/admin-icons';
import { SectionHeading } from '../../components/ManagerSection';
import { PageHeader } from '../../components/PageHeader';
import { ListQueryStates } from '../../components/QueryState';
import { StackingTable } from '../../components/StackingTableContainer';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../../queries/useMe';
import { useAdminUsers } from '../../queries/useStaff';
import { SessionsPanel } from './SessionsPanel';
import { AddUserDialog, ResetPasswordDialog, UserStatusDialog } from './UserDialogs';

export const CANNOT_DISABLE_SELF = 'Anda tidak dapat menonaktifkan akun Anda sendiri.';

function UsersPanel() {
  const users = useAdminUsers();
  const me = useMe();
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<AdminUserInfo | null>(null);
  const [toggling, setToggling] = useState<AdminUserInfo | null>(null);
  const list = users.data ?? [];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Pengguna">
      <Group justify="space-between" align="flex-start" mb="md">
        <SectionHeading
          title="Pengguna"
          description="Akun yang dapat masuk ke back office. Akun nonaktif tidak dapat masuk."
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Tambah Pengguna
        </Button>
      </Group>
      <ListQueryStates
        query={users}
        errorTitle="Gagal memuat pengguna"
        empty={list.length === 0}
        emptyText="Belum ada pengguna."
      />
      {list.length > 0 && (
        <StackingTable
          minWidth={640}
          verticalSpacing="sm"
          data-testid="users-table"
          head={
            <>
              <Table.Th>Nama pengguna</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Dibuat</Table.Th>
              <Table.Th aria-label="Tindakan" />
            </>
          }
        >
          {list.map((user) => {
            const self = user.id === me.data?.id;
            return (
              <Table.Tr key={user.id} data-testid="user-row" aria-label={user.username}>
                <Table.Td data-label="Nama pengguna">
                  <Group gap="xs">
                    <Text fw={600} size="sm">
                      {user.username}
                    </Text>
                    {self && (
                      <Badge size="sm" variant="outline">
                        Anda
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td data-label="Status">
                  <Badge color={user.disabled ? 'gray' : 'teal'} variant="light">
                    {user.disabled ? 'Nonaktif' : 'Aktif'}
                  </Badge>
                </Table.Td>
                <Table.Td data-label="Dibuat">
                  <Text size="sm">{formatDate(user.createdAt)}</Text>
                </Table.Td>
                <Table.Td data-label="Tindakan">
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => setResetting(user)}>
                      Atur ulang kata sandi
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      component={Link}
                      to={`/audit?entity=user&entityId=${encodeURIComponent(user.id)}`}
                    >
                      Riwayat
                    </Button>
                    {self ? (
                      <Tooltip label={CANNOT_DISABLE_SELF} withArrow>
                        {/* A disabled button gets no pointer events: the span carries the tooltip. */}
                        <span tabIndex={0} aria-label={CANNOT_DISABLE_SELF}>
                          <Button size="xs" color="red" variant="light" disabled>
                            Nonaktifkan
                          </Button>
                        </span>
                      </Tooltip>
                    ) : (
                      <Button
                        size="xs"
                        color={user.disabled ? 'teal' : 'red'}
                        variant="light"
                        onClick={() => setToggling(user)}
                      >
                        {user.disabled ? 'Aktifkan' : 'Nonaktifkan'}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </StackingTable>
      )}
      <Text size="xs" c="dimmed" mt="sm">
        {CANNOT_DISABLE_SELF} Mengatur ulang kata sandi atau menonaktifkan akun mengakhiri semua
        sesinya.
      </Text>
      <AddUserDialog opened={adding} onClose={() => setAdding(false)} />
      <ResetPasswordDialog
        user={resetting}
        self={resetting !== null && resetting.id === me.data?.id}
        onClose={() => setResetting(null)}
      />
      <UserStatusDialog user={toggling} onClose={() => setToggling(null)} />
    </Card>
  );
}

/** "Pengguna": the admin accounts, and the signed-in user's own sessions. */
export default function UsersPage() {
  useDocumentTitle('Pengguna');
  return (
    <>
      <PageHeader
        title="Pengguna & Sesi"
        description="Kelola akun admin dan perangkat tempat Anda sedang masuk."
        backLabel="Kembali ke Dashboard"
      />
      <Stack gap="lg">
        <SessionsPanel />
        <UsersPanel />
      </Stack>
    </>
  );
}
