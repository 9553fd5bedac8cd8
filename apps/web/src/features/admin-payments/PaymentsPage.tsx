import { Group, Select, Stack, Text, Textarea, TextInput, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { AdminPayment } from "@portal/contracts";
import { PAYMENT_LIFECYCLE, PAYMENT_STATUSES, type PaymentStatus } from "@portal/domain";
import { useState } from "react";
import { type AdminColumn, AdminTable, listTableProps } from "../../admin-kit/AdminTable";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import { PartnerFilter } from "../../admin-kit/filters";
import { dateTime, money } from "../../admin-kit/format";
import { HistoryPanel } from "../../admin-kit/HistoryPanel";
import { canBecome } from "../../admin-kit/lifecycle";
import { usePhoneColumns } from "../../admin-kit/phone-columns";
import { RowActions } from "../../admin-kit/RowActions";
import { ALL, useListParams } from "../../admin-kit/useListParams";
import { StatusBadge } from "../../components/StatusBadge";
import { usePageTitle } from "../../lib/usePageTitle";
import { exportAdminPayments, useAdminPayments, useApprovePayment, useRejectPayment } from "./api";

/** A payment's orders: the first, and how many more (all of them on hover and in the CSV). */
function OrderList({ poids }: { poids: string[] }) {
  const more = poids.length - 1;
  if (more <= 0) return <>{poids.join(", ")}</>;
  return (
    <Tooltip label={poids.join(", ")} multiline w={320} withinPortal>
      <span style={{ textDecoration: "underline dotted" }}>
        {poids[0]} +{more} more
      </span>
    </Tooltip>
  );
}

/** What accounts received, marked when it is not what the partner said was paid. */
function Received({ p }: { p: AdminPayment }) {
  const differs = p.amountReceived !== null && p.amountReceived !== p.totalAmountPaid;
  return (
    <Text span size="sm" fw={differs ? 700 : undefined} c={differs ? "orange.9" : undefined}>
      {money(p.amountReceived ?? "0")}
    </Text>
  );
}

type Asking = null | { kind: "approve" | "reject"; payment: AdminPayment };

/** Below a laptop's width the payable and the orders move to the row's detail. */
const NARROW_QUERY = "(max-width: 1279px)";
/** Below 1024 px the submitted date goes under the reference, so the amount paid sits beside Approve. */
const TABLET_QUERY = "(max-width: 1023px)";

/** The statuses as the desk shows them (the API's values stay lowercase). */
const STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  submitted: "Submitted",
  approved: "Approved",
  rejected: "Rejected",
};

function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <StatusBadge status={status} label={STATUS_LABELS[status]} />;
}

/** The kit's status filter, with the statuses' labels; "all" shows every status. */
function PaymentStatusFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string | null) => void;
}) {
  return (
    <Select
      label="Status"
      size="xs"
      w={170}
      data={[
        { value: ALL, label: "All" },
        ...PAYMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
      ]}
      value={value || ALL}
      onChange={(v) => onChange(v === ALL ? null : v)}
      allowDeselect={false}
      comboboxProps={{ zIndex: 300 }}
    />
  );
}

/** A payment's detail: every order paid, the reason, who decided what and when. */
function PaymentDetail({ p }: { p: AdminPayment }) {
  return (
    <Stack gap="xs" ml={{ base: 0, sm: "xl" }} data-testid={`payment-detail-${p.id}`}>
      <Text size="xs">
        Payable {money(p.totalAmountPayable)} · paid {money(p.totalAmountPaid)}
        {p.amountReceived !== null && <> · received {money(p.amountReceived)}</>}
        {p.decidedAt && <> · decided {dateTime(p.decidedAt)}</>}
      </Text>
      <Text size="xs" c="dimmed" style={{ wordBreak: "break-word" }}>
        Orders: {p.orders.join(", ") || "–"}
      </Text>
      {p.reason && <Text size="xs">Reason: {p.reason}</Text>}
      <HistoryPanel entity="payment" entityId={String(p.id)} />
    </Stack>
  );
}

