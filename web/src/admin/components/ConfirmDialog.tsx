import { Button, Group, Modal, Text } from '@mantine/core';
import { useConfirmStore } from '../store/confirm';

export function ConfirmDialog() {
  const request = useConfirmStore((s) => s.request);
  const answer = useConfirmStore((s) => s.answer);
  return (
    <Modal
      opened={request !== null}
      onClose={() => answer(false)}
      title="Konfirmasi"
      centered
      size="sm"
      // The dialog sits above other dialogs (e.g. 'Kelola Harga Platform').
      zIndex={400}
    >
      <Text mb="lg">{request?.message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => answer(false)} data-autofocus>
          {request?.cancelLabel}
        </Button>
        {/* The darkest red: white on it reads at 5.5:1 (Mantine's red 6 gives 3.3:1). */}
        <Button color="red.9" onClick={() => answer(true)}>
          {request?.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
