import { Button, Group, Stack, Table, Text, Textarea, TextInput } from "@mantine/core";
import type { AdminSalesReturn } from "@portal/contracts";
import { type SalesReturnStatus, SR_ALL_STATUSES, SR_LIFECYCLE } from "@portal/domain";
import { useState } from "react";
import { type AdminColumn, AdminTable, listTableProps } from "../../admin-kit/AdminTable";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import { StatusPartnerFilters, WaitingSwitch } from "../../admin-kit/filters";
import { dateTime, day, money } from "../../admin-kit/format";
import { HistoryPanel } from "../../admin-kit/HistoryPanel";
import { canBecome } from "../../admin-kit/lifecycle";
import { usePhoneColumns } from "../../admin-kit/phone-columns";
import { type RowAction, RowActions } from "../../admin-kit/RowActions";
import { useListParams } from "../../admin-kit/useListParams";
import { CreditNoteLines } from "../../components/CreditNoteLines";
import { LazyNumberInput } from "../../components/LazyNumberInput";
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import {
  exportAdminSalesReturns,
  useAdminSalesReturns,
  useAdvanceSalesReturn,
  useApproveSalesReturn,
  useRaiseSalesReturn,
  useReceiveSalesReturn,
  useRejectSalesReturn,
  useReturnableInvoice,
} from "./api";

/** The plain next step of a return (the partner's InTransit, InProcess, B2BApproved): receive, approve and reject have their own. */
const PLAIN_STEPS = ["InTransit", "InProcess", "B2BApproved"] as const satisfies SalesReturnStatus[];
const nextOf = (status: SalesReturnStatus) => PLAIN_STEPS.find((to) => canBecome(SR_LIFECYCLE, status, to));
const receivable = (s: SalesReturnStatus) => canBecome(SR_LIFECYCLE, s, "WHReceived");
const approvable = (s: SalesReturnStatus) => canBecome(SR_LIFECYCLE, s, "AccountApproved");
const rejectable = (s: SalesReturnStatus) => canBecome(SR_LIFECYCLE, s, "Rejected");

type Asking =
  | { kind: "move" | "approve" | "reject"; sr: AdminSalesReturn }
  | { kind: "receive"; sr: AdminSalesReturn }
  | null;

const lineKey = (l: { poid: string; productId: number }) => `${l.poid}:${l.productId}`;

