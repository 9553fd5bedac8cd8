import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import type { PurchaseOrder } from "@portal/contracts";
import { formatDate, formatRupees, toPaise } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { FigureCard } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { accountQueries } from "./api";
import { GapReportView, OrderInvoiceModal, useReorder } from "./OrderPopups";

const INVOICED = ["Confirmed", "Shipped", "Delivered"];

type Line = PurchaseOrder["lines"][number];
const nowrap = { whiteSpace: "nowrap" } as const;

/** Phones: one card a line, the kept quantity (of the ordered) and the amounts under the product. */
function LineCards({ lines, kept }: { lines: Line[]; kept: string }) {
  const figure = (label: string, amount: string, strong = false) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size={strong ? "sm" : "xs"} fw={strong ? 600 : undefined} c={strong ? undefined : "dimmed"}>
        {label}
      </Text>
      <Text size={strong ? "sm" : "xs"} fw={strong ? 600 : undefined} style={nowrap}>
        {formatRupees(amount)}
      </Text>
    </Group>
  );
  return (
    <Stack gap="xs" hiddenFrom="sm" data-testid="order-line-cards">
      {lines.map((l) => (
        <Card withBorder p="xs" key={l.productId} data-testid="order-line-card">
          <Text size="sm" fw={600}>
            {l.name}
          </Text>
          <Text size="xs" c="dimmed" mb={4}>
            {l.productId} · {l.stockType}
          </Text>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {kept}
            </Text>
            <Text size="xs" style={nowrap}>
              {l.quantity === l.orderedQuantity
                ? l.quantity
                : `${l.quantity} of ${l.orderedQuantity} ordered`}
            </Text>
          </Group>
          {figure("MRP", l.mrp)}
          {figure("Net price", l.actualPrice)}
          {figure("Total", l.totalPrice, true)}
        </Card>
      ))}
    </Stack>
  );
}

/** One order: its facts and detail lines, invoice, gap reorder and order again. */
export function OrderDetailsPage() {
  usePageTitle("Order Details");
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const [invoiceOf, setInvoiceOf] = useState<string | null>(null);
  const reorder = useReorder();
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
            {o.gapReport > 0 && (
              <Button variant="default" onClick={() => navigate(`/account/gapReorder/${o.poid}`)}>
                Gap reorder
              </Button>
            )}
            <Button loading={reorder.busy} onClick={() => reorder.run(o.poid, "all")}>
              Order again
            </Button>
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
      </SimpleGrid>
      <Card withBorder p={0} visibleFrom="sm">
        <ScrollArea>
          <Table striped miw={900} data-testid="order-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ProductID</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">MRP</Table.Th>
                <Table.Th ta="right">Actual price</Table.Th>
                <Table.Th ta="right">Ordered</Table.Th>
                <Table.Th ta="right">{kept}</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Stock type</Table.Th>
                <Table.Th ta="right">Min. ship hours</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.lines.map((l) => (
                <Table.Tr key={l.productId}>
                  <Table.Td>{l.productId}</Table.Td>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td>
                    <Text size="xs" lineClamp={2}>
                      {l.desc}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatRupees(l.mrp)}</Table.Td>
                  <Table.Td ta="right">{formatRupees(l.actualPrice)}</Table.Td>
                  <Table.Td ta="right">{l.orderedQuantity}</Table.Td>
                  <Table.Td ta="right">{l.quantity}</Table.Td>
                  <Table.Td ta="right">{formatRupees(l.totalPrice)}</Table.Td>
                  <Table.Td>{l.stockType}</Table.Td>
                  <Table.Td ta="right">{l.minimumShipHours}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Card>
      <LineCards lines={o.lines} kept={kept} />
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
