import { Button, Group, Modal, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A yes-or-no question before something that cannot be undone (deleting from the cart, say). */
export function ConfirmDialog({
  opened,
  title = "Please confirm",
  message,
  confirmLabel = "Delete",
  cancelLabel = "Cancel",
  color = "red",
  loading = false,
  onConfirm,
  onClose,
  testId = "confirm-dialog",
}: {
  opened: boolean;
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}) {
  // Mounted only while asked: a closed dialog leaves nothing in the page.
  if (!opened) return null;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="sm" zIndex={400}>
      {/* the test id sits inside: the modal's root has no box of its own */}
      <div data-testid={testId}>
        <Text size="sm" data-testid={`${testId}-message`}>
          {message}
        </Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading} data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </Button>
        </Group>
      </div>
    </Modal>
  );
}
