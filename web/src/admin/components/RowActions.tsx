import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from './admin-icons';

// A fragment, not a Group: callers lay out the row and may put their own buttons before these.
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  deleting,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit(): void;
  onDelete(): void;
  deleting?: boolean;
}) {
  return (
    <>
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={editLabel} onClick={onEdit}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
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
