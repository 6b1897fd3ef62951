import { useEffect, useState } from 'react';
import {
  Badge,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { formatDateTime, formatNumber } from '@shared/rules/format';
import type { AuditEntry } from '@shared/types';
import { PageHeader } from '../../components/PageHeader';
import { ListQueryStates } from '../../components/QueryState';
import { auditChangeLines, type AuditValueContext } from '../../lib/audit-changes';
import {
  actionLabel,
  AUDIT_ENTITY_LABELS,
  auditFiltersFrom,
  auditSearchFor,
  entityTypeLabel,
} from '../../lib/audit-filters';
import { useAddressParams } from '../../lib/use-address-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCategories } from '../../queries/useCategories';
import { useAdminUsers, useAuditLog } from '../../queries/useStaff';

const ACTION_COLORS: Record<string, string> = {
  create: 'teal',
  update: 'blue',
  delete: 'red',
  login: 'gray',
  login_failed: 'orange',
  logout: 'gray',
};

const ENTITY_OPTIONS = Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({
  value,
  label,
}));

function Changes({ entry, context }: { entry: AuditEntry; context: AuditValueContext }) {
  const lines = auditChangeLines(entry, context);
  if (lines.length === 0) return <Text size="xs">—</Text>;
  return (
    <Stack gap={2}>
      {lines.map((line) => (
        <Text key={line.field} size="xs" style={{ wordBreak: 'break-word' }}>
          <Text span fw={600} size="xs" title={line.field}>
            {line.label}
          </Text>
          :{' '}
          <Text span c="red" size="xs" td={line.deleted ? undefined : 'line-through'}>
            {line.before}
          </Text>{' '}
          →{' '}
          <Text span c="teal" size="xs">
            {line.after}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

/** "Riwayat perubahan": the audit log, paged on the server, its filters in the address. */
export default function AuditPage() {
  useDocumentTitle('Riwayat perubahan');
  const [params, setParams] = useAddressParams();
  const filters = auditFiltersFrom(params);
  const log = useAuditLog(filters);
  const users = useAdminUsers();
  const categories = useCategories();
  const categoryNames = new Map((categories.data ?? []).map((c) => [String(c.id), c.name]));
  const valueContext: AuditValueContext = { categoryName: (id) => categoryNames.get(id) };
  const [recordId, setRecordId] = useState(filters.entityId ?? '');
  useEffect(() => setRecordId(filters.entityId ?? ''), [filters.entityId]);

  const apply = (change: Parameters<typeof auditSearchFor>[1]) =>
    setParams((current) => auditSearchFor(auditFiltersFrom(current), change));
  const page = log.data;
  const entries = page?.entries ?? [];
  const userOptions = [
    ...new Set([
      ...(users.data ?? []).map((u) => u.username),
      ...(filters.username ? [filters.username] : []),
    ]),
  ].map((name) => ({ value: name, label: name }));

  return (
    <>
      <PageHeader
        title="Riwayat perubahan"
        description="Siapa mengubah apa, kapan dan dari mana: setiap perubahan admin, masuk dan keluar."
        backLabel="Kembali ke Dashboard"
      />
      <Card withBorder radius="md" padding="lg">
        <SimpleGrid
          cols={{ base: 1, sm: 3 }}
          mb="md"
          component="form"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            apply({ entityId: recordId.trim() || undefined });
          }}
        >
          <Select
            label="Pengguna"
            placeholder="Semua pengguna"
            data={userOptions}
            value={filters.username ?? null}
            onChange={(value) => apply({ username: value ?? undefined })}
            clearable
            searchable
          />
          <Select
            label="Jenis data"
            placeholder="Semua jenis"
            data={ENTITY_OPTIONS}
            value={filters.entity ?? null}
            onChange={(value) => apply({ entity: value ?? undefined })}
            clearable
          />
          <TextInput
            label="ID data"
            placeholder="mis. id produk"
            value={recordId}
            onChange={(event) => setRecordId(event.currentTarget.value)}
            onBlur={() => {
              if ((recordId.trim() || undefined) !== filters.entityId) {
                apply({ entityId: recordId.trim() || undefined });
              }
            }}
          />
        </SimpleGrid>
        <ListQueryStates
          query={log}
          errorTitle="Gagal memuat riwayat"
          empty={entries.length === 0}
          emptyText="Tidak ada entri untuk filter ini."
        />
        {entries.length > 0 && (
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm" striped data-testid="audit-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={170}>Waktu</Table.Th>
                  <Table.Th>Pengguna</Table.Th>
                  <Table.Th w={150}>Aksi</Table.Th>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Ringkasan</Table.Th>
                  <Table.Th w={280}>Perubahan</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={entry.id} data-testid="audit-row">
                    <Table.Td>
                      <Text size="sm">{formatDateTime(entry.at, { seconds: true })}</Text>
                      {entry.ip && (
                        <Text size="xs" c="dimmed" ff="monospace">
                          {entry.ip}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{entry.username}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={ACTION_COLORS[entry.action] ?? 'grape'}>
                        {actionLabel(entry.action)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{entityTypeLabel(entry.entity)}</Text>
                      {entry.entityLabel && (
                        <Text
                          size="sm"
                          fw={600}
                          style={{ wordBreak: 'break-word' }}
                          data-testid="audit-record-name"
                        >
                          {entry.entityLabel}
                        </Text>
                      )}
                      {entry.entityId && (
                        <Text
                          size="xs"
                          c="dimmed"
                          ff="monospace"
                          style={{ wordBreak: 'break-all' }}
                        >
                          {entry.entityId}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{entry.summary}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Changes entry={entry} context={valueContext} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {page && page.totalCount > 0 && (
          <Group justify="space-between" mt="md">
            <Text size="sm" c="dimmed" data-testid="audit-count">
              {formatNumber(page.totalCount)} entri · halaman {page.currentPage} dari{' '}
              {page.totalPages}
            </Text>
            <Pagination
              total={page.totalPages}
              value={filters.page}
              onChange={(next) => apply({ page: next })}
              getControlProps={(control) => ({
                'aria-label': control === 'next' ? 'Halaman berikutnya' : 'Halaman sebelumnya',
              })}
            />
          </Group>
        )}
      </Card>
    </>
  );
}
