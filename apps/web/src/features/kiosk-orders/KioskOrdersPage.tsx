import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Timeline,
} from "@mantine/core";
import type { KioskOrder } from "@portal/contracts";
import {
  formatDate,
  formatDateTime,
  formatRupees,
  fromReceiptClock,
  KIOSK_ORDER_STATUSES,
  KIOSK_RECEIPT_NOT_READY_CODE,
  KIOSK_RECEIPT_POLL_MS,
  type KioskOrderStatus,
  kioskMessages,
} from "@portal/domain";
import { IconPlus, IconReceipt, IconTruckDelivery } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageHeader } from "../../components/PageHeader";
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage, isApiError } from "../../lib/api";
import { notify } from "../../lib/notify";
import { useFullScreen } from "../../lib/useFullScreen";
import { usePageTitle } from "../../lib/usePageTitle";
import { kioskApi } from "./api";
import { NewKioskOrder } from "./NewKioskOrder";

/** True when getReceipt answered 422 with code 740: the receipt is not ready yet. */
export function receiptNotReady(error: unknown): boolean {
  return (
    isApiError(error, 422) && (error.body as { code?: unknown } | null)?.code === KIOSK_RECEIPT_NOT_READY_CODE
  );
}

const statusOf = (v: string | null): KioskOrderStatus =>
  (KIOSK_ORDER_STATUSES as readonly string[]).includes(v ?? "") ? (v as KioskOrderStatus) : "Pending";

type Popup =
  | { kind: "customer" | "email" | "invoice" | "receipt" | "track" | "cancel"; order: KioskOrder }
  | { kind: "new" }
  | null;

