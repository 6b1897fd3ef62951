import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { TIMINGS } from '@shared/constants';
import { atLeast } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useSaveContent } from '../../queries/useContent';
import { useContentBlock } from './useContentBlock';

/** Marks an editor whose form has not been filled from any loaded block yet. */
export const NOT_APPLIED = Symbol('not applied');

export interface ContentEditorOptions {
  contentKey: string;
  /** Title saved when the block does not exist yet. */
  defaultTitle: string;
  successMessage: string;
  failureMessage: string;
}

/** Loads one content block and saves it back as JSON together with its Active switch. */
export function useContentEditor({
  contentKey,
  defaultTitle,
  successMessage,
  failureMessage,
}: ContentEditorOptions) {
  const content = useContentBlock(contentKey);
  const save = useSaveContent();
  const [isActive, setIsActive] = useState(true);

  const submit = async (values: object, onFailure: (error: unknown) => void) => {
    try {
      // Held for at least TIMINGS.saveBusy so the 'Saving...' state is seen even on a fast API.
      await atLeast(
        save.mutateAsync({
          key: contentKey,
          title: content.block?.title ?? defaultTitle,
          data: JSON.stringify(values),
          isActive,
        }),
        TIMINGS.saveBusy,
      );
      toast.success(successMessage);
    } catch (err) {
      onFailure(err);
      toast.error(failureMessage);
    }
  };

  return { ...content, isActive, setIsActive, submit };
}

export function SaveChangesButton({ saving }: { saving: boolean }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving...' : 'Save Changes'}
      </Button>
    </Group>
  );
}
