import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { FAQ_CATEGORIES } from '@shared/constants';
import { faqSchema } from '@shared/schemas';
import type { Faq } from '@shared/types';
import { NumberField, SelectField, SwitchField } from '../../components/form-fields';
import { ManagerSection } from '../../components/ManagerSection';
import { RowActions } from '../../components/RowActions';
import { applyServerErrors } from '../../lib/form-errors';
import { runWithToast } from '../../lib/toast';
import { useFaqMutations, useFaqs } from '../../queries/useFaqs';

type FaqForm = z.input<typeof faqSchema>;
type FaqValues = z.output<typeof faqSchema>;

const EMPTY: FaqForm = { question: '', answer: '', category: 'general', order: 0, isActive: true };
const FIELDS = ['question', 'answer', 'category', 'order', 'isActive'] as const;

function FaqDialog({
  opened,
  faq,
  onClose,
}: {
  opened: boolean;
  faq: Faq | null;
  onClose(): void;
}) {
  const { create, update } = useFaqMutations();
  const form = useForm<FaqForm, unknown, FaqValues>({
    resolver: zodResolver(faqSchema),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, reset, setError, control, formState } = form;

  useEffect(() => {
    if (!opened) return;
    reset(
      faq
        ? {
            question: faq.question,
            answer: faq.answer,
            category: faq.category,
            order: faq.order,
            isActive: faq.isActive,
          }
        : EMPTY,
    );
  }, [opened, faq, reset]);

  const onSubmit = handleSubmit((values) =>
    runWithToast({
      run: () =>
        faq ? update.mutateAsync({ id: faq.id, input: values }) : create.mutateAsync(values),
      success: faq ? 'FAQ updated successfully.' : 'FAQ created successfully.',
      // Unlike the other managers, FAQ failures never show the server's message.
      failure: () =>
        faq ? 'Failed to update FAQ. Please try again.' : 'Failed to create FAQ. Please try again.',
      onSuccess: onClose,
      onError: (error) => applyServerErrors(error, setError, FIELDS),
    }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={faq ? 'Edit FAQ' : 'Add FAQ'} size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label="Question"
            withAsterisk
            data-autofocus
            error={formState.errors.question?.message}
            {...register('question')}
          />
          <Textarea
            label="Answer"
            withAsterisk
            autosize
            minRows={3}
            error={formState.errors.answer?.message}
            {...register('answer')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SelectField
              control={control}
              name="category"
              label="Category"
              required
              data={[...FAQ_CATEGORIES]}
            />
            <NumberField control={control} name="order" label="Order" min={0} />
          </SimpleGrid>
          <SwitchField control={control} name="isActive" label="Active" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={formState.isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              {faq ? 'Update FAQ' : 'Create FAQ'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function FaqManager() {
  const faqs = useFaqs();
  const { remove } = useFaqMutations();
  const [dialog, setDialog] = useState<{ opened: boolean; faq: Faq | null }>({
    opened: false,
    faq: null,
  });

  // Spec section 8: deleting a FAQ asks no confirmation.
  const onDelete = (faq: Faq) =>
    runWithToast({
      run: () => remove.mutateAsync(faq.id),
      success: 'FAQ deleted successfully.',
      failure: () => 'Failed to delete FAQ. Please try again.',
    });

  return (
    <ManagerSection
      title="FAQ Manager"
      description="Active FAQs appear on the contact page (first 5 by order) and in the footer."
      addLabel="Add FAQ"
      onAdd={() => setDialog({ opened: true, faq: null })}
      query={faqs}
      loadErrorTitle="Failed to load FAQs"
      emptyText="No FAQs yet."
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
                <Badge variant="light">{faq.category}</Badge>
                <Badge variant="light" color={faq.isActive ? 'teal' : 'gray'}>
                  {faq.isActive ? 'Active' : 'Inactive'}
                </Badge>
                <Text size="xs" c="dimmed">
                  Order {faq.order}
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
                deleteLabel={`Delete FAQ: ${faq.question}`}
                onEdit={() => setDialog({ opened: true, faq })}
                onDelete={() => void onDelete(faq)}
                deleting={remove.isPending && remove.variables === faq.id}
              />
            </Group>
          </Group>
        </Card>
      ))}
      <FaqDialog
        opened={dialog.opened}
        faq={dialog.faq}
        onClose={() => setDialog({ opened: false, faq: null })}
      />
    </ManagerSection>
  );
}
