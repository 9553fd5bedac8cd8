import { ActionIcon, Button, Group, Menu, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { KioskOrder } from "@portal/contracts";
import { formatDateTime, formatRupees, type KioskOrderStatus, toPaise } from "@portal/domain";
import {
  IconCheck,
  IconDots,
  IconFileInvoice,
  IconMail,
  IconReceipt,
  IconSend,
  IconTruckDelivery,
  IconX,
} from "@tabler/icons-react";
import { useState } from "react";
import {
  type Column,
  ResponsiveTable,
  sortRows,
  type TableSortState,
} from "../../components/ResponsiveTable";
import { StatusBadge } from "../../components/StatusBadge";
import type { OrderPopupKind } from "./KioskOrderDialogs";

type OpenPopup = (kind: OrderPopupKind, order: KioskOrder) => void;

export interface KioskOrderListProps {
  status: KioskOrderStatus;
  /** undefined while the first answer is awaited */
  orders: KioskOrder[] | undefined;
  onOpen: OpenPopup;
  /** Confirms a Pending order for the customer, from the list. */
  onConfirm: (order: KioskOrder) => void;
  /** The order being confirmed, if any. */
  confirming: number | null;
}

export const customerName = (o: KioskOrder) =>
  [o.customer.firstName, o.customer.lastName].filter(Boolean).join(" ") || "Customer";

/**
 * The buttons of one order: exactly the actions the server says its lifecycle allows now. The next
 * step (Confirm for a Pending order, Receipt for a Confirmed one) is a button, the rest a menu.
 */
function OrderActions({
  order,
  onOpen,
  onConfirm,
  confirming,
}: {
  order: KioskOrder;
  onOpen: OpenPopup;
  onConfirm: (o: KioskOrder) => void;
  confirming: boolean;
}) {
  const can = (a: KioskOrder["actions"][number]) => order.actions.includes(a);
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {can("confirm") && (
        <Button
          size="compact-sm"
          leftSection={<IconCheck size={14} />}
          loading={confirming}
          onClick={() => onConfirm(order)}
          data-testid={`kiosk-confirm-${order.id}`}
        >
          Confirm
        </Button>
      )}
      {can("receipt") && (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconReceipt size={14} />}
          onClick={() => onOpen("receipt", order)}
          data-testid={`kiosk-receipt-${order.id}`}
        >
          Receipt
        </Button>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="default"
            size="md"
            aria-label={`More actions for kiosk order ${order.id}`}
            data-testid={`kiosk-more-${order.id}`}
          >
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {can("resendLink") && (
            <Menu.Item leftSection={<IconSend size={14} />} onClick={() => onOpen("link", order)}>
              Resend confirmation link
            </Menu.Item>
          )}
          {can("invoice") && (
            <Menu.Item leftSection={<IconFileInvoice size={14} />} onClick={() => onOpen("invoice", order)}>
              GST invoice
            </Menu.Item>
          )}
          {can("email") && (
            <Menu.Item leftSection={<IconMail size={14} />} onClick={() => onOpen("email", order)}>
              Email receipt
            </Menu.Item>
          )}
          {can("track") && (
            <Menu.Item leftSection={<IconTruckDelivery size={14} />} onClick={() => onOpen("track", order)}>
              Track
            </Menu.Item>
          )}
          {can("cancel") && (
            <Menu.Item
              color="red"
              leftSection={<IconX size={14} />}
              onClick={() => onOpen("cancel", order)}
              data-testid={`kiosk-cancel-${order.id}`}
            >
              Cancel order
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** The store's kiosk orders: a table on wider screens, a labelled card per order on a phone. */
export function KioskOrderTable({ status, orders, onOpen, onConfirm, confirming }: KioskOrderListProps) {
  const [sort, setSort] = useState<TableSortState>({ key: "placed", direction: "desc" });
  // a phone shows each order as a card as wide as the screen; wider screens keep the table's width
  const phone = useMediaQuery("(max-width: 40em)", false, { getInitialValueInEffect: false });
  const columns: Column<KioskOrder>[] = [
    {
      key: "order",
      header: "Order",
      phone: "title",
      cell: (o) => (
        <Stack gap={0} ta="left">
          <Text fw={700} size="sm">
            Order {o.id}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {o.poid}
          </Text>
        </Stack>
      ),
    },
    {
      key: "placed",
      header: "Placed",
      sortable: true,
      cell: (o) => (
        <Text size="sm" style={{ whiteSpace: "nowrap" }}>
          {formatDateTime(o.createdAt)}
        </Text>
      ),
    },
    {
      key: "customer",
      header: "Customer",
      cell: (o) => (
        <Button variant="subtle" size="compact-sm" px={4} onClick={() => onOpen("customer", o)}>
          {customerName(o)} · {o.phoneNo}
        </Button>
      ),
    },
    {
      key: "status",
      header: "Status",
      cell: (o) => (
        <Stack gap={2} align="flex-start">
          <StatusBadge status={o.status} />
          <Text size="xs" c="dimmed">
            {o.status === "Cancelled"
              ? o.refund
                ? `Refunded ${formatRupees(o.refund.amount)} by ${o.refund.mode}`
                : "Cancelled"
              : `Goods: ${o.delivery.toLowerCase()}`}
          </Text>
        </Stack>
      ),
    },
    {
      key: "amount",
      header: "Amount",
      numeric: true,
      sortable: true,
      cell: (o) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={600}>
            {formatRupees(o.totalAmount)}
          </Text>
          <Text size="xs" c="dimmed">
            {o.paymentMode} at counter
          </Text>
        </Stack>
      ),
    },
    {
      key: "actions",
      header: "Actions",
      headerHidden: true,
      phone: "bare",
      cell: (o) => (
        <OrderActions order={o} onOpen={onOpen} onConfirm={onConfirm} confirming={confirming === o.id} />
      ),
    },
  ];
  const rows = sortRows(orders ?? [], sort, (o, key) =>
    key === "amount" ? Number(toPaise(o.totalAmount)) : o.createdAt,
  );
  return (
    <Stack gap="xs">
      {(orders === undefined || orders.length > 0) && (
        <ResponsiveTable
          label={`${status} kiosk orders`}
          columns={columns}
          rows={rows}
          rowKey={(o) => o.id}
          sort={sort}
          onSort={setSort}
          minWidth={phone ? undefined : 720}
          testId="kiosk-table"
          rowTestId="kiosk-row"
        />
      )}
      {orders === undefined && (
        <Text c="dimmed" size="sm" mih={24}>
          Loading kiosk orders…
        </Text>
      )}
      {orders && orders.length === 0 && (
        <Text c="dimmed" size="sm" data-testid="kiosk-empty">
          No {status.toLowerCase()} kiosk orders.
        </Text>
      )}
    </Stack>
  );
}
