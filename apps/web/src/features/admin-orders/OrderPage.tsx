import {
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { AdminOrderDetail } from "@portal/contracts";
import { ORDER_LIFECYCLE, paiseToDecimal, toPaise } from "@portal/domain";
import { IconArrowLeft } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { type AdminColumn, AdminTable } from "../../admin-kit/AdminTable";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import { dateTime, day, money } from "../../admin-kit/format";
import { HistoryPanel } from "../../admin-kit/HistoryPanel";
import { canBecome } from "../../admin-kit/lifecycle";
import { phoneColumns, usePhone } from "../../admin-kit/phone-columns";
import { StatusBadge } from "../../components/StatusBadge";
import { ErrorState } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { useAdminOrder, useCancelOrder, useConfirmOrder } from "./api";

type Line = AdminOrderDetail["order"]["lines"][number];

/** "1 line", "3 lines". */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
type Asking = null | "confirm" | "cancel";

/** Below 900 px a line's product id and unit price go under its name, so the confirm inputs stay on screen. */
const COMPACT_QUERY = "(max-width: 899px)";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** One order: its facts, per-line confirmed quantities, confirm (whole or part) and cancel. */
export function OrderPage() {
  const poid = useParams().poid ?? "";
  usePageTitle(`Admin Console: Order ${poid}`);
  const detail = useAdminOrder(poid);
  const confirm = useConfirmOrder();
  const cancel = useCancelOrder();
  const [wanted, setWanted] = useState<Record<number, number>>({});
  const [asking, setAsking] = useState<Asking>(null);
  const [reason, setReason] = useState("");
  const phone = usePhone();
  const compact = useMediaQuery(COMPACT_QUERY) ?? false;

  if (detail.isError)
    return <ErrorState description={errorMessage(detail.error)} onRetry={() => detail.refetch()} />;
  if (!detail.data) return <Text c="dimmed">Loading order…</Text>;
  const { order, row, invoices } = detail.data;
  // a Pending order: its lines take the quantities to confirm
  const pending = canBecome(ORDER_LIFECYCLE, order.status, "Confirmed");
  const quantityOf = (l: Line) => wanted[l.productId] ?? l.orderedQuantity;
  const ordered = order.lines.reduce((n, l) => n + l.orderedQuantity, 0);
  const confirming = order.lines.reduce((n, l) => n + quantityOf(l), 0);
  const partial = confirming < ordered;

  /** The quantity to confirm of a pending line. */
  const confirmInput = (l: Line) => (
    <NumberInput
      size="xs"
      w={90}
      ml="auto"
      min={0}
      max={l.orderedQuantity}
      clampBehavior="strict"
      allowDecimal={false}
      value={quantityOf(l)}
      aria-label={`Confirmed quantity of ${l.name}`}
      data-testid={`confirm-qty-${l.productId}`}
      onChange={(v) => setWanted((w) => ({ ...w, [l.productId]: Number(v) || 0 }))}
    />
  );
  const columns: AdminColumn<Line>[] = [
    {
      accessor: "product",
      title: "Product",
      hidden: !compact,
      noCsv: true,
      noWrap: false,
      render: (l) => (
        <>
          <Text size="sm">{l.name}</Text>
          <Text size="xs" c="dimmed">
            {l.productId} · {money(l.actualPrice)} each
          </Text>
        </>
      ),
    },
    { accessor: "productId", title: "Product", sortable: true, hidden: compact },
    { accessor: "name", title: "Name", sortable: true, hidden: compact },
    {
      accessor: "actualPrice",
      title: "Unit price",
      textAlign: "right",
      hidden: compact,
      render: (l) => money(l.actualPrice),
    },
    { accessor: "orderedQuantity", title: "Ordered", textAlign: "right", sortable: true },
    {
      accessor: "quantity",
      title: pending ? "Confirm" : order.status === "Delivered" ? "Delivered" : "Confirmed",
      textAlign: "right",
      csv: (l) => (pending ? quantityOf(l) : l.quantity),
      render: (l) => (pending ? confirmInput(l) : l.quantity),
    },
    { accessor: "totalPrice", title: "Line total", textAlign: "right", render: (l) => money(l.totalPrice) },
  ];
  const kept = pending ? "confirm" : order.status === "Delivered" ? "delivered" : "confirmed";
  const shown = phoneColumns(phone, columns, {
    accessor: "line",
    title: "Line",
    noWrap: false,
    render: (l) => (
      <Stack gap={4}>
        <div>
          <Text size="sm" fw={600}>
            {l.name}
          </Text>
          <Text size="xs" c="dimmed">
            {l.productId}
          </Text>
        </div>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs">
            Ordered {l.orderedQuantity}
            {!pending && (
              <>
                {" "}
                → {kept} {l.quantity}
              </>
            )}
          </Text>
          {pending && (
            <Group gap={6} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {kept}
              </Text>
              {confirmInput(l)}
            </Group>
          )}
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {money(l.actualPrice)} each
          </Text>
          <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
            {money(l.totalPrice)}
          </Text>
        </Group>
      </Stack>
    ),
  });

  const doConfirm = async () => {
    const lines = partial
      ? order.lines.map((l) => ({ productId: l.productId, quantity: quantityOf(l) }))
      : undefined;
    await act(confirm.mutateAsync({ poid, lines }), (r) =>
      r.order.gapReport > 0
        ? `Order ${poid} part-confirmed: ${r.order.lines.reduce((n, l) => n + l.quantity, 0)} of ${ordered} units (gap ${r.order.gapReport}).`
        : `Order ${poid} confirmed: all ${ordered} units.`,
    );
    setWanted({});
    setAsking(null);
  };
  const doCancel = async () => {
    await act(
      cancel.mutateAsync({ poid, reason }),
      () => `Order ${poid} cancelled; ${ordered} units back in stock.`,
    );
    setAsking(null);
  };

  return (
    <Stack gap="md" data-testid="admin-order">
      <Anchor component={Link} to="/admin/orders" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Orders
        </Group>
      </Anchor>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Title order={2} fz={22} style={{ wordBreak: "break-all" }}>
            Order {poid}
          </Title>
          <StatusBadge status={order.status} />
        </Group>
        <Group gap="xs">
          {pending && (
            <Button onClick={() => setAsking("confirm")} data-testid="order-confirm">
              {partial ? "Part-confirm" : "Confirm order"}
            </Button>
          )}
          {canBecome(ORDER_LIFECYCLE, order.status, "Cancelled") && !row.loadId && (
            <Button
              color="red"
              variant="light"
              onClick={() => setAsking("cancel")}
              data-testid="order-cancel"
            >
              Cancel order
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md">
          <Fact label="Partner">
            {row.partnerName}
            <Text size="xs" c="dimmed">
              {row.partnerEmail}
            </Text>
          </Fact>
          <Fact label="Warehouse">{order.warehouseName}</Fact>
          <Fact label="Placed">{dateTime(order.createdAt)}</Fact>
          <Fact label="Ship by">{day(order.maxShipDate)}</Fact>
          <Fact label="Units">
            {order.totalQuantity === ordered
              ? order.totalQuantity
              : `${order.totalQuantity} of ${ordered} ordered`}
          </Fact>
          <Fact label="Taxable + GST">
            {money(order.totalBase)} +{" "}
            {money(
              paiseToDecimal(toPaise(order.totalCgst) + toPaise(order.totalSgst) + toPaise(order.totalIgst)),
            )}
          </Fact>
          <Fact label="Net payment">{money(order.netPayment)}</Fact>
          <Fact label="Shipping charge">
            {order.shippingCharge ? `${money(order.shippingChargeAmount)} (GST incl.)` : "–"}
          </Fact>
          <Fact label="Gap">{order.gapReport}</Fact>
          <Fact label="Load">{row.loadId ?? "–"}</Fact>
          <Fact label="Docket">{order.docketNo ?? "–"}</Fact>
          <Fact label="Invoices">
            {invoices.length ? invoices.map((i) => `${i.kind} ${i.number}`).join(", ") : "–"}
          </Fact>
        </SimpleGrid>
      </Paper>
      <AdminTable
        testId="order-lines"
        records={order.lines}
        columns={shown}
        idAccessor="productId"
        fetching={detail.isFetching}
        csvName={`order-${poid}`}
        toolbar={
          <Text size="sm" fw={600}>
            {count(order.lines.length, "line")} ·{" "}
            {pending
              ? `confirming ${confirming} of ${count(ordered, "unit")}`
              : `${count(ordered, "unit")} ordered`}
          </Text>
        }
      />
      <HistoryPanel entity="order" entityId={poid} />
      <AskDialog
        opened={asking === "confirm"}
        title={partial ? "Part-confirm order" : "Confirm order"}
        message={
          partial
            ? `Confirm ${confirming} of ${ordered} units of ${poid}? The gap of ${ordered - confirming} units goes back to stock and the partner is told.`
            : `Confirm all ${ordered} units of ${poid}? The partner is told.`
        }
        confirmLabel={partial ? "Part-confirm" : "Confirm"}
        loading={confirm.isPending}
        onConfirm={doConfirm}
        onClose={() => setAsking(null)}
      />
      <AskDialog
        opened={asking === "cancel"}
        title="Cancel order"
        message={`Cancel ${poid}? Its stock returns to the warehouse and the partner is told. This cannot be undone.`}
        confirmLabel="Cancel order"
        color="red"
        loading={cancel.isPending}
        disabled={!reason.trim()}
        onConfirm={doCancel}
        onClose={() => setAsking(null)}
      >
        <Textarea
          label="Reason (the partner sees it)"
          required
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="cancel-reason"
        />
      </AskDialog>
    </Stack>
  );
}
