import { ActionIcon, Button, Tooltip } from '@mantine/core';
import type { ScreenLang } from '../lib/toast';
import { IconPencil, IconTrash } from './admin-icons';

export interface RowActionsProps {
  /** Accessible name of the edit control; a text button may go without one. */
  editLabel?: string;
  deleteLabel: string;
  onEdit(): void;
  onDelete(): void;
  deleting?: boolean;
  /** 'Delete' or 'Hapus' as the delete control's tooltip or text. */
  lang?: ScreenLang;
  /** Icon buttons with tooltips (lists), or small text buttons (cards of the catalogue). */
  variant?: 'icons' | 'buttons';
}

// A fragment, not a Group: callers lay out the row and may put their own buttons before these.
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  deleting,
  lang = 'en',
  variant = 'icons',
}: RowActionsProps) {
  const deleteText = lang === 'id' ? 'Hapus' : 'Delete';
  if (variant === 'buttons') {
    return (
      <>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPencil size={14} />}
          onClick={onEdit}
          aria-label={editLabel}
        >
          Edit
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={onDelete}
          loading={deleting}
          aria-label={deleteLabel}
        >
          {deleteText}
        </Button>
      </>
    );
  }
  return (
    <>
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={editLabel} onClick={onEdit}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={deleteText}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={deleteLabel}
          onClick={onDelete}
          loading={deleting}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