/** Sales returns: raise one from a tax invoice, receive the goods, approve (the credit note) or reject with a reason. */
export function SalesReturnsPage() {
  usePageTitle("Admin Console: Sales returns");
  const list = useListParams(["status", "userId", "waiting"] as const);
  const returns = useAdminSalesReturns(list.params);
  const advance = useAdvanceSalesReturn();
  const approve = useApproveSalesReturn();
  const reject = useRejectSalesReturn();
  const receive = useReceiveSalesReturn();
  const [asking, setAsking] = useState<Asking>(null);
  const [reason, setReason] = useState("");
  const [received, setReceived] = useState<Record<string, number>>({});
  const [raising, setRaising] = useState(false);

  const open = (kind: NonNullable<Asking>["kind"], sr: AdminSalesReturn) => {
    setReason("");
    setReceived(Object.fromEntries(sr.lines.map((l) => [lineKey(l), l.quantity])));
    setAsking({ kind, sr });
  };

  /**
   * A return's next steps, in the actions column or the phone card: the step it waits for on the
   * row (receive, approve, or the plain next step), the others in its menu.
   */
  const actions = (r: AdminSalesReturn) => {
    const next = nextOf(r.status);
    const steps: RowAction[] = [
      {
        label: "Receive",
        hidden: !receivable(r.status),
        onClick: () => open("receive", r),
        testId: `receive-${r.id}`,
      },
      {
        label: "Approve",
        color: "green",
        hidden: !approvable(r.status),
        onClick: () => open("approve", r),
        testId: `approve-${r.id}`,
      },
      {
        label: `Move to ${next}`,
        hidden: !next,
        onClick: () => open("move", r),
        testId: `advance-${r.id}`,
      },
      {
        label: "Reject",
        color: "red",
        hidden: !rejectable(r.status),
        onClick: () => open("reject", r),
        testId: `reject-${r.id}`,
      },
    ];
    const [primary, ...more] = steps.filter((step) => !step.hidden);
    return primary && <RowActions label={r.referenceId} primary={primary} actions={more} />;
  };
  const columns: AdminColumn<AdminSalesReturn>[] = [
    { accessor: "referenceId", title: "Reference", sortable: true },
    {
      accessor: "partnerName",
      title: "Partner",
      sortable: true,
      noWrap: false,
      width: 190,
      render: (r) => (
        <>
          <Text size="sm" lineClamp={2}>
            {r.partnerName}
          </Text>
          <Text size="xs" c="dimmed" truncate="end" maw={180}>
            {r.partnerEmail}
          </Text>
        </>
      ),
    },
    {
      accessor: "invoiceNumber",
      title: "Invoice",
      sortable: true,
      render: (r) => (
        <>
          <Text size="sm">{r.invoiceNumber ?? "–"}</Text>
          <Text size="xs" c="dimmed">
            {day(r.invoiceDate)}
          </Text>
        </>
      ),
    },
    { accessor: "invoiceDate", title: "Invoice date", hidden: true },
    {
      accessor: "shippingCompany",
      title: "Courier",
      noWrap: false,
      width: 140,
      render: (r) => [r.shippingCompany, r.awb].filter(Boolean).join(" · ") || "–",
    },
    {
      accessor: "amount",
      title: "Amount",
      textAlign: "right",
      sortable: true,
      render: (r) => money(r.amount),
    },
    { accessor: "status", title: "Status", sortable: true, render: (r) => <StatusBadge status={r.status} /> },
    { accessor: "createdAt", title: "Raised", sortable: true, render: (r) => dateTime(r.createdAt) },
    { accessor: "rejectionReason", title: "Reason", hidden: true },
    { accessor: "actions", title: "", noCsv: true, render: actions },
  ];
  const shown = usePhoneColumns(columns, {
    accessor: "salesReturn",
    title: "Sales return",
    noWrap: false,
    render: (r) => (
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text size="sm" fw={600}>
              {r.referenceId}
            </Text>
            <Text size="xs" c="dimmed">
              {r.partnerName}
            </Text>
          </div>
          <StatusBadge status={r.status} />
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="dimmed">
            {r.invoiceNumber ? `${r.invoiceNumber} · ` : ""}
            {day(r.invoiceDate)}
          </Text>
          <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
            {money(r.amount)}
          </Text>
        </Group>
        {(r.shippingCompany || r.awb) && (
          <Text size="xs" c="dimmed">
            {[r.shippingCompany, r.awb].filter(Boolean).join(" · ")}
          </Text>
        )}
        {actions(r)}
      </Stack>
    ),
  });

  const sr = asking?.sr;
  const next = sr ? nextOf(sr.status) : undefined;
  const run = async () => {
    if (!asking || !sr) return;
    if (asking.kind === "move" && next)
      await act(
        advance.mutateAsync({ id: sr.id, status: next }),
        (r) => `SR ${r.referenceId} moved from ${sr.status} to ${r.status}.`,
      );
    if (asking.kind === "approve")
      await act(approve.mutateAsync(sr.id), (r) =>
        r.creditNote
          ? `SR ${r.referenceId} is approved: credit note ${r.creditNote.number} of ${money(r.amount)} is posted.`
          : `SR ${r.referenceId} is approved: a credit note of ${money(r.amount)} is posted.`,
      );
    if (asking.kind === "reject")
      await act(
        reject.mutateAsync({ id: sr.id, reason }),
        (r) => `SR ${r.referenceId} rejected; ${r.partnerName} sees: ${r.rejectionReason}`,
      );
    if (asking.kind === "receive")
      await act(
        receive.mutateAsync({
          id: sr.id,
          lines: sr.lines.map((l) => ({
            productId: l.productId,
            poid: l.poid,
            receivedQuantity: received[lineKey(l)] ?? 0,
          })),
        }),
        (r) =>
          `SR ${r.referenceId} received: ${r.lines.reduce((s, l) => s + (l.receivedQuantity ?? 0), 0)} units back in stock.`,
      );
    setAsking(null);
  };
  const pending = advance.isPending || approve.isPending || reject.isPending || receive.isPending;
  const receivedTotal = sr ? sr.lines.reduce((s, l) => s + (received[lineKey(l)] ?? 0), 0) : 0;

  return (
    <>
      <AdminTable
        testId="sales-returns-table"
        columns={shown}
        idAccessor="id"
        csvName="sales-returns"
        {...listTableProps(returns, exportAdminSalesReturns, list)}
        search={{
          value: list.q,
          onChange: list.setQ,
          placeholder: "SR reference, invoice no., AWB, partner",
        }}
        noRecordsText="No sales returns"
        rowExpansion={{ content: ({ record }) => <ReturnDetail sr={record} /> }}
        toolbar={
          <Group gap="sm" wrap="wrap" align="flex-end">
            <StatusPartnerFilters statuses={SR_ALL_STATUSES} list={list} />
            <WaitingSwitch label="Waiting for staff" list={list} />
            <Button size="xs" onClick={() => setRaising(true)} data-testid="new-sales-return">
              New sales return
            </Button>
          </Group>
        }
      />
      {raising && <NewSalesReturn onClose={() => setRaising(false)} />}
      <AskDialog
        opened={asking !== null}
        title={
          asking?.kind === "receive"
            ? "Receive the goods"
            : asking?.kind === "approve"
              ? "Approve sales return"
              : asking?.kind === "reject"
                ? "Reject sales return"
                : "Move sales return"
        }
        message={
          asking?.kind === "receive"
            ? `Units of ${sr?.referenceId} received at warehouse ${sr?.warehouseId}: they go back into its stock.`
            : asking?.kind === "approve"
              ? `Approve ${sr?.referenceId} of ${sr?.partnerName}? A credit note for the units received${sr?.invoiceNumber ? `, reversing invoice ${sr.invoiceNumber} at its own rates,` : ""} is posted to the ledger. This cannot be undone.`
              : asking?.kind === "reject"
                ? `Reject ${sr?.referenceId} of ${sr?.partnerName}? The partner sees your reason.`
                : `Move ${sr?.referenceId} of ${sr?.partnerName} from ${sr?.status} to ${next}? The partner is told; this cannot be undone.`
        }
        confirmLabel={
          asking?.kind === "receive"
            ? "Receive"
            : asking?.kind === "approve"
              ? "Approve"
              : asking?.kind === "reject"
                ? "Reject"
                : `Move to ${next}`
        }
        color={asking?.kind === "reject" ? "red" : "brand"}
        loading={pending}
        disabled={
          (asking?.kind === "reject" && !reason.trim()) || (asking?.kind === "receive" && receivedTotal === 0)
        }
        onConfirm={run}
        onClose={() => setAsking(null)}
      >
        {asking?.kind === "reject" && (
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="reject-reason"
          />
        )}
        {asking?.kind === "receive" && sr && (
          <Stack gap="xs">
            {sr.lines.map((l) => (
              <LazyNumberInput
                key={lineKey(l)}
                label={`Product ${l.productId} (${l.poid}): returned ${l.quantity}`}
                min={0}
                max={l.quantity}
                clampBehavior="strict"
                allowDecimal={false}
                value={received[lineKey(l)] ?? 0}
                onChange={(v) => setReceived((r) => ({ ...r, [lineKey(l)]: Number(v) || 0 }))}
                data-testid={`received-${l.productId}`}
              />
            ))}
          </Stack>
        )}
      </AskDialog>
    </>
  );
}

