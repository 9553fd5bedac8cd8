import { Alert, List, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useCurrentUser } from "../../lib/auth";
import { usePageTitle } from "../../lib/usePageTitle";
import { CartView } from "./CartView";
import { usePlaceOrderFlow } from "./usePlaceOrderFlow";

/** Sent by the cart dialog's Place order: /checkout starts the flow as it opens. */
export interface CheckoutState {
  placeOrder?: boolean;
}

/** /checkout: the cart screen, and the place-order flow. */
export function CartPage() {
  usePageTitle("Cart");
  const user = useCurrentUser();
  const flow = usePlaceOrderFlow(user);
  const location = useLocation();
  const navigate = useNavigate();

  const startFromDialog = useRef((location.state as CheckoutState | null)?.placeOrder === true);
  const start = flow.start;
  useEffect(() => {
    if (!startFromDialog.current) return;
    startFromDialog.current = false;
    navigate(".", { replace: true, state: null });
    start();
  }, [navigate, start]);

  const notice = flow.stockReduced && (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={flow.dismissStockReduced}
      mb="md"
      role="alert"
      data-testid="stock-reduced"
    >
      <Text size="sm">{flow.stockReduced.message}</Text>
      <List size="xs" mt={6} spacing={2}>
        {flow.stockReduced.lines.map((l) => (
          <List.Item key={l.id}>
            {l.name} (ID {l.id}): {l.from} → <b>{l.to}</b>
          </List.Item>
        ))}
      </List>
    </Alert>
  );

  return (
    <>
      <CartView variant="page" onPlaceOrder={flow.start} placing={flow.busy} notice={notice} />
      {flow.dialogs}
    </>
  );
}
