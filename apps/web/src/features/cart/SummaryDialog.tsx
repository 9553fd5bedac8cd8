import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, ThemeIcon } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { OrderResult } from "@portal/contracts";
import { formatCount, formatDate, formatRupees, paiseToDecimal, sumPaise, toPaise } from "@portal/domain";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { Link } from "react-router";
import { notify } from "../../lib/notify";
import classes from "./cart.module.css";

const GROUP_NAMES = {
  owned: "Company warehouse",
  stockist: "Stockist",
  dropship: "Drop-ship & JIT",
} as const;

const STOCK_TYPE_NAMES: Record<string, string> = {
  OwnedStock: "owned stock",
  CreditWHStock: "credit warehouse stock",
  JustInTime: "just in time",
  CreditVendorStock: "credit vendor stock",
  DropShipment: "drop shipment",
};

/** A placed order's total, and its shipping charge below it when it carries one. */
function OrderTotal({ order }: { order: Extract<OrderResult, { status: 200 }>["order"] }) {
  return (
    <>
      <Text fw={700} size="sm" className={classes.num}>
        {formatRupees(order.netPayment)}
      </Text>
      {toPaise(order.shippingChargeAmount) > 0n && (
        <Text size="xs" c="orange.9" data-testid={`summary-shipping-${order.poid}`}>
          + {formatRupees(order.shippingChargeAmount)} shipping charge
        </Text>
      )}
    </>
  );
}

/**
 * Step (e): what was placed, warehouse by warehouse (purchase order id, items, total), and what was
 * refused with the server's reason.
 */
export function SummaryDialog({
  results,
  warehouseName,
  onClose,
}: {
  results: OrderResult[] | null;
  warehouseName: (wh: number) => string;
  onClose: () => void;
}) {
  // On a phone each purchase order is a card: the six columns do not fit 390 px.
  const phone = useMediaQuery("(max-width: 36em)", false, { getInitialValueInEffect: false });
  if (results === null) return null;
  const placed = (results ?? []).flatMap((r) => (r.status === 200 ? [r] : []));
  const refused = (results ?? []).flatMap((r) => (r.status === 400 ? [r] : []));
  const charges = sumPaise(placed.map((r) => toPaise(r.order.shippingChargeAmount)));
  const total = sumPaise(placed.map((r) => toPaise(r.order.netPayment))) + charges;

  return (
    <Modal
      opened={results !== null}
      onClose={onClose}
      // the flow has ended: its notices (stock changes, warnings) go with it
      onExitTransitionEnd={notify.clear}
      title="Order summary"
      size={820}
      centered
    >
      <Stack gap="md" data-testid="summary-dialog">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="teal" variant="light" size={44} radius="xl" aria-hidden>
            <IconCircleCheck size={26} />
          </ThemeIcon>
          <div>
            <Text fw={700}>
              {placed.length === 1 ? "Your order is placed" : `${placed.length} purchase orders are placed`}
            </Text>
            <Text size="sm" c="dimmed">
              They are Pending until the warehouse confirms them. Ordered items have left your cart.
            </Text>
          </div>
        </Group>

        {phone ? (
          <Stack gap="xs">
            {placed.map(({ poid, order }) => (
              <Paper key={poid} withBorder radius="md" p="sm" data-testid="summary-order" data-poid={poid}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text fw={700} size="sm" ff="monospace">
                      {poid}
                    </Text>
                    <Badge size="xs" variant="light" color="yellow" radius="sm">
                      {order.status}
                    </Badge>
                  </div>
                  <div style={{ textAlign: "right" }}>
                    <OrderTotal order={order} />
                  </div>
                </Group>
                <Text size="sm" mt={4}>
                  {order.warehouseName}{" "}
                  <Text span size="xs" c="dimmed">
                    {GROUP_NAMES[order.warehouseGroup]} ·{" "}
                    {STOCK_TYPE_NAMES[order.stockType] ?? order.stockType}
                  </Text>
                </Text>
                <Text size="xs" c="dimmed">
                  {formatCount(order.totalItems)} items · {formatCount(order.totalQuantity)} units · ships by{" "}
                  {formatDate(order.maxShipDate)}
                </Text>
              </Paper>
            ))}
            <Group justify="space-between">
              <Text fw={700} size="sm">
                Total placed{charges > 0n ? " (with shipping charge)" : ""}
              </Text>
              <Text fw={700} size="sm" className={classes.num} data-testid="summary-total">
                {formatRupees(paiseToDecimal(total))}
              </Text>
            </Group>
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing={6} horizontalSpacing="sm" fz="sm" className={classes.summaryTable}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Purchase order</Table.Th>
                  <Table.Th>Ships from</Table.Th>
                  <Table.Th ta="right">Items</Table.Th>
                  <Table.Th ta="right">Units</Table.Th>
                  <Table.Th>Ships by</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {placed.map(({ poid, order }) => (
                  <Table.Tr key={poid} data-testid="summary-order" data-poid={poid}>
                    <Table.Td>
                      <Text fw={700} size="sm" ff="monospace" style={{ whiteSpace: "nowrap" }}>
                        {poid}
                      </Text>
                      <Badge size="xs" variant="light" color="yellow" radius="sm">
                        {order.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{order.warehouseName}</Text>
                      <Text size="xs" c="dimmed">
                        {GROUP_NAMES[order.warehouseGroup]} ·{" "}
                        {STOCK_TYPE_NAMES[order.stockType] ?? order.stockType}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" className={classes.num}>
                      {formatCount(order.totalItems)}
                    </Table.Td>
                    <Table.Td ta="right" className={classes.num}>
                      {formatCount(order.totalQuantity)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(order.maxShipDate)}</Table.Td>
                    <Table.Td ta="right">
                      <OrderTotal order={order} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={5}>Total placed{charges > 0n ? " (with shipping charge)" : ""}</Table.Th>
                  <Table.Th ta="right" className={classes.num} data-testid="summary-total">
                    {formatRupees(paiseToDecimal(total))}
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}

        {refused.length > 0 && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Not placed"
            data-testid="summary-refused"
          >
            <Stack gap={4}>
              {refused.map((r) => (
                <Text size="sm" key={r.wh}>
                  <Text span fw={700} size="sm">
                    {warehouseName(r.wh)}:
                  </Text>{" "}
                  {r.message}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/account/orderHistory" variant="default" onClick={onClose}>
            Order history
          </Button>
          <Button onClick={onClose} data-testid="summary-close">
            Back to cart
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
