import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Badge, Card, Group, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { FAQ_CATEGORIES } from '@shared/constants';
import { faqSchema } from '@shared/schemas';
import type { Faq } from '@shared/types';
import { EntityFormDialog, saveEntity, useEntityForm } from '../../components/EntityFormDialog';
import { NumberField, SelectField, SwitchField, textField } from '../../components/form-fields';
import { ListPager, ListSearch } from '../../components/ListPaging';
import { ManagerSection } from '../../components/ManagerSection';
import { RowActions } from '../../components/RowActions';
import { FAQ_CATEGORY_LABELS, labelledOptions, labelOf } from '../../lib/enum-labels';
import { runWithToast } from '../../lib/toast';
import { useEditDialog } from '../../lib/use-edit-dialog';
import { pageInRange, pageRowsQuery, usePagedList } from '../../lib/use-paged-list';
import { useFaqMutations, useFaqPage } from '../../queries/useFaqs';

type FaqForm = z.input<typeof faqSchema>;
type FaqValues = z.output<typeof faqSchema>;

const EMPTY: FaqForm = { question: '', answer: '', category: 'general', order: 0, isActive: true };
const FIELDS = ['question', 'answer', 'category', 'order', 'isActive'] as const;

function toForm({ question, answer, category, order, isActive }: Faq): FaqForm {
  return { question, answer, category, order, isActive };
}

function FaqDialog({
  opened,
  faq,
  onClose,
}: {
  opened: boolean;
  faq: Faq | null;
  onClose(): void;
}) {
  const mutations = useFaqMutations();
  const form = useEntityForm<FaqForm, FaqValues>(
    { resolver: zodResolver(faqSchema), defaultValues: EMPTY },
    FIELDS,
  );
  const { register, reset, control, formState } = form;

  useEffect(() => {
    if (opened) reset(faq ? toForm(faq) : EMPTY);
  }, [opened, faq, reset]);

  const onSubmit = form.submitWithToast((values) => ({
    run: () => saveEntity(faq, values, mutations),
    success: faq ? 'FAQ updated successfully.' : 'FAQ created successfully.',
    // Unlike the other managers, FAQ failures never show the server's message.
    failure: () =>
      faq ? 'Failed to update FAQ. Please try again.' : 'Failed to create FAQ. Please try again.',
    onSuccess: onClose,
  }));

  return (
    <EntityFormDialog
      opened={opened}
      onClose={onClose}
      title={faq ? 'Edit FAQ' : 'Tambah FAQ'}
      size="lg"
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      submitLabel={faq ? 'Simpan Perubahan' : 'Tambah FAQ'}
    >
      <TextInput
        label="Pertanyaan"
        withAsterisk
        data-autofocus
        {...textField(register, formState.errors, 'question')}
      />
      <Textarea
        label="Jawaban"
        withAsterisk
        autosize
        minRows={3}
        {...textField(register, formState.errors, 'answer')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          control={control}
          name="category"
          label="Kategori"
          required
          data={labelledOptions(FAQ_CATEGORIES, FAQ_CATEGORY_LABELS)}
        />
        <NumberField control={control} name="order" label="Urutan" min={0} />
      </SimpleGrid>
      <SwitchField control={control} name="isActive" label="Aktif" />
    </EntityFormDialog>
  );
}

export function FaqManager() {
  const list = usePagedList();
  const faqPage = useFaqPage(list.request);
  const faqs = pageRowsQuery(faqPage, (page) => page.faqs);
  const totalPages = faqPage.data?.totalPages ?? 0;
  // After deleting the last FAQ of the last page, show the new last page.
  if (faqPage.isSuccess && !faqPage.isPlaceholderData) {
    const inRange = pageInRange(list.page, totalPages);
    if (inRange !== list.page) list.setPage(inRange);
  }
  const { remove } = useFaqMutations();
  const dialog = useEditDialog<Faq>();

  // Spec section 8: deleting a FAQ asks no confirmation.
  const onDelete = (faq: Faq) =>
    runWithToast({
      run: () => remove.mutateAsync(faq.id),
      success: 'FAQ deleted successfully.',
      failure: () => 'Failed to delete FAQ. Please try again.',
    });

  return (
    <ManagerSection
      title="Kelola FAQ"
      description="FAQ aktif tampil di halaman kontak (5 pertama menurut urutan) dan di footer."
      addLabel="Tambah FAQ"
      onAdd={dialog.openNew}
      query={faqs}
      loadErrorTitle="Gagal memuat FAQ"
      emptyText={list.searching ? 'Tidak ada FAQ yang cocok dengan pencarian.' : 'Belum ada FAQ.'}
      toolbar={
        <ListSearch label="Cari FAQ" value={list.searchText} onChange={list.setSearchText} />
      }
    >
      {faqs.data?.map((faq) => (
        <Card
          key={faq.id}
          withBorder
          radius="md"
          padding="md"
          component="article"
          aria-label={faq.question}
          data-testid="faq-row"
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4} miw={0}>
              <Group gap="xs">
                <Badge variant="light">{labelOf(FAQ_CATEGORY_LABELS, faq.category)}</Badge>
                <Badge variant="light" color={faq.isActive ? 'teal' : 'gray'}>
                  {faq.isActive ? 'Active' : 'Inactive'}
                </Badge>
                <Text size="xs" c="dimmed">
                  Urutan {faq.order}
                </Text>
              </Group>
              <Text fw={600}>{faq.question}</Text>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {faq.answer}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <RowActions
                editLabel={`Edit FAQ: ${faq.question}`}
                deleteLabel={`Hapus FAQ: ${faq.question}`}
                onEdit={() => dialog.openEdit(faq)}
                onDelete={() => void onDelete(faq)}
                deleting={remove.isPending && remove.variables === faq.id}
              />
            </Group>
          </Group>
        </Card>
      ))}
      <ListPager
        label="Halaman FAQ"
        noun="FAQ"
        page={list.page}
        totalPages={totalPages}
        totalCount={faqPage.data?.totalCount ?? 0}
        onChange={list.setPage}
      />
      <FaqDialog opened={dialog.opened} faq={dialog.item} onClose={dialog.close} />
    </ManagerSection>
  );
}
