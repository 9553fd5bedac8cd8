import { Button, Group, Textarea, TextInput } from "@mantine/core";
import type { AdminPayment } from "@portal/contracts";
import { PAYMENT_STATUSES } from "@portal/domain";
import { useState } from "react";
import { usePageTitle } from "../../lib/usePageTitle";
import { type AdminColumn, AdminTable, listTableProps } from "./AdminTable";
import { AskDialog } from "./AskDialog";
import { act } from "./act";
import { paymentsList, useAdminPayments, useApprovePayment, useRejectPayment } from "./api";
import { StatusPartnerFilters } from "./filters";
import { dateTime, money } from "./format";
import { StatusBadge } from "./StatusBadge";
import { useListParams } from "./useListParams";

type Asking = null | { kind: "approve" | "reject"; payment: AdminPayment };

/** Partners' payment confirmations: approve (credit posted) or reject with a reason. */
export function PaymentsPage() {
  usePageTitle("Admin Console: Payments");
  const list = useListParams(["status", "userId"] as const, { status: "submitted" });
  const payments = useAdminPayments(list.params);
  const approve = useApprovePayment();
  const reject = useRejectPayment();
  const [asking, setAsking] = useState<Asking>(null);
  const [reason, setReason] = useState("");
  /** What the bank shows as received (blank: the amount the partner paid). */
  const [received, setReceived] = useState("");

  const columns: AdminColumn<AdminPayment>[] = [
    { accessor: "referenceId", title: "Reference", sortable: true },
    { accessor: "partnerName", title: "Partner", sortable: true },
    { accessor: "paymentType", title: "Mode", sortable: true },
    {
      accessor: "totalAmountPaid",
      title: "Paid",
      textAlign: "right",
      sortable: true,
      render: (p) => money(p.totalAmountPaid),
    },
    {
      accessor: "amountReceived",
      title: "Received",
      textAlign: "right",
      render: (p) => (p.amountReceived === null ? "" : money(p.amountReceived)),
    },
    {
      accessor: "totalAmountPayable",
      title: "Payable",
      textAlign: "right",
      render: (p) => money(p.totalAmountPayable),
    },
    { accessor: "ledgerAccount", title: "Ledger", textAlign: "right" },
    { accessor: "orders", title: "Orders", noWrap: false, width: 200, render: (p) => p.orders.join(", ") },
    { accessor: "submittedAt", title: "Submitted", sortable: true, render: (p) => dateTime(p.submittedAt) },
    { accessor: "status", title: "Status", render: (p) => <StatusBadge status={p.status} /> },
    { accessor: "reason", title: "Reason", render: (p) => p.reason ?? "" },
    {
      accessor: "actions",
      title: "",
      noCsv: true,
      render: (p) =>
        p.status === "submitted" && (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" onClick={() => setAsking({ kind: "approve", payment: p })}>
              Approve
            </Button>
            <Button
              size="compact-xs"
              color="red"
              variant="light"
              onClick={() => setAsking({ kind: "reject", payment: p })}
            >
              Reject
            </Button>
          </Group>
        ),
    },
  ];
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
        columns={columns}
        idAccessor="id"
        csvName="payments"
        {...listTableProps(payments, paymentsList.all, list)}
        noRecordsText="No payments"
        toolbar={<StatusPartnerFilters statuses={PAYMENT_STATUSES} list={list} />}
      />
      <AskDialog
        opened={asking !== null}
        title={asking?.kind === "approve" ? "Approve payment" : "Reject payment"}
        message={
          asking?.kind === "approve"
            ? `Approve ${p?.referenceId} from ${p?.partnerName}: the amount received (${p ? money(p.totalAmountPaid) : ""} claimed) is credited to the ledger. This cannot be undone.`
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
            description="As the bank shows it; leave blank for the amount claimed"
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
