import { ActionIcon, Anchor, Menu, Text } from "@mantine/core";
import type { OrderHistoryRow } from "@portal/contracts";
import { formatCount, formatDate, formatRupees, TEAM_ROLE_LABELS, type TeamRole } from "@portal/domain";
import { IconDots } from "@tabler/icons-react";
import type { Column } from "../../components/ResponsiveTable";
import { StatusBadge } from "../../components/StatusBadge";
import { PaymentCell } from "./PaymentBadge";

const nowrap = { whiteSpace: "nowrap" } as const;
const dash = (
  <Text span c="dimmed">
    —
  </Text>
);

/**
 * The order history's columns. On a phone each order is a card headed by its PO id, with its date,
 * status, net payment, invoice and payment, and the actions; the rest stays on the laptop's table.
 * The sortable keys are the server's sort keys.
 */
export function orderColumns(act: {
  open: (poid: string) => void;
  invoice: (row: OrderHistoryRow) => void;
  gap: (poid: string) => void;
  gapReorder: (poid: string) => void;
  again: (poid: string) => void;
}): Column<OrderHistoryRow>[] {
  return [
    {
      key: "poid",
      header: "Order ID",
      phone: "title",
      sortable: true,
      cell: (o) => (
        <>
          <Anchor component="button" type="button" fw={600} style={nowrap} onClick={() => act.open(o.poid)}>
            {o.poid}
          </Anchor>
          {/* who of the store placed it (issue 30) */}
          {o.placedBy && (
            <Text size="xs" c="dimmed" data-testid="placed-by">
              Placed by {o.placedBy.name} ({TEAM_ROLE_LABELS[o.placedBy.role as TeamRole] ?? o.placedBy.role})
            </Text>
          )}
        </>
      ),
    },
    {
      key: "date",
      header: "Date",
      sortable: true,
      cell: (o) => <span style={nowrap}>{formatDate(o.createdDate)}</span>,
    },
    { key: "status", header: "Status", sortable: true, cell: (o) => <StatusBadge status={o.status} /> },
    {
      key: "netPayment",
      header: "Net payment",
      numeric: true,
      sortable: true,
      cell: (o) => <strong>{formatRupees(o.netPayment)}</strong>,
    },
    {
      key: "amount",
      header: "MRP",
      numeric: true,
      sortable: true,
      phone: "hide",
      cell: (o) => formatRupees(o.totalMRP),
    },
    {
      key: "invoice",
      header: "Invoice no.",
      cell: (o) =>
        o.invoiceNumber ? (
          <Anchor component="button" type="button" style={nowrap} onClick={() => act.invoice(o)}>
            {o.invoiceNumber}
          </Anchor>
        ) : (
          dash
        ),
    },
    {
      key: "payment",
      header: "Payment",
      cell: (o) => (o.invoiceStatus ? <PaymentCell status={o.invoiceStatus} due={o.amountDue} /> : dash),
    },
    {
      key: "docket",
      header: "Docket",
      phone: "hide",
      cell: (o) => (o.docketNumber ? <span style={nowrap}>{o.docketNumber}</span> : dash),
    },
    {
      key: "shipped",
      header: "Shipped",
      sortable: true,
      phone: "hide",
      cell: (o) => (o.shipDate ? <span style={nowrap}>{formatDate(o.shipDate)}</span> : dash),
    },
    { key: "source", header: "Source", phone: "hide", cell: (o) => o.source },
    { key: "warehouse", header: "Warehouse", phone: "hide", cell: (o) => o.warehouseName },
    {
      key: "quantity",
      header: "Items / qty",
      numeric: true,
      phone: "hide",
      cell: (o) => `${formatCount(o.totalItems)} / ${formatCount(o.totalQuantity)}`,
    },
    {
      key: "actions",
      header: "Actions",
      headerHidden: true,
      phone: "bare",
      cell: (o) => (
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" size="lg" aria-label={`Actions for ${o.poid}`}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => act.open(o.poid)}>Order details</Menu.Item>
            <Menu.Item disabled={!o.invoiceAvailable} onClick={() => act.invoice(o)}>
              Invoice
            </Menu.Item>
            <Menu.Item onClick={() => act.gap(o.poid)}>Gap report</Menu.Item>
            <Menu.Item disabled={o.gapReport <= 0} onClick={() => act.gapReorder(o.poid)}>
              Gap reorder
            </Menu.Item>
            <Menu.Item onClick={() => act.again(o.poid)}>Order again</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];
}
