import { Anchor, Button, Drawer, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { AdminLoadDetail } from "@portal/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { dateTime, day, money } from "../../admin-kit/format";
import { HistoryPanel } from "../../admin-kit/HistoryPanel";
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage } from "../../lib/api";
import { useAdminLoad } from "./api";
import { EwayBillPanel } from "./EwayBillPanel";
import { cancellable, type LoadSteps, nextStep, STEP_BUTTONS } from "./LoadSteps";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** The load's facts, its orders with their lines, its steps (incl. a short delivery) and its history. */
function LoadDetail({ load, steps }: { load: AdminLoadDetail; steps: LoadSteps }) {
  const step = nextStep(load);
  const removable = load.canRemoveOrders && load.orders.length > 1;
  return (
    <Stack gap="md" data-testid="load-detail">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={600}>{load.partnerName}</Text>
          <Text size="xs" c="dimmed">
            {load.warehouseName}
          </Text>
        </div>
        <StatusBadge status={load.status} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Fact label="Built">{dateTime(load.createdAt)}</Fact>
        <Fact label="Estimated ship date">{day(load.estimatedShippingDate)}</Fact>
        <Fact label="Shipped">{day(load.actualShippingDate)}</Fact>
        <Fact label="Transporter">{load.transporter ?? "–"}</Fact>
        <Fact label="Docket / AWB">{load.docketNo ?? "–"}</Fact>
        <Fact label="Handed over">{dateTime(load.handedOverAt)}</Fact>
        <Fact label="Delivered">{dateTime(load.deliveredAt)}</Fact>
        <Fact label="Value">
          {money(load.total)} · {load.totalQuantity} units
        </Fact>
        <Fact label="Tax invoice">
          {load.invoiceId ? (
            <Anchor component={Link} to={`/admin/invoices/${load.invoiceId}`} size="sm">
              {load.invoiceNumber}
            </Anchor>
          ) : (
            "–"
          )}
        </Fact>
        <Fact label="Waybill request">{load.waybillRequestId ?? "–"}</Fact>
      </SimpleGrid>
      <EwayBillPanel loadId={load.id} shipped={load.actualShippingDate !== null} />
      <Group gap="xs">
        {step && (
          <Button size="xs" onClick={() => steps.ask({ kind: step, load })} data-testid="detail-next-step">
            {STEP_BUTTONS[step].label}
          </Button>
        )}
        {step === "deliver" && (
          <Button
            size="xs"
            variant="light"
            onClick={() => steps.ask({ kind: "short", load })}
            data-testid="short-delivery"
          >
            Short delivery…
          </Button>
        )}
        {cancellable(load) && (
          <Button
            size="xs"
            variant="light"
            color="red"
            disabled={!load.canRemoveOrders}
            title={
              load.canRemoveOrders ? undefined : `Waybill request ${load.waybillRequestId} covers this load`
            }
            onClick={() => steps.ask({ kind: "cancel", load })}
            data-testid="cancel-load"
          >
            Cancel load
          </Button>
        )}
      </Group>
      <div>
        <Title order={3} fz="md" mb="xs">
          Orders
        </Title>
        {load.orders.length === 0 ? (
          <Text size="sm" c="dimmed">
            No orders: {load.status === "Cancelled" ? "the load was cancelled" : "none loaded"}.
          </Text>
        ) : (
          <Table fz="sm" verticalSpacing={4} data-testid="load-orders">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order · product</Table.Th>
                <Table.Th ta="right">Ordered</Table.Th>
                <Table.Th ta="right">Loaded</Table.Th>
                <Table.Th ta="right">Delivered</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {load.orders.map((o) => [
                <Table.Tr key={o.poid} bg="var(--mantine-color-gray-0)">
                  <Table.Td colSpan={3}>
                    <Anchor
                      component={Link}
                      to={`/admin/orders/${encodeURIComponent(o.poid)}`}
                      size="sm"
                      fw={600}
                    >
                      {o.poid}
                    </Anchor>{" "}
                    <Text span size="xs" c="dimmed">
                      {o.status} · {o.totalQuantity} units · {money(o.netPayment)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {removable && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() => steps.ask({ kind: "remove", load, poid: o.poid })}
                        data-testid={`remove-${o.poid}`}
                      >
                        Take off
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>,
                ...o.lines.map((l) => (
                  <Table.Tr key={`${o.poid}:${l.productId}`}>
                    <Table.Td pl="lg">
                      <Text size="xs">{l.productName}</Text>
                    </Table.Td>
                    <Table.Td ta="right">{l.orderedQuantity}</Table.Td>
                    <Table.Td ta="right">{l.quantity}</Table.Td>
                    <Table.Td ta="right">{l.deliveredQuantity ?? "–"}</Table.Td>
                  </Table.Tr>
                )),
              ])}
            </Table.Tbody>
          </Table>
        )}
        {load.canRemoveOrders && load.orders.length === 1 && (
          <Text size="xs" c="dimmed" mt={4}>
            The load's only order cannot be taken off: cancel the load instead.
          </Text>
        )}
        {!load.canRemoveOrders && load.waybillRequestId && cancellable(load) && (
          <Text size="xs" c="dimmed" mt={4}>
            Waybill request {load.waybillRequestId} covers these orders: they stay on the load.
          </Text>
        )}
      </div>
      <HistoryPanel entity="load" entityId={String(load.id)} />
    </Stack>
  );
}

/** A load opened from the board (its id in the address, `?load=12`), in a drawer beside the list. */
export function LoadDrawer({
  id,
  onClose,
  steps,
}: {
  id: number | null;
  onClose: () => void;
  steps: LoadSteps;
}) {
  const load = useAdminLoad(id);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={<Text fw={600}>Load {id}</Text>}
      zIndex={300}
    >
      {load.isError ? (
        <Text size="sm" c="red">
          {errorMessage(load.error)}
        </Text>
      ) : load.data ? (
        <LoadDetail load={load.data} steps={steps} />
      ) : (
        <Text size="sm" c="dimmed">
          Loading the load…
        </Text>
      )}
    </Drawer>
  );
}
