import type { FormEventHandler, ReactNode } from 'react';
import { Button, Group, Modal, Stack, type MantineSize } from '@mantine/core';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import { applyServerErrors } from '../lib/form-errors';
import { runWithToast, type ToastedAction } from '../lib/toast';

export interface EntitySubmit extends Omit<ToastedAction, 'onError'> {
  /** After the server's field errors went on the form (`applied` says whether any did). */
  onError?(error: unknown, applied: boolean): void;
}

/**
 * The form of an add/edit dialog: react-hook-form plus `submitWithToast`, which saves through
 * runWithToast and puts the server's field errors on the listed fields before the error toast.
 */
export function useEntityForm<F extends FieldValues, V extends FieldValues>(
  props: UseFormProps<F, unknown, V>,
  fields: readonly string[],
) {
  const form = useForm<F, unknown, V>(props);
  const submitWithToast = (action: (values: V) => EntitySubmit) =>
    form.handleSubmit((values) => {
      const { onError, ...rest } = action(values);
      return runWithToast({
        ...rest,
        onError: (error) => onError?.(error, applyServerErrors(error, form.setError, fields)),
      });
    });
  return { ...form, submitWithToast };
}

interface SaveMutations<TInput> {
  create: { mutateAsync(input: TInput): Promise<unknown> };
  update: { mutateAsync(variables: { id: string; input: TInput }): Promise<unknown> };
}

/** Updates the entity a dialog edits, or creates one when it edits none. */
export function saveEntity<TInput>(
  entity: { id: string } | null,
  input: TInput,
  { create, update }: SaveMutations<TInput>,
): Promise<unknown> {
  return entity ? update.mutateAsync({ id: entity.id, input }) : create.mutateAsync(input);
}

export interface EntityFormDialogProps {
  opened: boolean;
  onClose(): void;
  title: string;
  size: MantineSize | string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  submitLabel: string;
  /** Extra space above the Cancel / submit row. */
  footerMt?: MantineSize;
  children: ReactNode;
}

/** A modal holding one form: its fields, then Cancel and the submit button. */
export function EntityFormDialog({
  opened,
  onClose,
  title,
  size,
  onSubmit,
  submitting,
  submitLabel,
  footerMt,
  children,
}: EntityFormDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {children}
          <Group justify="flex-end" mt={footerMt}>
            <Button variant="default" onClick={onClose} disabled={submitting}>
              Batal
            </Button>
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