/** /account/kioskConfirmation?status=: the kiosk store's customer orders by status, and taking a new one. */
export function KioskOrdersPage() {
  usePageTitle("Kiosk Confirmation");
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get("status"));
  const [popup, setPopup] = useState<Popup>(null);
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ["kiosk", "orders", status], queryFn: () => kioskApi.list(status) });
  const cancel = useMutation({
    mutationFn: (id: number) => kioskApi.cancel(id),
    onSuccess: async (order) => {
      setPopup(null);
      notify.success(`Kiosk order ${order.id} cancelled.`);
      await queryClient.invalidateQueries({ queryKey: ["kiosk"] });
    },
    onError: (error) => {
      setPopup(null);
      notify.error(
        isApiError(error, 409) ? errorMessage(error) : kioskMessages.tryAgain,
        kioskMessages.cancelFailed,
      );
    },
  });
  const orders = list.data ?? [];
  const phone = useFullScreen();
  const actions = (o: KioskOrder) => (
    <>
      <Button size="compact-sm" variant="subtle" onClick={() => setPopup({ kind: "email", order: o })}>
        Email
      </Button>
      <Button size="compact-sm" variant="subtle" onClick={() => setPopup({ kind: "invoice", order: o })}>
        Invoice
      </Button>
      {o.status !== "Cancelled" && (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconReceipt size={14} />}
          onClick={() => setPopup({ kind: "receipt", order: o })}
        >
          Receipt
        </Button>
      )}
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconTruckDelivery size={14} />}
        onClick={() => setPopup({ kind: "track", order: o })}
      >
        Track
      </Button>
      {o.status === "Pending" && (
        <Button
          size="compact-sm"
          variant="outline"
          color="red"
          onClick={() => setPopup({ kind: "cancel", order: o })}
        >
          Cancel
        </Button>
      )}
    </>
  );
  const customerName = (o: KioskOrder) =>
    [o.customer.firstName, o.customer.lastName].filter(Boolean).join(" ") || "Customer";
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
      {phone && (
        <Stack gap="sm" data-testid="kiosk-cards">
          {list.data && orders.length === 0 && (
            <Text c="dimmed">No {status.toLowerCase()} kiosk orders.</Text>
          )}
          {orders.map((o) => (
            <Card key={o.id} withBorder data-testid={`kiosk-card-${o.id}`}>
              <Group justify="space-between" gap="xs">
                <Text fw={700}>Order {o.id}</Text>
                <Text fw={700}>{formatRupees(o.totalAmount)}</Text>
              </Group>
              <Button
                variant="subtle"
                size="compact-sm"
                px={0}
                onClick={() => setPopup({ kind: "customer", order: o })}
              >
                {customerName(o)} · {o.phoneNo}
              </Button>
              <Text size="sm" c="dimmed">
                {o.poid} · {formatDateTime(o.createdAt)} · {o.paymentMode} at counter
              </Text>
              <Group gap={4} mt="xs">
                {actions(o)}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <Card withBorder p={0} display={phone ? "none" : undefined}>
        <ScrollArea>
          <Table striped highlightOnHover miw={900} data-testid="kiosk-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Purchase order</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Mobile</Table.Th>
                <Table.Th>Placed</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Paid by</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.map((o) => (
                <Table.Tr key={o.id} data-testid={`kiosk-row-${o.id}`}>
                  <Table.Td fw={600}>{o.id}</Table.Td>
                  <Table.Td>{o.poid}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => setPopup({ kind: "customer", order: o })}
                    >
                      {customerName(o)}
                    </Button>
                  </Table.Td>
                  <Table.Td>{o.phoneNo}</Table.Td>
                  <Table.Td>{formatDateTime(o.createdAt)}</Table.Td>
                  <Table.Td ta="right">{formatRupees(o.totalAmount)}</Table.Td>
                  <Table.Td>{o.paymentMode} at counter</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {actions(o)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {list.isPending && <Loader m="md" size="sm" />}
        {list.data && orders.length === 0 && (
          <Text p="md" c="dimmed" data-testid="kiosk-empty">
            No {status.toLowerCase()} kiosk orders.
          </Text>
        )}
      </Card>
      {popup?.kind === "new" && (
        <NewKioskOrder
          onClose={() => setPopup(null)}
          onPlaced={async () => {
            setPopup(null);
            setParams({ status: "Pending" }, { replace: true });
            await queryClient.invalidateQueries({ queryKey: ["kiosk"] });
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

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right">
        {value}
      </Text>
    </Group>
  );
}

function CustomerModal({ order, onClose }: { order: KioskOrder; onClose: () => void }) {
  const c = order.customer;
  return (
    <Modal opened onClose={onClose} title="Customer" fullScreen={useFullScreen()}>
      <Stack gap="xs" data-testid="kiosk-customer">
        <Fact label="Name" value={[c.firstName, c.lastName].filter(Boolean).join(" ") || "—"} />
        <Fact label="Mobile" value={c.mobileNo} />
        <Fact label="Date of birth" value={c.dob ? formatDate(`${c.dob}T12:00:00+05:30`) : "—"} />
        <Fact label="Email" value={c.email ?? "—"} />
      </Stack>
    </Modal>
  );
}

function EmailModal({ order, onClose }: { order: KioskOrder; onClose: () => void }) {
  const emails = useQuery({
    queryKey: ["kiosk", "emails", order.phoneNo],
    queryFn: () => kioskApi.emailsByMobile(order.phoneNo),
  });
  return (
    <Modal opened onClose={onClose} title={`Emails of ${order.phoneNo}`} fullScreen={useFullScreen()}>
      {emails.isPending && <Loader size="sm" />}
      {emails.error && (
        <Alert color="red" title={kioskMessages.loadFailed}>
          {kioskMessages.tryAgain}
        </Alert>
      )}
      <Stack gap="xs" data-testid="kiosk-emails">
        {emails.data?.emails.map((e) => (
          <TextInput key={e} value={e} readOnly aria-label="Email" />
        ))}
        {emails.data && emails.data.emails.length === 0 && (
          <Text size="sm">No email on record for this customer.</Text>
        )}
      </Stack>
    </Modal>
  );
}

/** The order's lines as billed to the customer (products at MRP, gift vouchers with their codes). */
export function OrderLines({ lines, total }: { lines: KioskOrder["lines"]; total: string }) {
  return (
    <ScrollArea>
      <Table miw={420} data-testid="kiosk-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={`${l.kind}-${l.productId ?? l.name}`}>
              <Table.Td>
                <Text size="sm">{l.name}</Text>
                {l.voucherCodes.length > 0 && (
                  <Text size="xs" c="dimmed" data-testid="voucher-codes">
                    Codes: {l.voucherCodes.join(", ")}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{l.qty}</Table.Td>
              <Table.Td ta="right">{formatRupees(l.unitAmount)}</Table.Td>
              <Table.Td ta="right">{formatRupees(l.amount)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td colSpan={3} fw={700}>
              Total
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {formatRupees(total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function InvoiceModal({ order, onClose }: { order: KioskOrder; onClose: () => void }) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Invoice of kiosk order ${order.id}`}
      size="lg"
      fullScreen={useFullScreen()}
    >
      <Stack gap="xs">
        <Fact label="Purchase order" value={order.poid} />
        <Fact label="Status" value={order.status} />
        <Fact label="Payment" value={`${order.paymentMode} at the store counter`} />
        <OrderLines lines={order.lines} total={order.totalAmount} />
      </Stack>
    </Modal>
  );
}

/** The receipt: 422 with code 740 means not ready, asked again every 30 s while the page is visible. */
function ReceiptModal({ order, onClose }: { order: KioskOrder; onClose: () => void }) {
  const receipt = useQuery({
    queryKey: ["kiosk", "receipt", order.id],
    queryFn: () => kioskApi.receipt(order.id),
    retry: false,
    refetchInterval: (query) => (receiptNotReady(query.state.error) ? KIOSK_RECEIPT_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
  const r = receipt.data;
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Receipt of kiosk order ${order.id}`}
      size="lg"
      fullScreen={useFullScreen()}
    >
      {receipt.isPending && <Loader size="sm" />}
      {receipt.error &&
        (receiptNotReady(receipt.error) ? (
          <Alert color="yellow" data-testid="receipt-not-ready">
            The receipt is not ready yet: it appears once the customer confirms the order. Checking again
            every 30 seconds.
          </Alert>
        ) : (
          <Alert color="red" title={kioskMessages.invoiceFailed}>
            {isApiError(receipt.error, 409) ? errorMessage(receipt.error) : kioskMessages.tryAgain}
          </Alert>
        ))}
      {r && (
        <Stack gap="xs" data-testid="kiosk-receipt">
          <Text fw={700}>{r.storeName}</Text>
          <Fact label="Receipt no." value={r.receiptNo} />
          <Fact label="Purchase order" value={r.poid} />
          <Fact
            label="Customer"
            value={`${[r.customer.firstName, r.customer.lastName].filter(Boolean).join(" ")} · ${r.customer.mobileNo}`}
          />
          <Fact label="Ordered" value={formatDateTime(fromReceiptClock(r.createdAt))} />
          <Fact
            label="Paid"
            value={`${formatDateTime(fromReceiptClock(r.paidAt))} · ${r.paymentMode} at the store counter${r.paymentReference ? ` (${r.paymentReference})` : ""}`}
          />
          <OrderLines lines={r.lines} total={r.totalAmount} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => window.print()}>
              Print
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function TrackModal({ order, onClose }: { order: KioskOrder; onClose: () => void }) {
  const track = useQuery({ queryKey: ["kiosk", "track", order.id], queryFn: () => kioskApi.track(order.id) });
  const steps = track.data?.steps ?? [];
  const reached = steps.filter((s) => s.done).length - 1;
  return (
    <Modal opened onClose={onClose} title={`Track kiosk order ${order.id}`} fullScreen={useFullScreen()}>
      {track.isPending && <Loader size="sm" />}
      {track.error && (
        <Alert color="red" title={kioskMessages.loadFailed}>
          {kioskMessages.tryAgain}
        </Alert>
      )}
      {track.data && (
        <Stack data-testid="kiosk-track">
          <Group gap="xs">
            <Text size="sm">Status</Text>
            <StatusBadge status={track.data.status} />
          </Group>
          <Timeline active={reached} bulletSize={18} lineWidth={2}>
            {steps.map((s) => (
              <Timeline.Item key={s.label} title={s.label}>
                <Text size="xs" c="dimmed">
                  {s.at ? formatDateTime(s.at) : "Not yet"}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {track.data.purchaseOrders.map((p) => (
            <Card key={p.poid} withBorder p="xs">
              <Fact label={`Purchase order ${p.poid}`} value={p.status} />
              <Text size="xs" c="dimmed">
                Warehouse {p.warehouseId}
                {p.docketNo ? ` · docket ${p.docketNo}` : ""}
                {p.transporter ? ` · ${p.transporter}` : ""}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
