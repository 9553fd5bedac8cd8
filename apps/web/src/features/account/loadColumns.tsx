import { Anchor, Button, Group, Text } from "@mantine/core";
import type { LoadDetail } from "@portal/contracts";
import { formatCount, formatDate, formatRupees } from "@portal/domain";
import { IconDownload } from "@tabler/icons-react";
import { guarded } from "../../components/lists";
import type { Column } from "../../components/ResponsiveTable";
import { StatusBadge } from "../../components/StatusBadge";
import { downloads } from "./api";
import { CardTitle, PaymentCell } from "./PaymentBadge";

type LoadRow = Omit<LoadDetail, "lines">;
type LoadLine = LoadDetail["lines"][number];
const nowrap = { whiteSpace: "nowrap" } as const;
const dash = (
  <Text span c="dimmed">
    —
  </Text>
);

/** The load list: on a phone a card per load with its number, date, status, value, payment and actions. */
export function loadColumns(act: {
  open: (id: number) => void;
  invoice: (id: number) => void;
}): Column<LoadRow>[] {
  return [
    {
      key: "id",
      header: "Load ID",
      phone: "title",
      cell: (l) => (
        <Anchor component="button" type="button" fw={600} onClick={() => act.open(l.LoadID)}>
          {l.LoadID}
        </Anchor>
      ),
    },
    {
      key: "created",
      header: "Created",
      cell: (l) => <span style={nowrap}>{formatDate(l.CreatedDate)}</span>,
    },
    { key: "status", header: "Status", cell: (l) => <StatusBadge status={l.LoadStatus} /> },
    {
      key: "value",
      header: "Load Value (CTC)",
      numeric: true,
      cell: (l) => <strong>{formatRupees(l.LoadValue)}</strong>,
    },
    {
      key: "invoice",
      header: "Invoice no.",
      cell: (l) =>
        l.InvoiceNumber ? (
          <Anchor component="button" type="button" style={nowrap} onClick={() => act.invoice(l.LoadID)}>
            {l.InvoiceNumber}
          </Anchor>
        ) : (
          dash
        ),
    },
    {
      key: "payment",
      header: "Payment",
      cell: (l) => <PaymentCell status={l.PaymentStatus} due={l.AmountDue} />,
    },
    {
      key: "estimated",
      header: "Est. shipping",
      phone: "hide",
      cell: (l) => l.EstimatedShippingDate ?? dash,
    },
    { key: "shipped", header: "Shipped", phone: "hide", cell: (l) => l.ActualShippingDate ?? dash },
    {
      key: "quantity",
      header: "Products / qty",
      numeric: true,
      phone: "hide",
      cell: (l) => `${formatCount(l.TotalProducts)} / ${formatCount(l.TotalProductQty)}`,
    },
    { key: "awb", header: "AWB no.", phone: "hide", cell: (l) => l.AWBNo ?? dash },
    { key: "transporter", header: "Transporter", phone: "hide", cell: (l) => l.Transporter ?? dash },
    { key: "ewaybill", header: "E-way bill", phone: "hide", cell: (l) => l.EwayBillNo ?? dash },
    {
      key: "actions",
      header: "Actions",
      headerHidden: true,
      phone: "bare",
      cell: (l) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            disabled={!l.InvoiceNumber}
            onClick={() => act.invoice(l.LoadID)}
            aria-label={`Invoice of load ${l.LoadID}`}
          >
            Invoice
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconDownload size={12} aria-hidden />}
            onClick={() => guarded(() => downloads.dataFile(l.LoadID))}
            aria-label={`Data file of load ${l.LoadID}`}
          >
            Data file
          </Button>
        </Group>
      ),
    },
  ];
}

/** A load's lines with their totals (units shipped and the load value). */
export function loadLineColumns(lines: readonly LoadLine[], loadValue: string): Column<LoadLine>[] {
  const units = (f: (l: LoadLine) => number) => formatCount(lines.reduce((n, l) => n + f(l), 0));
  return [
    {
      key: "product",
      header: "Product",
      phone: "title",
      cell: (l) => <CardTitle>{`${l.productId} ${l.name}`}</CardTitle>,
      footer: `${formatCount(lines.length)} lines`,
    },
    { key: "poid", header: "Order", cell: (l) => <span style={nowrap}>{l.poid}</span> },
    { key: "mrp", header: "MRP", numeric: true, cell: (l) => formatRupees(l.mrp) },
    { key: "price", header: "Actual price", numeric: true, cell: (l) => formatRupees(l.actualPrice) },
    {
      key: "ordered",
      header: "Ordered",
      numeric: true,
      cell: (l) => l.orderedQuantity,
      footer: units((l) => l.orderedQuantity),
    },
    {
      key: "shipped",
      header: "Shipped",
      numeric: true,
      cell: (l) => l.quantity,
      footer: units((l) => l.quantity),
    },
    {
      key: "total",
      header: "Total",
      numeric: true,
      cell: (l) => <strong>{formatRupees(l.totalPrice)}</strong>,
      footer: formatRupees(loadValue),
    },
  ];
}
