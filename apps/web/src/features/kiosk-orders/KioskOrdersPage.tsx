import { Alert, Button, Group, Stack, Tabs } from "@mantine/core";
import type { KioskOrder } from "@portal/contracts";
import {
  formatRupees,
  KIOSK_ORDER_STATUSES,
  type KioskOrderStatus,
  type KioskRefundMode,
  kioskMessages,
} from "@portal/domain";
import { IconPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { errorMessage, isApiError } from "../../lib/api";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import { kioskApi, kioskKeys, kioskQueries } from "./api";
import {
  CancelModal,
  CustomerModal,
  InvoiceModal,
  MailModal,
  type OrderPopupKind,
  ReceiptModal,
  TrackModal,
} from "./KioskOrderDialogs";
import { KioskOrderTable } from "./KioskOrderList";
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
    mutationFn: ({ id, refund }: { id: number; refund: { mode: KioskRefundMode; reference: string } }) =>
      kioskApi.cancel(id, refund),
    onSuccess: async (order) => {
      setPopup(null);
      notify.success(
        order.refund
          ? `Kiosk order ${order.id} cancelled: refund ${formatRupees(order.refund.amount)} by ${order.refund.mode}.`
          : `Kiosk order ${order.id} cancelled.`,
      );
      await queryClient.invalidateQueries({ queryKey: kioskKeys.all });
    },
    onError: async (error) => {
      setPopup(null);
      // the server's refusal says why, once, under the one title
      notify.error(
        isApiError(error, 409) ? errorMessage(error) : kioskMessages.tryAgain,
        kioskMessages.cancelFailed,
      );
      await queryClient.invalidateQueries({ queryKey: kioskKeys.all });
    },
  });
  const confirm = useMutation({
    mutationFn: (o: KioskOrder) => kioskApi.confirm(o.poid, o.id),
    onSuccess: async (order) => {
      notify.success(`Kiosk order ${order.id} confirmed: its receipt is ready.`);
      await queryClient.invalidateQueries({ queryKey: kioskKeys.all });
    },
    onError: (error) =>
      notify.error(
        isApiError(error, 409) ? errorMessage(error) : kioskMessages.tryAgain,
        kioskMessages.confirmFailed,
      ),
  });
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
        {/* the list is the open tab's panel, so each tab names a panel that is there */}
        <Tabs.Panel value={status} pt="sm">
          {list.error && (
            <Alert color="red" title={kioskMessages.loadFailed} mb="sm">
              {isApiError(list.error, 403) ? errorMessage(list.error) : kioskMessages.tryAgain}
            </Alert>
          )}
          <KioskOrderTable
            status={status}
            orders={list.data}
            onOpen={open}
            onConfirm={(o) => confirm.mutate(o)}
            confirming={confirm.isPending ? (confirm.variables?.id ?? null) : null}
          />
        </Tabs.Panel>
      </Tabs>
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
      {order && (popup?.kind === "email" || popup?.kind === "link") && (
        <MailModal order={order} kind={popup.kind} onClose={() => setPopup(null)} />
      )}
      {order && popup?.kind === "invoice" && <InvoiceModal order={order} onClose={() => setPopup(null)} />}
      {order && popup?.kind === "receipt" && <ReceiptModal order={order} onClose={() => setPopup(null)} />}
      {order && popup?.kind === "track" && <TrackModal order={order} onClose={() => setPopup(null)} />}
      {order && popup?.kind === "cancel" && (
        <CancelModal
          order={order}
          busy={cancel.isPending}
          onCancel={(refund) => cancel.mutate({ id: order.id, refund })}
          onClose={() => setPopup(null)}
        />
      )}
    </Stack>
  );
}
