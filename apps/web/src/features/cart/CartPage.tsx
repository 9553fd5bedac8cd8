import { CartSaveAsList } from "../../components/CartSaveAsList";
import { useCurrentUser } from "../../lib/auth";
import { usePageTitle } from "../../lib/usePageTitle";
import { CartView } from "./CartView";
import { usePlaceOrderFlow } from "./usePlaceOrderFlow";

/** /checkout: the cart screen, and the place-order flow (the cart dialog runs the same flow). */
export function CartPage() {
  usePageTitle("Cart");
  const user = useCurrentUser();
  const flow = usePlaceOrderFlow(user);
  return (
    <>
      <CartView variant="page" onPlaceOrder={flow.start} placing={flow.busy} notice={flow.notice} />
      <CartSaveAsList />
      {flow.dialogs}
    </>
  );
}
