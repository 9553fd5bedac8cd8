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
  KIOSK_RECEIPT_NOT_READY_CODE,
  KIOSK_RECEIPT_POLL_MS,
  kioskMessages,
} from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage, isApiError } from "../../lib/api";
import { useFullScreen } from "../../lib/useFullScreen";
import { kioskQueries } from "./api";

/** The popups a kiosk order opens from its row or card. */
export type OrderPopupKind = "customer" | "email" | "invoice" | "receipt" | "track" | "cancel";

/** True when getReceipt answered 422 with code 740: the receipt is not ready yet. */
export function receiptNotReady(error: unknown): boolean {
  return (
    isApiError(error, 422) && (error.body as { code?: unknown } | null)?.code === KIOSK_RECEIPT_NOT_READY_CODE
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

export function CustomerModal({ order, onClose }: { order: KioskOrder; onClose: () => void }) {
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

export function EmailModal({ order, onClose }: { order: KioskOrder; onClose: () => void }) {
  const emails = useQuery(kioskQueries.emails(order.phoneNo));
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

export function InvoiceModal({ order, onClose }: { order: KioskOrder; onClose: () => void }) {
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
export function ReceiptModal({ order, onClose }: { order: KioskOrder; onClose: () => void }) {
  const receipt = useQuery({
    ...kioskQueries.receipt(order.id),
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

export function TrackModal({ order, onClose }: { order: KioskOrder; onClose: () => void }) {
  const track = useQuery(kioskQueries.track(order.id));
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
