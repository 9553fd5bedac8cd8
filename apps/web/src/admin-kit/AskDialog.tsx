import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";
import { type FocusOrigin, focusOrigin, returnFocus } from "./keyboard";

/** The fields a dialog asks for; the first one takes the focus when it opens. */
const FIELD = 'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled])';

/** Marks the dialog's first field for Mantine's focus trap, which runs after the content mounts. */
const markFirstField = (body: HTMLElement | null) => {
  body?.querySelector(FIELD)?.setAttribute("data-autofocus", "");
};

/**
 * A one-line field where Enter means "done": not a text area, a checkbox, a pick-only list, nor a
 * field whose list of suggestions is open.
 */
const isSingleLineField = (target: EventTarget) =>
  target instanceof HTMLInputElement &&
  !target.readOnly &&
  target.getAttribute("aria-expanded") !== "true" &&
  !["checkbox", "radio", "button", "submit", "reset", "file"].includes(target.type);

/**
 * The question before a staff action that cannot be undone: what will change, any inputs it
 * needs, and a confirm button that stays disabled until they are filled.
 * Keyboard: it opens on its first field (else on Confirm), Enter in a one-line field confirms, and
 * on closing the focus goes back to what opened it, or to that record's row in the admin table.
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
  // Mantine's own return of the focus never runs here: the modal mounts already open and
  // unmounts on closing, and a menu item that opened it is gone by then.
  const origin = useRef<FocusOrigin | null>(null);
  // read while rendering the opening: after the commit a menu item that opened it may be gone
  if (opened && !origin.current) origin.current = focusOrigin();
  useEffect(() => {
    if (opened || !origin.current) return;
    returnFocus(origin.current);
    origin.current = null;
  }, [opened]);
  // a dialog its page unmounts on closing (rather than closing it) returns the focus too
  useEffect(
    () => () => {
      if (origin.current) returnFocus(origin.current);
    },
    [],
  );

  if (!opened) return null;
  const canConfirm = !disabled && !loading;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Enter" || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (!isSingleLineField(event.target) || !canConfirm) return;
    event.preventDefault();
    onConfirm();
  };
  return (
    <Modal opened onClose={onClose} title={title} centered size="md" zIndex={400} returnFocus={false}>
      <Stack gap="md" data-testid="ask-dialog" ref={markFirstField} onKeyDown={onKeyDown}>
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
            // a field marked above comes first, so Confirm takes the focus only in a dialog without one
            data-autofocus
            data-testid="ask-dialog-confirm"
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
