import { Anchor, Group, Modal, Text } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
import type { CheckoutState } from "./CartPage";
import { CartView } from "./CartView";

/**
 * The navbar's cart dialog: the same content as /checkout. Place order continues on /checkout, where
 * the place-order flow and its dialogs live.
 */
export function CartModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const placeOrder = () => {
    onClose();
    const state: CheckoutState = { placeOrder: true };
    navigate("/checkout", { state });
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="min(1280px, 96vw)"
      title={
        <Group gap="md" align="baseline">
          <Text fw={700} fz="lg">
            Your cart
          </Text>
          <Anchor component={Link} to="/checkout" size="sm" onClick={onClose} data-testid="open-checkout">
            <Group gap={4} component="span">
              Open the cart page <IconExternalLink size={14} />
            </Group>
          </Anchor>
        </Group>
      }
    >
      {opened && (
        <div data-testid="cart-modal">
          <CartView variant="modal" onPlaceOrder={placeOrder} placing={false} />
        </div>
      )}
    </Modal>
  );
}
