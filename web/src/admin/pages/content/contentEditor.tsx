import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button, Card, Group, Stack, Switch } from '@mantine/core';
import { TIMINGS } from '@shared/constants';
import type { ContentBlock } from '@shared/types';
import { SectionHeading } from '../../components/ManagerSection';
import { applyServerErrors, atLeast } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useSaveContent } from '../../queries/useContent';
import { useContentBlock } from './useContentBlock';

/** Marks an editor whose form has not been filled from any loaded block yet. */
const NOT_APPLIED = Symbol('not applied');

export interface ContentEditorOptions<F extends FieldValues, V extends FieldValues> {
  contentKey: string;
  /** Title saved when the block does not exist yet. */
  defaultTitle: string;
  successMessage: string;
  failureMessage: string;
  form: UseFormReturn<F, unknown, V>;
  /** Fields that may carry the server's field errors. */
  fields: readonly string[];
  /** The form values of a loaded block (undefined: the block does not exist yet). */
  toValues(block: ContentBlock | undefined): F;
}

/**
 * Loads one content block into the form and saves the form back as JSON together with its
 * Active switch.
 */
export function useContentEditor<F extends FieldValues, V extends FieldValues>({
  contentKey,
  defaultTitle,
  successMessage,
  failureMessage,
  form,
  fields,
  toValues,
}: ContentEditorOptions<F, V>) {
  const { block, ...query } = useContentBlock(contentKey);
  const save = useSaveContent();
  const [isActive, setIsActive] = useState(true);
  const { reset, setError, handleSubmit } = form;

  // The save reloads the content list, which hands back a new block; resetting the form then
  // would cut the 'Menyimpan...' state short, so a new block is applied once the save is over.
  const saving = form.formState.isSubmitting;
  const appliedBlock = useRef<unknown>(NOT_APPLIED);
  useEffect(() => {
    if (query.isPending || saving || appliedBlock.current === block) return;
    appliedBlock.current = block;
    reset(toValues(block));
    setIsActive(block?.isActive ?? true);
  }, [block, query.isPending, saving, reset, toValues]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      // Held for at least TIMINGS.saveBusy so the 'Menyimpan...' state is seen even on a fast API.
      await atLeast(
        save.mutateAsync({
          key: contentKey,
          title: block?.title ?? defaultTitle,
          data: JSON.stringify(values),
          isActive,
        }),
        TIMINGS.saveBusy,
      );
      toast.success(successMessage);
    } catch (err) {
      applyServerErrors(err, setError, fields);
      toast.error(failureMessage);
    }
  });

  return { query, isActive, setIsActive, saving, onSubmit };
}

/** The form card of a content editor: heading, Active switch, the fields and Save Changes. */
export function ContentEditorCard({
  label,
  title,
  description,
  editor,
  headerActions,
  children,
}: {
  /** Accessible name of the form. */
  label: string;
  title: string;
  description: string;
  editor: ReturnType<typeof useContentEditor>;
  /** Buttons beside the Active switch. */
  headerActions?: ReactNode;
  children: ReactNode;
}) {
  const activeSwitch = (
    <Switch
      label="Aktif"
      checked={editor.isActive}
      onChange={(event) => editor.setIsActive(event.currentTarget.checked)}
    />
  );
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="form"
      onSubmit={editor.onSubmit}
      noValidate
      aria-label={label}
    >
      <Group justify="space-between" mb="md">
        <SectionHeading title={title} description={description} />
        {headerActions ? (
          <Group>
            {activeSwitch}
            {headerActions}
          </Group>
        ) : (
          activeSwitch
        )}
      </Group>
      <Stack>
        {children}
        <Group justify="flex-end">
          <Button type="submit" disabled={editor.saving}>
            {editor.saving ? 'Menyimpan...' : 'Simpan Perubahan'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
