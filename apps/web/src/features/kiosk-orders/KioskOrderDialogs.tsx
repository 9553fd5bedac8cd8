import {
  Alert,
  Button,
  Card,
  Divider,
  Group,
  Loader,
  Modal,
  ScrollArea,
  SegmentedControl,
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
  KIOSK_REFUND_MODES,
  type KioskRefundMode,
  kioskMessages,
} from "@portal/domain";
import { IconDownload, IconMail, IconSend } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage, isApiError } from "../../lib/api";
import { notify } from "../../lib/notify";
import { useFullScreen } from "../../lib/useFullScreen";
import { kioskApi, kioskKeys, kioskQueries } from "./api";

/** The popups a kiosk order opens from its row or card. */
export type OrderPopupKind = "customer" | "email" | "link" | "invoice" | "receipt" | "track" | "cancel";

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

/**
 * Mailing the customer through the outbox: the receipt with its PDF attached ("email"), or the
 * acknowledgement link again ("link"). The address on record is filled in; one typed is kept on the
 * customer. Below, every mail sent about this order and whether the outbox has sent it yet.
 */
export function MailModal({
  order,
  kind,
  onClose,
}: {
  order: KioskOrder;
  kind: "email" | "link";
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const mails = useQuery({
    ...kioskQueries.mails(order.id),
    // a queued mail is sent by the outbox within moments: look again until it is
    refetchInterval: (q) => (q.state.data?.mails.some((m) => m.sentAt === null) ? 3000 : false),
  });
  const [email, setEmail] = useState<string | null>(null);
  const address = email ?? mails.data?.email ?? "";
  const send = useMutation({
    mutationFn: () => kioskApi.mail(kind === "email" ? "receipt" : "link", order.id, address),
    onSuccess: async (mail) => {
      notify.success(`Mail queued to ${mail.to}.`);
      await queryClient.invalidateQueries({ queryKey: kioskKeys.mails(order.id) });
      await queryClient.invalidateQueries({ queryKey: kioskKeys.emails(order.phoneNo) });
    },
  });
  const title =
    kind === "email"
      ? `Email the receipt of order ${order.id}`
      : `Resend confirmation link of order ${order.id}`;
  return (
    <Modal opened onClose={onClose} title={title} fullScreen={useFullScreen()}>
      <Stack gap="sm" data-testid="kiosk-mail">
        <Text size="sm">
          {kind === "email"
            ? "The receipt goes to the customer as a PDF attachment."
            : "The customer gets the link to confirm the order; the receipt is ready once they do."}
        </Text>
        <TextInput
          label="Customer's email"
          type="email"
          value={address}
          onChange={(e) => setEmail(e.currentTarget.value)}
          disabled={mails.isPending}
          data-testid="kiosk-mail-to"
        />
        {send.error && (
          <Alert
            color="red"
            title={kind === "email" ? kioskMessages.invoiceFailed : kioskMessages.confirmFailed}
          >
            {isApiError(send.error) && send.error.status < 500
              ? errorMessage(send.error)
              : kioskMessages.tryAgain}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            leftSection={kind === "email" ? <IconMail size={16} /> : <IconSend size={16} />}
            loading={send.isPending}
            onClick={() => send.mutate()}
            data-testid="kiosk-mail-send"
          >
            {kind === "email" ? "Send receipt" : "Send link"}
          </Button>
        </Group>
        <Text fw={600} size="sm" component="h3" m={0}>
          Sent to the customer
        </Text>
        {mails.error && (
          <Alert color="red" title={kioskMessages.loadFailed}>
            {kioskMessages.tryAgain}
          </Alert>
        )}
        {mails.data && mails.data.mails.length === 0 && (
          <Text size="sm" c="dimmed">
            Nothing mailed about this order yet.
          </Text>
        )}
        {mails.data?.mails.map((m) => (
          <Card key={m.id} withBorder p="xs" data-testid="kiosk-mail-sent">
            <Text size="sm" fw={600}>
              {m.subject}
            </Text>
            <Text size="xs" c="dimmed">
              To {m.to}
              {m.attachment ? ` · ${m.attachment} attached` : ""} ·{" "}
              {m.sentAt
                ? `sent ${formatDateTime(m.sentAt)}`
                : `queued ${formatDateTime(m.queuedAt)}, sending…`}
            </Text>
          </Card>
        ))}
      </Stack>
    </Modal>
  );
}

/** The order's lines as billed to the customer (products at MRP, gift vouchers with their codes). */
export function OrderLines({ lines, total }: { lines: KioskOrder["lines"]; total: string }) {
  return (
    <ScrollArea>
      <Table data-testid="kiosk-lines" fz="sm">
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

/** The GST invoice's totals (taxable, CGST and SGST or IGST, total) and its PDF; not the lines again. */
export function InvoiceModal({ order, onClose }: { order: KioskOrder; onClose: () => void }) {
  const invoice = useQuery(kioskQueries.invoice(order.id));
  const download = useDownload(() => kioskApi.invoicePdf(order.id));
  const inv = invoice.data;
  const t = inv?.totals;
  return (
    <Modal
      opened
      onClose={onClose}
      title={`GST invoice of kiosk order ${order.id}`}
      fullScreen={useFullScreen()}
    >
      <Stack gap="xs" mih={260} data-testid="kiosk-invoice">
        {invoice.isPending && <Loader size="sm" />}
        {invoice.error && (
          <Alert color="red" title={kioskMessages.invoiceFailed}>
            {isApiError(invoice.error, 409) ? errorMessage(invoice.error) : kioskMessages.tryAgain}
          </Alert>
        )}
        {inv && t && (
          <>
            <Fact label="Invoice no." value={inv.invoiceNo} />
            <Fact label="Date" value={formatDate(inv.issuedOn)} />
            <Fact label="Items" value={`${inv.lines.length} (${inv.regime})`} />
            <Divider />
            <Fact label="Taxable value" value={formatRupees(t.taxable)} />
            {inv.regime === "IGST" ? (
              <Fact label="IGST" value={formatRupees(t.igst)} />
            ) : (
              <>
                <Fact label="CGST" value={formatRupees(t.cgst)} />
                <Fact label="SGST" value={formatRupees(t.sgst)} />
              </>
            )}
            {t.vouchers !== "0.00" && (
              <Fact label="Gift vouchers (no GST)" value={formatRupees(t.vouchers)} />
            )}
            {t.roundOff !== "0.00" && <Fact label="Round off" value={formatRupees(t.roundOff)} />}
            <Divider />
            <Group justify="space-between" data-testid="kiosk-invoice-total">
              <Text fw={700}>Invoice total</Text>
              <Text fw={700}>{formatRupees(t.total)}</Text>
            </Group>
            <Group justify="flex-end">
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                loading={download.busy}
                onClick={download.run}
                data-testid="kiosk-invoice-pdf"
              >
                Download invoice PDF
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

/** Cancelling: what is paid back and how (by default the way the customer paid), asked once. */
export function CancelModal({
  order,
  busy,
  onCancel,
  onClose,
}: {
  order: KioskOrder;
  busy: boolean;
  onCancel: (refund: { mode: KioskRefundMode; reference: string }) => void;
  onClose: () => void;
}) {
  const paidBy = (KIOSK_REFUND_MODES as readonly string[]).includes(order.paymentMode)
    ? (order.paymentMode as KioskRefundMode)
    : "Cash";
  const [mode, setMode] = useState<KioskRefundMode>(paidBy);
  const [reference, setReference] = useState("");
  return (
    <Modal opened onClose={onClose} title={`Cancel kiosk order ${order.id}`} fullScreen={useFullScreen()}>
      <Stack gap="sm" data-testid="kiosk-cancel">
        <Text size="sm">
          Cancel kiosk order {order.id} for {order.phoneNo}? Its stock goes back to the warehouse and the
          customer is refunded {formatRupees(order.totalAmount)}.
        </Text>
        <SegmentedControl
          aria-label="Refund by"
          value={mode}
          onChange={(v) => setMode(v as KioskRefundMode)}
          data={[...KIOSK_REFUND_MODES]}
        />
        {mode !== "Cash" && (
          <TextInput
            label="Refund reference (card reversal or UPI id)"
            value={reference}
            maxLength={60}
            onChange={(e) => setReference(e.currentTarget.value)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep order
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => onCancel({ mode, reference: mode === "Cash" ? "" : reference })}
            data-testid="kiosk-cancel-confirm"
          >
            Cancel and refund
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A download's progress and its failure told once. */
function useDownload(run: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  return {
    busy,
    run: () => {
      setBusy(true);
      run()
        .catch((error) =>
          notify.error(
            isApiError(error) && error.status < 500 ? errorMessage(error) : kioskMessages.tryAgain,
            kioskMessages.invoiceFailed,
          ),
        )
        .finally(() => setBusy(false));
    },
  };
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
  const download = useDownload(() => kioskApi.receiptPdf(order.id));
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
            <Button
              leftSection={<IconDownload size={16} />}
              loading={download.busy}
              onClick={download.run}
              data-testid="kiosk-receipt-pdf"
            >
              Download receipt PDF
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
