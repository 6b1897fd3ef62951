import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from './admin-icons';

export interface RowActionsProps {
  /** Accessible name of the edit control; a text button may go without one. */
  editLabel?: string;
  deleteLabel: string;
  onEdit(): void;
  onDelete(): void;
  deleting?: boolean;
  /** Icon buttons with tooltips (lists), or small text buttons (cards of the catalogue). */
  variant?: 'icons' | 'buttons';
  /**
   * Text buttons of equal width filling the row, in a Group of their own: Mantine sizes the
   * children of a growing Group by counting them, so the two buttons must be its children.
   */
  grow?: boolean;
}

// A fragment, not a Group (unless `grow`): callers lay out the row and may put their own buttons
// before these.
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  deleting,
  variant = 'icons',
  grow = false,
}: RowActionsProps) {
  const deleteText = 'Hapus';
  if (variant === 'buttons') {
    const buttons = [
      <Button
        key="edit"
        size="xs"
        variant="default"
        leftSection={<IconPencil size={14} />}
        onClick={onEdit}
        aria-label={editLabel}
      >
        Edit
      </Button>,
      <Button
        key="delete"
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={onDelete}
        loading={deleting}
        aria-label={deleteLabel}
      >
        {deleteText}
      </Button>,
    ];
    return grow ? (
      <Group gap="xs" grow>
        {buttons}
      </Group>
    ) : (
      <>{buttons}</>
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
