import { Alert, List, Text } from "@mantine/core";
import type { CartAllocationView, Me, OrderResult, PlaceOrderResponse } from "@portal/contracts";
import { messages, type WarehouseGroup } from "@portal/domain";
import { IconAlertTriangle } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { errorMessage, isApiError } from "../../lib/api";
import { notify } from "../../lib/notify";
import { type AddressFormValues, addressDefaults, type OrderAddresses } from "./addresses";
import { OrderRefused, type ReducedLine, usePlaceOrder, useRefreshForOrder } from "./api";
import { buildOrders, newIdempotencyKey } from "./order";
import type { PlacementProblem } from "./PlaceOrderDialog";

// The flow's dialogs (and the address form's library) load when an order is first started, beside
// the cart refresh that comes before them: the cart screen's first load does without them.
const loadAddressDialog = () => import("./AddressDialog");
const loadPlaceOrderDialog = () => import("./PlaceOrderDialog");
const loadSummaryDialog = () => import("./SummaryDialog");
const AddressDialog = lazy(() => loadAddressDialog().then((m) => ({ default: m.AddressDialog })));
const PlaceOrderDialog = lazy(() => loadPlaceOrderDialog().then((m) => ({ default: m.PlaceOrderDialog })));
const SummaryDialog = lazy(() => loadSummaryDialog().then((m) => ({ default: m.SummaryDialog })));
const ApprovalRequestedDialog = lazy(() =>
  import("./ApprovalRequestedDialog").then((m) => ({ default: m.ApprovalRequestedDialog })),
);

type ApprovalRequest = NonNullable<PlaceOrderResponse["approvalRequest"]>;
const preloadDialogs = () =>
  Promise.all([loadAddressDialog(), loadPlaceOrderDialog(), loadSummaryDialog()]).catch(() => {});

/** After this long in flight the user is told the order may not have gone through. */
export const SLOW_ORDER_MS = 60_000;

type Step =
  | { kind: "idle" }
  | { kind: "address"; cart: CartAllocationView }
  | { kind: "groups"; cart: CartAllocationView; addresses: OrderAddresses }
  | { kind: "summary"; cart: CartAllocationView; results: OrderResult[] }
  // a buyer's order above their approval limit went to the owner instead (issue 30); the cart stays
  | { kind: "requested"; request: ApprovalRequest };

/** Unknown outcome (no answer, a timeout, a server fault, the same key still in flight): retry with the same key. */
const outcomeUnknown = (error: unknown) =>
  isApiError(error) &&
  (error.status === 0 || error.status === 408 || error.status === 409 || error.status >= 500);

function warehouseNames(cart: CartAllocationView) {
  const names = new Map<number, string>();
  for (const line of cart.products) for (const a of line.allocation) names.set(a.wh, a.whName);
  return (wh: number) => names.get(wh) ?? `Warehouse ${wh}`;
}

/** Step (a)'s alert: the spec's message and each line lowered to stock or left out of the order. */
function StockReducedNotice({
  message,
  lines,
  onDismiss,
}: {
  message: string;
  lines: readonly ReducedLine[];
  onDismiss: () => void;
}) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
      mb="md"
      role="alert"
      data-testid="stock-reduced"
    >
      <Text size="sm">{message}</Text>
      <List size="xs" mt={6} spacing={2}>
        {lines.map((l) => (
          <List.Item key={l.id} data-testid="stock-reduced-line">
            {l.name} (ID {l.id}):{" "}
            {l.to === 0 ? (
              "no stock, left out of this order"
            ) : (
              <>
                {l.from} → <b>{l.to}</b>
              </>
            )}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function useSlow(active: boolean) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!active) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), SLOW_ORDER_MS);
    return () => clearTimeout(timer);
  }, [active]);
  return slow;
}

/**
 * The spec's place-order flow, step by step, the same on /checkout and in the cart dialog: (a) refresh
 * the cart and its allocation, lowering quantities to stock; when any was lowered (or a line has no
 * stock at all and so leaves the order) alert the user and go on; (b) the address dialog; (c) the
 * warehouse-group dialog; (d) POST /api/order with one Idempotency-Key per attempt, kept for a retry
 * of the same attempt; (e) the summary when any warehouse order was placed, else the error notice.
 * When any warehouse result is a 400, `onRefused` is called (the cart dialog closes with its flag).
 */
