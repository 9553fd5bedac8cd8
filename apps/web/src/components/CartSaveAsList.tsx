import { Group } from "@mantine/core";
import { useCart } from "../lib/cart";
import { SaveAsListButton } from "./SaveAsListButton";

/** The cart page's "Save as list": the cart's lines and quantities as a new list (nothing while the cart is empty). */
export function CartSaveAsList() {
  const cart = useCart();
  const lines = (cart.data?.products ?? []).map((p) => ({ productId: p.productId, quantity: p.qty }));
  if (lines.length === 0) return null;
  return (
    <Group justify="flex-end" mt="md">
      <SaveAsListButton lines={lines} />
    </Group>
  );
}
