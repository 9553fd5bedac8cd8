import { Button, Card, Group, Loader, ScrollArea, Stack, Table, Text } from "@mantine/core";
import type { KioskOrder } from "@portal/contracts";
import { formatDateTime, formatRupees, type KioskOrderStatus } from "@portal/domain";
import { IconReceipt, IconTruckDelivery } from "@tabler/icons-react";
import type { OrderPopupKind } from "./KioskOrderDialogs";

type OpenPopup = (kind: OrderPopupKind, order: KioskOrder) => void;

interface KioskOrderListProps {
  status: KioskOrderStatus;
  /** undefined while the first answer is awaited */
  orders: KioskOrder[] | undefined;
  onOpen: OpenPopup;
}

const customerName = (o: KioskOrder) =>
  [o.customer.firstName, o.customer.lastName].filter(Boolean).join(" ") || "Customer";

/** The buttons of one order: its popups, and cancelling while it is pending. */
function OrderActions({ order, onOpen }: { order: KioskOrder; onOpen: OpenPopup }) {
  return (
    <>
      <Button size="compact-sm" variant="subtle" onClick={() => onOpen("email", order)}>
        Email
      </Button>
      <Button size="compact-sm" variant="subtle" onClick={() => onOpen("invoice", order)}>
        Invoice
      </Button>
      {order.status !== "Cancelled" && (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconReceipt size={14} />}
          onClick={() => onOpen("receipt", order)}
        >
          Receipt
        </Button>
      )}
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconTruckDelivery size={14} />}
        onClick={() => onOpen("track", order)}
      >
        Track
      </Button>
      {order.status === "Pending" && (
        <Button size="compact-sm" variant="outline" color="red" onClick={() => onOpen("cancel", order)}>
          Cancel
        </Button>
      )}
    </>
  );
}

/** The orders as cards (phones). */
export function KioskOrderCards({ status, orders, onOpen }: KioskOrderListProps) {
  return (
    <Stack gap="sm" data-testid="kiosk-cards">
      {orders && orders.length === 0 && <Text c="dimmed">No {status.toLowerCase()} kiosk orders.</Text>}
      {orders?.map((o) => (
        <Card key={o.id} withBorder data-testid={`kiosk-card-${o.id}`}>
          <Group justify="space-between" gap="xs">
            <Text fw={700}>Order {o.id}</Text>
            <Text fw={700}>{formatRupees(o.totalAmount)}</Text>
          </Group>
          <Button variant="subtle" size="compact-sm" px={0} onClick={() => onOpen("customer", o)}>
            {customerName(o)} · {o.phoneNo}
          </Button>
          <Text size="sm" c="dimmed">
            {o.poid} · {formatDateTime(o.createdAt)} · {o.paymentMode} at counter
          </Text>
          <Group gap={4} mt="xs">
            <OrderActions order={o} onOpen={onOpen} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** The orders as a table (wider screens; kept mounted but hidden on phones). */
export function KioskOrderTable({
  status,
  orders,
  onOpen,
  hidden,
  pending,
}: KioskOrderListProps & { hidden: boolean; pending: boolean }) {
  return (
    <Card withBorder p={0} display={hidden ? "none" : undefined}>
      <ScrollArea>
        <Table striped highlightOnHover miw={900} data-testid="kiosk-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order</Table.Th>
              <Table.Th>Purchase order</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Mobile</Table.Th>
              <Table.Th>Placed</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Paid by</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders?.map((o) => (
              <Table.Tr key={o.id} data-testid={`kiosk-row-${o.id}`}>
                <Table.Td fw={600}>{o.id}</Table.Td>
                <Table.Td>{o.poid}</Table.Td>
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" onClick={() => onOpen("customer", o)}>
                    {customerName(o)}
                  </Button>
                </Table.Td>
                <Table.Td>{o.phoneNo}</Table.Td>
                <Table.Td>{formatDateTime(o.createdAt)}</Table.Td>
                <Table.Td ta="right">{formatRupees(o.totalAmount)}</Table.Td>
                <Table.Td>{o.paymentMode} at counter</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <OrderActions order={o} onOpen={onOpen} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pending && <Loader m="md" size="sm" />}
      {orders && orders.length === 0 && (
        <Text p="md" c="dimmed" data-testid="kiosk-empty">
          No {status.toLowerCase()} kiosk orders.
        </Text>
      )}
    </Card>
  );
}