export function usePlaceOrderFlow(user: Me, options: { onRefused?: () => void } = {}) {
  const { onRefused } = options;
  const refresh = useRefreshForOrder(user);
  const placeOrder = usePlaceOrder();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  /** The dialogs are drawn (and their code loaded) from the first order attempt on. */
  const [flowStarted, setFlowStarted] = useState(false);
  const [addressValues, setAddressValues] = useState<AddressFormValues>(() => addressDefaults(user));
  const [problem, setProblem] = useState<PlacementProblem | null>(null);
  /** Set when step (a) lowered quantities; the cart screen shows it until the next attempt. */
  const [stockReduced, setStockReduced] = useState<{ message: string; lines: ReducedLine[] } | null>(null);
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const slow = useSlow(placeOrder.isPending);

  const start = () => {
    if (!user.canOrder || refresh.isPending) return;
    void preloadDialogs();
    setStockReduced(null);
    refresh.mutate(undefined, {
      onSuccess: ({ cart, reduced }) => {
        if (reduced.length > 0) {
          // alert the user, then go on with what stock covers (lines with no stock leave the order)
          setStockReduced({ message: messages.stockReduced, lines: reduced });
          notify.warning(messages.stockReduced);
        }
        if (!cart.orderEnabled) {
          notify.error(
            cart.products.length === 0
              ? "Your cart is empty."
              : "No warehouse group reaches its minimum order yet, so nothing can be ordered.",
          );
          return;
        }
        setProblem(null);
        setStep({ kind: "address", cart });
      },
      onError: (error) => notify.error(errorMessage(error), messages.cartRefreshFailed),
    });
  };

  const close = () => {
    if (placeOrder.isPending) return;
    setProblem(null);
    setStep({ kind: "idle" });
  };

  const onAddresses = (addresses: OrderAddresses, values: AddressFormValues) => {
    if (step.kind !== "address") return;
    setAddressValues(values);
    setStep({ kind: "groups", cart: step.cart, addresses });
  };

  const onPlace = (groups: WarehouseGroup[]) => {
    if (step.kind !== "groups") return;
    const { cart, addresses } = step;
    const name = warehouseNames(cart);
    const body = { orders: buildOrders(cart.products, groups), ...addresses };
    if (body.orders.length === 0) {
      setProblem({ message: messages.selectWarehouse, details: [] });
      return;
    }
    // One key per attempt: the same order sent again (a retry) carries the same key.
    const signature = JSON.stringify(body);
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
    setProblem(null);
    placeOrder.mutate(
      { body, key: attempt.current.key },
      {
        onSuccess: (answer) => {
          attempt.current = null;
          if (answer.approvalRequest) {
            setStep({ kind: "requested", request: answer.approvalRequest });
            return;
          }
          if (answer.result.some((r) => r.status === 400)) onRefused?.();
          if (answer.result.some((r) => r.status === 200)) {
            setStep({ kind: "summary", cart, results: answer.result });
            return;
          }
          const details = answer.result.flatMap((r) =>
            r.status === 400 ? [`${name(r.wh)}: ${r.message}`] : [],
          );
          setProblem({ message: messages.orderFailedRetry, details });
          notify.error(messages.orderFailedRetry);
        },
        onError: (error) => {
          if (error instanceof OrderRefused) {
            attempt.current = null;
            if (error.result.some((r) => r.status === 400)) onRefused?.();
            const details = error.result.flatMap((r) =>
              r.status === 400 ? [`${name(r.wh)}: ${r.message}`] : [],
            );
            setProblem({ message: messages.orderFailedRetry, details });
            notify.error(messages.orderFailedRetry);
            return;
          }
          if (outcomeUnknown(error)) {
            // The order may or may not be placed: keep the key so a retry cannot place it twice.
            setProblem({ message: messages.orderNotPlaced, details: [errorMessage(error)] });
            notify.error(messages.orderNotPlaced);
            return;
          }
          attempt.current = null;
          setProblem({ message: messages.orderFailedRetry, details: [errorMessage(error)] });
          notify.error(errorMessage(error), messages.orderFailedRetry);
        },
      },
    );
  };

  if (step.kind !== "idle" && !flowStarted) setFlowStarted(true);
  // each dialog waits for its own code (one boundary would hide the open one while the next loads)
  const dialogs = flowStarted && (
    <>
      <Suspense fallback={null}>
        <AddressDialog
          opened={step.kind === "address"}
          initial={addressValues}
          onClose={close}
          onSubmit={onAddresses}
        />
      </Suspense>
      {step.kind === "groups" && (
        <Suspense fallback={null}>
          <PlaceOrderDialog
            opened
            cart={step.cart}
            addresses={step.addresses}
            placing={placeOrder.isPending}
            slow={slow}
            problem={problem}
            onBack={() => setStep({ kind: "address", cart: step.cart })}
            onClose={close}
            onPlace={onPlace}
            onCartChanged={(cart) => setStep({ kind: "groups", cart, addresses: step.addresses })}
          />
        </Suspense>
      )}
      {step.kind === "requested" && (
        <Suspense fallback={null}>
          <ApprovalRequestedDialog request={step.request} onClose={close} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <SummaryDialog
          results={step.kind === "summary" ? step.results : null}
          warehouseName={step.kind === "summary" ? warehouseNames(step.cart) : (wh) => String(wh)}
          onClose={close}
        />
      </Suspense>
    </>
  );

  const notice = stockReduced && (
    <StockReducedNotice
      message={stockReduced.message}
      lines={stockReduced.lines}
      onDismiss={() => setStockReduced(null)}
    />
  );

  return {
    start,
    starting: refresh.isPending,
    busy: refresh.isPending || placeOrder.isPending,
    stockReduced,
    /** The stock-reduced alert for the cart's top, while there is one. */
    notice,
    dialogs,
  };
}
