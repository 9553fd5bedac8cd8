import { Button, Table } from "@mantine/core";
import type { AdminSalesReturn } from "@portal/contracts";
import { type SalesReturnStatus, SR_LIFECYCLE, SR_STATUSES } from "@portal/domain";
import { useState } from "react";
import { usePageTitle } from "../../lib/usePageTitle";
import { type AdminColumn, AdminTable, listTableProps } from "./AdminTable";
import { AskDialog } from "./AskDialog";
import { act } from "./act";
import { salesReturnsList, useAdminSalesReturns, useAdvanceSalesReturn } from "./api";
import { StatusPartnerFilters } from "./filters";
import { day, money } from "./format";
import { StatusBadge } from "./StatusBadge";
import { useListParams } from "./useListParams";

const nextOf = (status: SalesReturnStatus) => SR_LIFECYCLE.transitions[status][0];

/** Sales returns: move each one a step along its lifecycle (the last step posts the credit note). */
export function SalesReturnsPage() {
  usePageTitle("Admin Console: Sales returns");
  const list = useListParams(["status", "userId"] as const);
  const returns = useAdminSalesReturns(list.params);
  const advance = useAdvanceSalesReturn();
  const [asking, setAsking] = useState<AdminSalesReturn | null>(null);

  const columns: AdminColumn<AdminSalesReturn>[] = [
    { accessor: "referenceId", title: "Reference", sortable: true },
    { accessor: "partnerName", title: "Partner", sortable: true },
    { accessor: "invoiceDate", title: "Invoice date", sortable: true, render: (r) => day(r.invoiceDate) },
    {
      accessor: "shippingCompany",
      title: "Courier",
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
    {
      accessor: "actions",
      title: "",
      noCsv: true,
      render: (r) => {
        const next = nextOf(r.status);
        return next ? (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => setAsking(r)}
            data-testid={`advance-${r.id}`}
          >
            Move to {next}
          </Button>
        ) : null;
      },
    },
  ];
  const next = asking ? nextOf(asking.status) : undefined;
  const run = async () => {
    if (!asking || !next) return;
    await act(advance.mutateAsync({ id: asking.id, status: next }), (r) =>
      r.status === "AccountApproved"
        ? `SR ${r.referenceId} is AccountApproved; a credit note of ${money(r.amount)} is posted.`
        : `SR ${r.referenceId} moved from ${asking.status} to ${r.status}.`,
    );
    setAsking(null);
  };

  return (
    <>
      <AdminTable
        testId="sales-returns-table"
        columns={columns}
        idAccessor="id"
        csvName="sales-returns"
        {...listTableProps(returns, salesReturnsList.all, list)}
        noRecordsText="No sales returns"
        rowExpansion={{
          content: ({ record }) => (
            <Table fz="xs" withRowBorders={false} ml="xl" w="auto">
              <Table.Tbody>
                {record.lines.map((l) => (
                  <Table.Tr key={`${l.poid}-${l.productId}`}>
                    <Table.Td>{l.poid}</Table.Td>
                    <Table.Td>product {l.productId}</Table.Td>
                    <Table.Td>× {l.quantity}</Table.Td>
                    <Table.Td>MRP {money(l.mrp)}</Table.Td>
                    <Table.Td>refund {money(l.amountRefundable)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ),
        }}
        toolbar={<StatusPartnerFilters statuses={SR_STATUSES} list={list} />}
      />
      <AskDialog
        opened={asking !== null}
        title="Move sales return"
        message={`Move ${asking?.referenceId} of ${asking?.partnerName} from ${asking?.status} to ${next}?${next === "AccountApproved" ? ` A credit note of ${asking ? money(asking.amount) : ""} is posted to the ledger.` : ""} The partner is told; this cannot be undone.`}
        confirmLabel={`Move to ${next}`}
        loading={advance.isPending}
        onConfirm={run}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
