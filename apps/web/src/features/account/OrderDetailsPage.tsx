import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import type { PurchaseOrder } from "@portal/contracts";
import {
  formatCount,
  formatDate,
  formatRupees,
  paiseToDecimal,
  TEAM_ROLE_LABELS,
  type TeamRole,
  toPaise,
} from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { FigureCard } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { SaveAsListButton } from "../../components/SaveAsListButton";
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage } from "../../lib/api";
import { useCurrentUser } from "../../lib/auth";
import { userMay } from "../../lib/team-access";
import { usePageTitle } from "../../lib/usePageTitle";
import { accountQueries } from "./api";
import { GapReportView, OrderInvoiceModal, useReorder } from "./OrderPopups";
import { CardTitle } from "./PaymentBadge";

const INVOICED = ["Confirmed", "Shipped", "Delivered"];

/** Who of the store placed the order (issue 30): "Asha Rao (Buyer)"; null before store teams. */
function placedByOf(order: PurchaseOrder): string | null {
  const by = order.placedBy;
  if (!by) return null;
  return `${by.name} (${TEAM_ROLE_LABELS[by.role as TeamRole] ?? by.role})`;
}

type Line = PurchaseOrder["lines"][number];
const nowrap = { whiteSpace: "nowrap" } as const;

/** The order's lines: a table on a laptop, a card a line on a phone; totals under both. */
function lineColumns(lines: readonly Line[], kept: string): Column<Line>[] {
  const units = (f: (l: Line) => number) => formatCount(lines.reduce((n, l) => n + f(l), 0));
  const total = paiseToDecimal(lines.reduce((n, l) => n + toPaise(l.totalPrice), 0n));
  return [
    {
      key: "name",
      header: "Name",
      phone: "title",
      cell: (l) => <CardTitle>{l.name}</CardTitle>,
      footer: `${lines.length} lines`,
    },
    { key: "productId", header: "ProductID", cell: (l) => l.productId },
    {
      key: "desc",
      header: "Description",
      phone: "hide",
      cell: (l) => (
        <Text size="xs" lineClamp={2}>
          {l.desc}
        </Text>
      ),
    },
    { key: "mrp", header: "MRP", numeric: true, cell: (l) => formatRupees(l.mrp) },
    { key: "actualPrice", header: "Actual price", numeric: true, cell: (l) => formatRupees(l.actualPrice) },
    {
      key: "ordered",
      header: "Ordered",
      numeric: true,
      cell: (l) => l.orderedQuantity,
      footer: units((l) => l.orderedQuantity),
    },
    { key: "kept", header: kept, numeric: true, cell: (l) => l.quantity, footer: units((l) => l.quantity) },
    {
      key: "total",
      header: "Total",
      numeric: true,
      cell: (l) => <strong style={nowrap}>{formatRupees(l.totalPrice)}</strong>,
      footer: formatRupees(total),
    },
    { key: "stockType", header: "Stock type", phone: "hide", cell: (l) => l.stockType },
    {
      key: "shipHours",
      header: "Min. ship hours",
      numeric: true,
      phone: "hide",
      cell: (l) => l.minimumShipHours,
    },
  ];
}

/** One order: its facts and detail lines, invoice, gap reorder and order again. */
export function OrderDetailsPage() {
  usePageTitle("Order Details");
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const [invoiceOf, setInvoiceOf] = useState<string | null>(null);
  const reorder = useReorder();
  // a store member whose role may not order sees no ordering actions (issue 30)
  const mayOrder = userMay(useCurrentUser(), "ordering");
  const linesWidth = 960;
  const order = useQuery({
    ...accountQueries.order(id),
    retry: false,
  });
  if (order.isLoading) return <Loader />;
  if (order.error) return <Alert color="red">{errorMessage(order.error)}</Alert>;
  const o = order.data;
  if (!o) return null;
  // The order as placed stays beside what was confirmed (delivered, once delivered): amounts are the latter's.
  const ordered = o.lines.reduce((n, l) => n + l.orderedQuantity, 0);
  const kept = o.status === "Delivered" ? "Delivered" : o.status === "Pending" ? "Quantity" : "Confirmed";
  return (
    <Stack>
      <PageHeader
        title={`Order ${o.poid}`}
        description={`${o.warehouseName} · ${o.stockType} · placed ${formatDate(o.createdAt)}`}
        actions={
          <Group gap="xs">
            <Button variant="default" onClick={() => navigate("/account/orderHistory")}>
              Back
            </Button>
            <Button
              variant="default"
              disabled={!INVOICED.includes(o.status)}
              onClick={() => setInvoiceOf(o.poid)}
            >
              Invoice
            </Button>
            {mayOrder && o.gapReport > 0 && (
              <Button variant="default" onClick={() => navigate(`/account/gapReorder/${o.poid}`)}>
                Gap reorder
              </Button>
            )}
            {mayOrder && (
              <SaveAsListButton
                lines={o.lines.map((l) => ({ productId: l.productId, quantity: l.orderedQuantity }))}
              />
            )}
            {mayOrder && (
              <Button loading={reorder.busy} onClick={() => reorder.run(o.poid, "all")}>
                Order again
              </Button>
            )}
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <FigureCard strong={false} label="Status" value={<StatusBadge status={o.status} />} />
        <FigureCard strong={false} label="Source" value={o.source} />
        <FigureCard
          strong={false}
          label="Items / qty"
          value={
            ordered === o.totalQuantity
              ? `${o.totalItems} / ${o.totalQuantity}`
              : `${o.totalItems} / ${o.totalQuantity} of ${ordered} ordered`
          }
        />
        <FigureCard strong={false} label="Total MRP" value={formatRupees(o.totalMrp)} />
        <FigureCard strong={false} label="Net payment" value={formatRupees(o.netPayment)} />
        {toPaise(o.shippingChargeAmount) > 0n && (
          <FigureCard
            strong={false}
            label="Shipping charge"
            value={`${formatRupees(o.shippingChargeAmount)} (GST incl.)`}
          />
        )}
        <FigureCard strong={false} label="Docket" value={o.docketNo ?? "—"} />
        {placedByOf(o) && (
          <FigureCard
            strong={false}
            label="Placed by"
            value={<span data-testid="placed-by">{placedByOf(o)}</span>}
          />
        )}
      </SimpleGrid>
      <Card withBorder p={0}>
        <ResponsiveTable
          label={`Lines of order ${o.poid}`}
          columns={lineColumns(o.lines, kept)}
          rows={o.lines}
          rowKey={(l) => l.productId}
          minWidth={linesWidth}
          testId="order-lines"
        />
      </Card>
      <OrderInvoiceModal poid={invoiceOf} onClose={() => setInvoiceOf(null)} />
      {reorder.modal}
    </Stack>
  );
}

/** Gap reorder: the gap report, then the gap (ordered minus delivered) goes to the cart. */
export function GapReorderPage() {
  usePageTitle("Gap Reorder");
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const reorder = useReorder();
  return (
    <Stack>
      <PageHeader
        title={`Gap reorder ${id}`}
        description="Reorder what was ordered but not delivered."
        actions={
          <Group gap="xs">
            <Button variant="default" onClick={() => navigate("/account/orderHistory")}>
              Back
            </Button>
            <Button loading={reorder.busy} onClick={() => reorder.run(id, "gap")}>
              Add gap to cart
            </Button>
          </Group>
        }
      />
      <Card withBorder>
        <GapReportView poid={id} />
      </Card>
      {reorder.modal}
    </Stack>
  );
}
