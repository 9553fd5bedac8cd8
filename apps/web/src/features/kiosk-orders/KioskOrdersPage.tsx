import { Alert, Button, Group, Stack, Tabs } from "@mantine/core";
import type { KioskOrder } from "@portal/contracts";
import { KIOSK_ORDER_STATUSES, type KioskOrderStatus, kioskMessages } from "@portal/domain";
import { IconPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageHeader } from "../../components/PageHeader";
import { errorMessage, isApiError } from "../../lib/api";
import { notify } from "../../lib/notify";
import { useFullScreen } from "../../lib/useFullScreen";
import { usePageTitle } from "../../lib/usePageTitle";
import { kioskApi, kioskKeys, kioskQueries } from "./api";
import {
  CustomerModal,
  EmailModal,
  InvoiceModal,
  type OrderPopupKind,
  ReceiptModal,
  TrackModal,
} from "./KioskOrderDialogs";
import { KioskOrderCards, KioskOrderTable } from "./KioskOrderList";
import { NewKioskOrder } from "./NewKioskOrder";

const statusOf = (v: string | null): KioskOrderStatus =>
  (KIOSK_ORDER_STATUSES as readonly string[]).includes(v ?? "") ? (v as KioskOrderStatus) : "Pending";

type Popup = { kind: OrderPopupKind; order: KioskOrder } | { kind: "new" } | null;

/** /account/kioskConfirmation?status=: the kiosk store's customer orders by status, and taking a new one. */
export function KioskOrdersPage() {
  usePageTitle("Kiosk Confirmation");
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get("status"));
  const [popup, setPopup] = useState<Popup>(null);
  const queryClient = useQueryClient();
  const list = useQuery(kioskQueries.orders(status));
  const cancel = useMutation({
    mutationFn: (id: number) => kioskApi.cancel(id),
    onSuccess: async (order) => {
      setPopup(null);
      notify.success(`Kiosk order ${order.id} cancelled.`);
      await queryClient.invalidateQueries({ queryKey: kioskKeys.all });
    },
    onError: (error) => {
      setPopup(null);
      notify.error(
        isApiError(error, 409) ? errorMessage(error) : kioskMessages.tryAgain,
        kioskMessages.cancelFailed,
      );
    },
  });
  const phone = useFullScreen();
  const open = (kind: OrderPopupKind, o: KioskOrder) => setPopup({ kind, order: o });
  const order = popup && popup.kind !== "new" ? popup.order : null;

  return (
    <Stack>
      <PageHeader
        title="Kiosk Confirmation"
        description="Orders taken at your kiosk for walk-in customers. Payment is taken at the store counter."
        actions={
          <Group gap="xs">
            <Button variant="default" component={Link} to="/kiosk/guest" data-testid="kiosk-guest-login">
              Guest login
            </Button>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setPopup({ kind: "new" })}
              data-testid="kiosk-new"
            >
              New kiosk order
            </Button>
          </Group>
        }
      />
      <Tabs
        value={status}
        onChange={(v) => setParams({ status: statusOf(v) }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {KIOSK_ORDER_STATUSES.map((s) => (
            <Tabs.Tab key={s} value={s} data-testid={`kiosk-tab-${s}`}>
              {s}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {list.error && (
        <Alert color="red" title={kioskMessages.loadFailed}>
          {isApiError(list.error, 403) ? errorMessage(list.error) : kioskMessages.tryAgain}
        </Alert>
      )}
      {phone && <KioskOrderCards status={status} orders={list.data} onOpen={open} />}
      <KioskOrderTable
        status={status}
        orders={list.data}
        onOpen={open}
        hidden={phone}
        pending={list.isPending}
      />
      {popup?.kind === "new" && (
        <NewKioskOrder
          onClose={() => setPopup(null)}
          onPlaced={async () => {
            setPopup(null);
            setParams({ status: "Pending" }, { replace: true });
            await queryClient.invalidateQueries({ queryKey: kioskKeys.all });
          }}
        />
      )}
      {order && popup?.kind === "customer" && <CustomerModal order={order} onClose={() => setPopup(null)} />}
      {order && popup?.kind === "email" && <EmailModal order={order} onClose={() => setPopup(null)} />}
      {order && popup?.kind === "invoice" && <InvoiceModal order={order} onClose={() => setPopup(null)} />}
      {order && popup?.kind === "receipt" && <ReceiptModal order={order} onClose={() => setPopup(null)} />}
      {order && popup?.kind === "track" && <TrackModal order={order} onClose={() => setPopup(null)} />}
      <ConfirmDialog
        opened={popup?.kind === "cancel"}
        title="Cancel kiosk order"
        message={
          order
            ? `Cancel kiosk order ${order.id} for ${order.phoneNo}? Its stock goes back to the warehouse.`
            : ""
        }
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        loading={cancel.isPending}
        onConfirm={() => order && cancel.mutate(order.id)}
        onClose={() => setPopup(null)}
        testId="kiosk-cancel"
      />
    </Stack>
  );
}
