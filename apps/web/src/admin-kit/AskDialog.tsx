import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The question before a staff action that cannot be undone: what will change, any inputs it
 * needs, and a confirm button that stays disabled until they are filled.
 */
export function AskDialog({
  opened,
  title,
  message,
  children,
  confirmLabel,
  color = "brand",
  loading = false,
  disabled = false,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  if (!opened) return null;
  return (
    <Modal opened onClose={onClose} title={title} centered size="md" zIndex={400}>
      <Stack gap="md" data-testid="ask-dialog">
        <Text size="sm" component="div">
          {message}
        </Text>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button
            color={color}
            onClick={onConfirm}
            loading={loading}
            disabled={disabled}
            data-testid="ask-dialog-confirm"
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
