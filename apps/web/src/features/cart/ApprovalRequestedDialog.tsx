import { Button, Group, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import type { PlaceOrderResponse } from "@portal/contracts";
import { IconHourglass } from "@tabler/icons-react";
import { Link } from "react-router";

/**
 * A buyer's order above their approval limit: nothing was placed, the order went to the store's owner
 * as a request (the server's message says so), and the cart is kept as it was.
 */
export function ApprovalRequestedDialog({
  request,
  onClose,
}: {
  request: NonNullable<PlaceOrderResponse["approvalRequest"]>;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title="Sent for approval" centered size="md">
      <Stack gap="md" data-testid="approval-requested">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="yellow" variant="light" size={44} radius="xl" aria-hidden>
            <IconHourglass size={24} />
          </ThemeIcon>
          <Text size="sm" role="status" data-testid="approval-message">
            {request.message}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          Your cart is kept as it is. You will be told when the owner decides.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Back to the cart
          </Button>
          <Button component={Link} to={`/account/requests`} onClick={onClose}>
            See order requests
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
