import { Anchor, Group, Modal, Text } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { Link } from "react-router";
import { useCurrentUser } from "../../lib/auth";
import { CartView } from "./CartView";
import { usePlaceOrderFlow } from "./usePlaceOrderFlow";

/** How the cart dialog was closed: `orderRefused` is the spec's flag, set when any warehouse answered 400. */
export interface CartDialogClose {
  orderRefused: boolean;
}

/**
 * The navbar's cart dialog: the same content as /checkout, and the same place-order flow. When any
 * warehouse order is refused (a 400 result) the dialog closes with its flag; the flow's own dialogs
 * (the error notice or the summary) stay open above the page.
 */
export function CartModal({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: (how?: CartDialogClose) => void;
}) {
  const user = useCurrentUser();
  const flow = usePlaceOrderFlow(user, { onRefused: () => onClose({ orderRefused: true }) });
  return (
    <>
      <Modal
        opened={opened}
        onClose={() => onClose({ orderRefused: false })}
        size="min(1280px, 96vw)"
        title={
          <Group gap="md" align="baseline">
            <Text fw={700} fz="lg">
              Your cart
            </Text>
            <Anchor
              component={Link}
              to="/checkout"
              size="sm"
              onClick={() => onClose()}
              data-testid="open-checkout"
            >
              <Group gap={4} component="span">
                Open the cart page <IconExternalLink size={14} />
              </Group>
            </Anchor>
          </Group>
        }
      >
        {opened && (
          <div data-testid="cart-modal">
            <CartView variant="modal" onPlaceOrder={flow.start} placing={flow.busy} notice={flow.notice} />
          </div>
        )}
      </Modal>
      {flow.dialogs}
    </>
  );
}