/** A return's lines, its rejection reason and its credit note (HSN, rate, taxable value, tax). */
function ReturnDetail({ sr }: { sr: AdminSalesReturn }) {
  const note = sr.creditNote;
  return (
    <Stack gap="xs" ml={{ base: 0, sm: "xl" }} style={{ overflowX: "auto" }}>
      <Table fz="xs" withRowBorders={false} w="auto">
        <Table.Tbody>
          {sr.lines.map((l) => (
            <Table.Tr key={lineKey(l)}>
              <Table.Td>{l.poid}</Table.Td>
              <Table.Td>product {l.productId}</Table.Td>
              <Table.Td>HSN {l.hsnCode}</Table.Td>
              <Table.Td>× {l.quantity}</Table.Td>
              <Table.Td>
                {l.receivedQuantity === null ? "not received" : `received ${l.receivedQuantity}`}
              </Table.Td>
              <Table.Td>{money(l.amountRefundable)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {sr.rejectionReason && (
        <Text size="xs" c="red">
          Rejected: {sr.rejectionReason}
        </Text>
      )}
      {note && <CreditNoteLines note={note} />}
      <HistoryPanel entity="salesReturn" entityId={String(sr.id)} />
    </Stack>
  );
}

/** Raise a return from a tax invoice: its number, then each line up to what is still returnable. */
function NewSalesReturn({ onClose }: { onClose: () => void }) {
  const [typed, setTyped] = useState("");
  const [invoice, setInvoice] = useState("");
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const returnable = useReturnableInvoice(invoice);
  const raise = useRaiseSalesReturn();
  const found = returnable.data;
  const chosen = found ? found.lines.filter((l) => (quantities[lineKey(l)] ?? 0) > 0) : [];
  const submit = async () => {
    if (!found) return;
    const done = await act(
      raise.mutateAsync({
        invoice: found.id,
        userId: found.userId,
        lines: chosen.map((l) => ({
          productId: l.productId,
          poid: l.poid,
          quantity: quantities[lineKey(l)] ?? 0,
        })),
      }),
      (r) => `SR ${r.referenceId} raised against invoice ${r.invoiceNumber} for ${money(r.amount)}.`,
    );
    if (done) onClose();
  };
  return (
    <AskDialog
      opened
      title="New sales return"
      message="Name the tax invoice; each line can be returned up to what was shipped less what earlier returns hold."
      confirmLabel="Raise return"
      loading={raise.isPending}
      disabled={!found || chosen.length === 0}
      onConfirm={submit}
      onClose={onClose}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Invoice number"
          placeholder="CM02/2627/000001"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") setInvoice(typed.trim());
          }}
          style={{ flex: 1 }}
          data-testid="sr-invoice"
        />
        <Button variant="light" onClick={() => setInvoice(typed.trim())} data-testid="sr-find-invoice">
          Find
        </Button>
      </Group>
      {returnable.isError && (
        <Text size="sm" c="red" data-testid="sr-invoice-error">
          {errorMessage(returnable.error)}
        </Text>
      )}
      {found && (
        <Stack gap="xs" data-testid="sr-invoice-lines">
          <Text size="sm">
            {found.number} of {day(found.issuedOn)}: {found.partnerName}, warehouse {found.warehouseId} (
            {found.taxRegime})
          </Text>
          {found.lines.map((l) => (
            <LazyNumberInput
              key={lineKey(l)}
              label={`${l.name} (${l.productId}, HSN ${l.hsnCode})`}
              description={`${l.poid}: shipped ${l.shipped}, returned ${l.returned}, at most ${l.returnable}`}
              min={0}
              max={l.returnable}
              disabled={l.returnable === 0}
              clampBehavior="strict"
              allowDecimal={false}
              value={quantities[lineKey(l)] ?? 0}
              onChange={(v) => setQuantities((q) => ({ ...q, [lineKey(l)]: Number(v) || 0 }))}
              data-testid={`sr-qty-${l.productId}`}
            />
          ))}
        </Stack>
      )}
    </AskDialog>
  );
}
