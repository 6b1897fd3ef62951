import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Badge, Card, Code, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { META_TAG_PAGES } from '@shared/constants';
import { metaTagSchema } from '@shared/schemas';
import type { MetaTag } from '@shared/types';
import { EntityFormDialog, saveEntity, useEntityForm } from '../../components/EntityFormDialog';
import { AutocompleteField, SwitchField, textField } from '../../components/form-fields';
import { ListPager, ListSearch } from '../../components/ListPaging';
import { ManagerSection } from '../../components/ManagerSection';
import { RowActions } from '../../components/RowActions';
import { StackingTable } from '../../components/StackingTableContainer';
import { runWithToast, serverMessage } from '../../lib/toast';
import { useEditDialog } from '../../lib/use-edit-dialog';
import { pageInRange, pageRowsQuery, usePagedList } from '../../lib/use-paged-list';
import { useMetaTagMutations, useMetaTagPage } from '../../queries/useMetaTags';

type MetaTagForm = z.input<typeof metaTagSchema>;
type MetaTagValues = z.output<typeof metaTagSchema>;

export const DELETE_META_TAG_CONFIRM = 'Are you sure you want to delete this meta tag?';
const EMPTY: MetaTagForm = { htmlTag: '', pageUrl: '*', isActive: true };
const FIELDS = ['htmlTag', 'pageUrl', 'isActive'] as const;

function MetaTagDialog({
  opened,
  tag,
  onClose,
}: {
  opened: boolean;
  tag: MetaTag | null;
  onClose(): void;
}) {
  const mutations = useMetaTagMutations();
  const form = useEntityForm<MetaTagForm, MetaTagValues>(
    { resolver: zodResolver(metaTagSchema), defaultValues: EMPTY },
    FIELDS,
  );
  const { register, reset, control, formState } = form;

  useEffect(() => {
    if (opened)
      reset(tag ? { htmlTag: tag.htmlTag, pageUrl: tag.pageUrl, isActive: tag.isActive } : EMPTY);
  }, [opened, tag, reset]);

  const onSubmit = form.submitWithToast((values) => ({
    run: () => saveEntity(tag, values, mutations),
    success: tag ? 'Meta tag updated successfully' : 'Meta tag created successfully',
    failure: (error) =>
      serverMessage(error, tag ? 'Failed to update meta tag' : 'Failed to create meta tag'),
    onSuccess: onClose,
  }));

  return (
    <EntityFormDialog
      opened={opened}
      onClose={onClose}
      title={tag ? 'Edit Meta Tag' : 'Tambah Meta Tag'}
      size="lg"
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      submitLabel={tag ? 'Simpan Perubahan' : 'Tambah Meta Tag'}
    >
      <Textarea
        label="Tag Meta HTML"
        withAsterisk
        data-autofocus
        autosize
        minRows={2}
        placeholder={'<meta name="description" content="...">'}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...textField(register, formState.errors, 'htmlTag')}
      />
      <AutocompleteField
        control={control}
        name="pageUrl"
        label="URL Halaman"
        description="* untuk semua halaman, atau path seperti /kategori"
        data={[...META_TAG_PAGES]}
      />
      <SwitchField control={control} name="isActive" label="Aktif" />
    </EntityFormDialog>
  );
}

export function MetaTagManager() {
  const list = usePagedList();
  const tagPage = useMetaTagPage(list.request);
  const tags = pageRowsQuery(tagPage, (page) => page.metaTags);
  const totalPages = tagPage.data?.totalPages ?? 0;
  // After deleting the last tag of the last page, show the new last page.
  if (tagPage.isSuccess && !tagPage.isPlaceholderData) {
    const inRange = pageInRange(list.page, totalPages);
    if (inRange !== list.page) list.setPage(inRange);
  }
  const { remove } = useMetaTagMutations();
  const dialog = useEditDialog<MetaTag>();

  const onDelete = (tag: MetaTag) =>
    runWithToast({
      confirm: DELETE_META_TAG_CONFIRM,
      run: () => remove.mutateAsync(tag.id),
      success: 'Meta tag deleted successfully',
      failure: (error) => serverMessage(error, 'Failed to delete meta tag'),
    });

  return (
    <ManagerSection
      title="Meta Tag SEO"
      description="Meta tag tambahan untuk halaman publik; diurai lalu ditampilkan ulang dengan aman."
      addLabel="Tambah Meta Tag"
      onAdd={dialog.openNew}
      query={tags}
      loadErrorTitle="Gagal memuat meta tag"
      emptyText={
        list.searching ? 'Tidak ada meta tag yang cocok dengan pencarian.' : 'Belum ada meta tag.'
      }
      toolbar={
        <ListSearch label="Cari meta tag" value={list.searchText} onChange={list.setSearchText} />
      }
    >
      {tags.isSuccess && tags.data && tags.data.length > 0 && (
        <Card withBorder radius="md" padding={0}>
          <StackingTable
            minWidth={720}
            verticalSpacing="sm"
            highlightOnHover
            head={
              <>
                <Table.Th>Meta tag</Table.Th>
                <Table.Th>Hasil urai</Table.Th>
                <Table.Th>Halaman</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <span className="mantine-visually-hidden">Aksi</span>
                </Table.Th>
              </>
            }
          >
            {tags.data.map((tag) => (
              <Table.Tr key={tag.id} data-testid="meta-tag-row">
                <Table.Td data-label="Meta tag" maw={320}>
                  <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {tag.htmlTag}
                  </Code>
                </Table.Td>
                <Table.Td data-label="Hasil urai">
                  <Stack gap={2}>
                    {tag.parsedName && <Text size="xs">name: {tag.parsedName}</Text>}
                    {tag.parsedProperty && <Text size="xs">property: {tag.parsedProperty}</Text>}
                    {tag.parsedContent && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        content: {tag.parsedContent}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td data-label="Halaman">
                  <Code>{tag.pageUrl}</Code>
                </Table.Td>
                <Table.Td data-label="Status">
                  <Badge variant="light" color={tag.isActive ? 'teal' : 'gray'}>
                    {tag.isActive ? 'Active' : 'Inactive'}
                  </Badge>
                </Table.Td>
                <Table.Td data-label="Aksi">
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <RowActions
                      editLabel="Edit meta tag"
                      deleteLabel="Hapus meta tag"
                      onEdit={() => dialog.openEdit(tag)}
                      onDelete={() => void onDelete(tag)}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </StackingTable>
        </Card>
      )}
      <ListPager
        label="Halaman meta tag"
        noun="meta tag"
        page={list.page}
        totalPages={totalPages}
        totalCount={tagPage.data?.totalCount ?? 0}
        onChange={list.setPage}
      />
      <MetaTagDialog opened={dialog.opened} tag={dialog.item} onClose={dialog.close} />
    </ManagerSection>
  );
}