/** Partners' payment confirmations: approve (credit posted) or reject with a reason. */
export function PaymentsPage() {
  usePageTitle("Admin Console: Payments");
  const list = useListParams(["status", "userId"] as const, { status: "submitted" });
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  const tablet = useMediaQuery(TABLET_QUERY) ?? false;
  const payments = useAdminPayments(list.params);
  const approve = useApprovePayment();
  const reject = useRejectPayment();
  const [asking, setAsking] = useState<Asking>(null);
  const [reason, setReason] = useState("");
  /** What the bank shows as received (blank: the amount the partner paid). */
  const [received, setReceived] = useState("");

  const approvable = (p: AdminPayment) => canBecome(PAYMENT_LIFECYCLE, p.status, "approved");
  const rejectable = (p: AdminPayment) => canBecome(PAYMENT_LIFECYCLE, p.status, "rejected");
  /** Approve on the row, Reject in its menu: both stay on screen however wide the rest is. */
  const actions = (p: AdminPayment) =>
    (approvable(p) || rejectable(p)) && (
      <RowActions
        label={p.referenceId}
        primary={{
          label: "Approve",
          hidden: !approvable(p),
          onClick: () => setAsking({ kind: "approve", payment: p }),
          testId: `approve-${p.id}`,
        }}
        actions={[
          {
            label: "Reject",
            color: "red",
            hidden: !rejectable(p),
            onClick: () => setAsking({ kind: "reject", payment: p }),
            testId: `reject-${p.id}`,
          },
        ]}
      />
    );
  // Fewer, denser columns so that the table fits 1366 px beside the pinned actions: mode and account
  // under the (wrapping) reference, the email under the partner, the amount received under the amount
  // paid; the rest in the row's detail.
  const columns: AdminColumn<AdminPayment>[] = [
    {
      accessor: "referenceId",
      title: "Reference",
      sortable: true,
      noWrap: false,
      width: tablet ? 160 : 210,
      render: (p) => (
        <>
          <Text size="sm" style={{ wordBreak: "break-all" }}>
            {p.referenceId}
          </Text>
          <Text size="xs" c="dimmed">
            {p.paymentType} · account {p.ledgerAccount}
          </Text>
          {tablet && (
            <Text size="xs" c="dimmed">
              {dateTime(p.submittedAt)}
            </Text>
          )}
        </>
      ),
    },
    {
      accessor: "partnerName",
      title: "Partner",
      sortable: true,
      noWrap: false,
      width: tablet ? 160 : 190,
      render: (p) => (
        <>
          <Text size="sm" lineClamp={2}>
            {p.partnerName}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {p.partnerEmail}
          </Text>
        </>
      ),
    },
    {
      accessor: "status",
      title: "Status",
      sortable: true,
      noWrap: false,
      width: 120,
      render: (p) => (
        <Stack gap={2} align="flex-start">
          <PaymentStatusBadge status={p.status} />
          {p.reason && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {p.reason}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: "paymentType", title: "Mode", hidden: true },
    {
      accessor: "totalAmountPaid",
      title: "Paid",
      textAlign: "right",
      sortable: true,
      render: (p) => (
        <>
          <Text size="sm">{money(p.totalAmountPaid)}</Text>
          {p.amountReceived !== null && (
            <Text size="xs" c="dimmed">
              received <Received p={p} />
            </Text>
          )}
        </>
      ),
    },
    { accessor: "amountReceived", title: "Received", hidden: true },
    {
      accessor: "totalAmountPayable",
      title: "Payable",
      textAlign: "right",
      sortable: true,
      hidden: narrow,
      render: (p) => money(p.totalAmountPayable),
    },
    { accessor: "ledgerAccount", title: "Account", hidden: true },
    {
      accessor: "orders",
      title: "Orders",
      hidden: narrow,
      noWrap: false,
      width: 170,
      render: (p) => <OrderList poids={p.orders} />,
    },
    {
      accessor: "submittedAt",
      title: "Submitted",
      sortable: true,
      hidden: tablet,
      render: (p) => dateTime(p.submittedAt),
    },
    { accessor: "decidedAt", title: "Decided", hidden: true },
    { accessor: "reason", title: "Reason", hidden: true },
    { accessor: "actions", title: "", noCsv: true, render: actions },
  ];
  const shown = usePhoneColumns(columns, {
    accessor: "payment",
    title: "Payment",
    noWrap: false,
    render: (p) => (
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text size="sm" fw={600}>
              {p.referenceId}
            </Text>
            <Text size="xs" c="dimmed">
              {p.partnerName} · {p.paymentType} · account {p.ledgerAccount}
            </Text>
          </div>
          <PaymentStatusBadge status={p.status} />
        </Group>
        <Text size="xs">
          Paid {money(p.totalAmountPaid)}
          {p.amountReceived !== null && <> · received {money(p.amountReceived)}</>} · payable{" "}
          {money(p.totalAmountPayable)}
        </Text>
        <Text size="xs" c="dimmed">
          {dateTime(p.submittedAt)} · <OrderList poids={p.orders} />
        </Text>
        {p.reason && <Text size="xs">{p.reason}</Text>}
        {actions(p)}
      </Stack>
    ),
  });
  const p = asking?.payment;
  const run = async () => {
    if (!asking || !p) return;
    if (asking.kind === "approve")
      await act(
        approve.mutateAsync({ id: p.id, ...(received.trim() ? { amountReceived: received.trim() } : {}) }),
        (r) =>
          `Payment ${r.referenceId} approved: ${money(r.amountReceived ?? r.totalAmountPaid)} credited to ${r.partnerName}'s ledger ${r.ledgerAccount}.`,
      );
    else
      await act(
        reject.mutateAsync({ id: p.id, reason }),
        (r) => `Payment ${r.referenceId} rejected; ${r.partnerName} sees: ${r.reason}`,
      );
    setAsking(null);
    setReason("");
    setReceived("");
  };

  return (
    <>
      <AdminTable
        testId="payments-table"
        columns={shown}
        idAccessor="id"
        csvName="payments"
        {...listTableProps(payments, exportAdminPayments, list)}
        search={{ value: list.q, onChange: list.setQ, placeholder: "UTR / reference, PO, partner, email" }}
        rowExpansion={{ content: ({ record }) => <PaymentDetail p={record} /> }}
        noRecordsText="No payments"
        toolbar={
          <>
            <PaymentStatusFilter value={list.filters.status} onChange={(v) => list.setFilter("status", v)} />
            <PartnerFilter value={list.filters.userId} onChange={(v) => list.setFilter("userId", v)} />
          </>
        }
      />
      <AskDialog
        opened={asking !== null}
        title={asking?.kind === "approve" ? "Approve payment" : "Reject payment"}
        message={
          asking?.kind === "approve"
            ? `Approve ${p?.referenceId} from ${p?.partnerName} (${p?.paymentType}, ${p ? money(p.totalAmountPaid) : ""} claimed). The amount received is credited to ledger account ${p?.ledgerAccount}; this cannot be undone.`
            : `Reject ${p?.referenceId} from ${p?.partnerName}? The partner sees your reason.`
        }
        confirmLabel={asking?.kind === "approve" ? "Approve" : "Reject"}
        color={asking?.kind === "approve" ? "brand" : "red"}
        disabled={asking?.kind === "reject" && !reason.trim()}
        loading={approve.isPending || reject.isPending}
        onConfirm={run}
        onClose={() => {
          setAsking(null);
          setReceived("");
        }}
      >
        {asking?.kind === "approve" && (
          <TextInput
            label="Amount received (₹)"
            description="As the bank statement shows it; leave blank when it is the amount claimed"
            inputMode="decimal"
            placeholder={p?.totalAmountPaid}
            value={received}
            onChange={(e) => setReceived(e.currentTarget.value)}
          />
        )}
        {asking?.kind === "reject" && (
          <Textarea
            label="Reason"
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        )}
      </AskDialog>
    </>
  );
}
