import { Autocomplete, Stack, Table, Text, Textarea, TextInput } from "@mantine/core";
import type { AdminLoad, AdminLoadDetail } from "@portal/contracts";
import { LOAD_LIFECYCLE, type LoadStatus } from "@portal/domain";
import { useState } from "react";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import { day, today } from "../../admin-kit/format";
import { DateField } from "../../components/DateFields";
import { LazyNumberInput } from "../../components/LazyNumberInput";
import {
  useCancelLoad,
  useDeliverLoad,
  useHandOver,
  useLoadChoices,
  useRemoveLoadOrder,
  useShipLoad,
} from "./api";

/** What staff may do with a load: its lifecycle's steps, its delivery, and taking its orders off it. */
export type Step = "handOver" | "ship" | "deliver" | "short" | "cancel" | "remove";
type Asking =
  | null
  | { kind: "handOver" | "ship" | "deliver" | "cancel"; load: AdminLoad }
  | { kind: "short"; load: AdminLoadDetail }
  | { kind: "remove"; load: AdminLoad; poid: string };

/** The button of each step on the board: the load's lifecycle moves (Hand Over, Shipped), then its delivery. */
export const STEP_BUTTONS: Record<"handOver" | "ship" | "deliver", { label: string; testId: string }> = {
  handOver: { label: "Hand over", testId: "hand-over" },
  ship: { label: "Ship", testId: "ship" },
  deliver: { label: "Delivered", testId: "deliver" },
};
const STEP_TO: Partial<Record<LoadStatus, "handOver" | "ship">> = {
  "Hand Over": "handOver",
  Shipped: "ship",
};

/** A load's next step: its lifecycle's next move forward; once Shipped, its delivery until it is recorded. */
export function nextStep(load: AdminLoad): "handOver" | "ship" | "deliver" | null {
  for (const to of LOAD_LIFECYCLE.transitions[load.status]) {
    const step = STEP_TO[to];
    if (step) return step;
  }
  return load.status === "Shipped" && !load.deliveredAt ? "deliver" : null;
}

/** True while the load may still be cancelled (before it ships). */
export const cancellable = (load: AdminLoad) => LOAD_LIFECYCLE.transitions[load.status].includes("Cancelled");

/**
 * The questions before each load step, and the step once confirmed: `ask` opens one. The hand-over
 * starts empty for every load; the ship date is picked dd-mm-yyyy; a short delivery takes the units
 * that arrived per line.
 */
export function useLoadSteps() {
  const handOver = useHandOver();
  const ship = useShipLoad();
  const deliver = useDeliverLoad();
  const cancel = useCancelLoad();
  const remove = useRemoveLoadOrder();
  const choices = useLoadChoices();
  const [asking, setAsking] = useState<Asking>(null);
  const [transporter, setTransporter] = useState("");
  const [docketNo, setDocketNo] = useState("");
  const [shipDay, setShipDay] = useState(today());
  const [reason, setReason] = useState("");
  const [delivered, setDelivered] = useState<Record<string, number>>({});

  const ask = (next: NonNullable<Asking>) => {
    // every question starts afresh: nothing of the previous load is carried over
    setTransporter("");
    setDocketNo("");
    setShipDay(today());
    setReason("");
    setDelivered(
      next.kind === "short"
        ? Object.fromEntries(
            next.load.orders.flatMap((o) => o.lines.map((l) => [`${o.poid}:${l.productId}`, l.quantity])),
          )
        : {},
    );
    setAsking(next);
  };
  const close = () => setAsking(null);

  const run = async () => {
    if (!asking) return;
    const { id } = asking.load;
    let done: unknown = null;
    if (asking.kind === "handOver")
      done = await act(
        handOver.mutateAsync({ id, transporter: transporter.trim(), docketNo: docketNo.trim() }),
        (l) => `Load ${l.id} handed over to ${l.transporter}, docket ${l.docketNo}.`,
      );
    if (asking.kind === "ship")
      done = await act(
        ship.mutateAsync({ id, actualShippingDate: shipDay }),
        (l) =>
          `Load ${l.id} shipped on ${day(l.actualShippingDate)}; orders ${l.poids.join(", ")} are Shipped; tax invoice ${l.invoiceNumber ?? "pending"}.`,
      );
    if (asking.kind === "deliver")
      done = await act(
        deliver.mutateAsync({ id }),
        (l) => `Load ${l.id} delivered; orders ${l.poids.join(", ")} are Delivered.`,
      );
    if (asking.kind === "short") {
      const lines = asking.load.orders.flatMap((o) =>
        o.lines.flatMap((l) => {
          const arrived = delivered[`${o.poid}:${l.productId}`] ?? l.quantity;
          return arrived < l.quantity
            ? [{ poid: o.poid, productId: l.productId, deliveredQuantity: arrived }]
            : [];
        }),
      );
      done = await act(
        deliver.mutateAsync({ id, lines }),
        (l) =>
          `Load ${l.id} delivered; orders ${l.poids.join(", ")} are Delivered${lines.length ? `; ${lines.length} line(s) short, credited back` : ""}.`,
      );
    }
    if (asking.kind === "cancel")
      done = await act(
        cancel.mutateAsync({ id, reason: reason.trim() }),
        () => `Load ${id} cancelled; its orders are Confirmed again and wait for a new load.`,
      );
    if (asking.kind === "remove")
      done = await act(
        remove.mutateAsync({ id, poid: asking.poid, reason: reason.trim() }),
        (l) =>
          `Order ${asking.poid} taken off load ${l.id}; it is Confirmed and waits for a new load. The load now holds ${l.poids.join(", ")}.`,
      );
    // a refusal keeps the question open, with what was typed, to correct it
    if (done !== null) close();
  };

  const pending =
    handOver.isPending || ship.isPending || deliver.isPending || cancel.isPending || remove.isPending;
  const load = asking?.load;
  const dialogs = (
    <>
      <AskDialog
        opened={asking?.kind === "handOver"}
        title={`Hand over load ${load?.id}`}
        message="Hand the load to the transporter. The docket / air waybill number is sent to the partner; each docket is used once per transporter."
        confirmLabel="Hand over"
        disabled={!transporter.trim() || !docketNo.trim()}
        loading={pending}
        onConfirm={run}
        onClose={close}
      >
        <Autocomplete
          label="Transporter"
          required
          data={choices.data?.transporters ?? []}
          value={transporter}
          onChange={setTransporter}
          comboboxProps={{ zIndex: 500 }}
          data-testid="transporter"
        />
        <TextInput
          label="Docket / AWB number"
          required
          value={docketNo}
          onChange={(e) => setDocketNo(e.currentTarget.value)}
          data-testid="docket"
        />
      </AskDialog>
      <AskDialog
        opened={asking?.kind === "ship"}
        title={`Ship load ${load?.id}`}
        message={`Ship load ${load?.id}: its orders become Shipped and a tax invoice is numbered. This cannot be undone.`}
        confirmLabel="Ship"
        disabled={!shipDay}
        loading={pending}
        onConfirm={run}
        onClose={close}
      >
        <DateField
          label="Actual ship date"
          clearable={false}
          value={shipDay}
          onChange={setShipDay}
          popoverProps={{ zIndex: 500 }}
          data-testid="ship-date"
        />
      </AskDialog>
      <AskDialog
        opened={asking?.kind === "deliver"}
        title={`Deliver load ${load?.id}`}
        message={`Mark every order of load ${load?.id} Delivered with all shipped units? This cannot be undone.`}
        confirmLabel="Mark delivered"
        loading={pending}
        onConfirm={run}
        onClose={close}
      />
      <AskDialog
        opened={asking?.kind === "short"}
        title={`Short delivery of load ${load?.id}`}
        message="Enter the units that arrived on each line. Units shipped but not delivered are credited back to the partner. This cannot be undone."
        confirmLabel="Record delivery"
        loading={pending}
        onConfirm={run}
        onClose={close}
      >
        {asking?.kind === "short" && (
          <Table fz="xs" verticalSpacing={4} data-testid="short-delivery-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order · product</Table.Th>
                <Table.Th ta="right">Shipped</Table.Th>
                <Table.Th ta="right">Delivered</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {asking.load.orders.flatMap((o) =>
                o.lines.map((l) => {
                  const key = `${o.poid}:${l.productId}`;
                  return (
                    <Table.Tr key={key}>
                      <Table.Td>
                        <Text size="xs">{o.poid}</Text>
                        <Text size="xs" c="dimmed">
                          {l.productName}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{l.quantity}</Table.Td>
                      <Table.Td w={90}>
                        <LazyNumberInput
                          size="xs"
                          min={0}
                          max={l.quantity}
                          allowDecimal={false}
                          allowNegative={false}
                          clampBehavior="strict"
                          aria-label={`Delivered units of ${l.productName} in ${o.poid}`}
                          value={delivered[key] ?? l.quantity}
                          onChange={(v) => setDelivered((d) => ({ ...d, [key]: Number(v) || 0 }))}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                }),
              )}
            </Table.Tbody>
          </Table>
        )}
      </AskDialog>
      <AskDialog
        opened={asking?.kind === "cancel"}
        title={`Cancel load ${load?.id}`}
        color="red"
        message={
          <Stack gap={4}>
            <Text size="sm">
              Cancel load {load?.id} before it ships? Its orders ({load?.poids.join(", ")}) go back to
              Confirmed, in no load, with their stock and proforma invoices; no tax invoice has been issued.
            </Text>
            <Text size="sm">The partner is told. This cannot be undone.</Text>
          </Stack>
        }
        confirmLabel="Cancel load"
        disabled={!reason.trim()}
        loading={pending}
        onConfirm={run}
        onClose={close}
      >
        <Textarea
          label="Reason"
          required
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="cancel-reason"
        />
      </AskDialog>
      <AskDialog
        opened={asking?.kind === "remove"}
        title={`Take an order off load ${load?.id}`}
        color="red"
        message={`Take order ${asking?.kind === "remove" ? asking.poid : ""} off load ${load?.id}? It goes back to Confirmed, in no load, with its stock and proforma invoice; the load's totals are restated and the partner is told.`}
        confirmLabel="Take off the load"
        loading={pending}
        onConfirm={run}
        onClose={close}
      >
        <Textarea
          label="Reason (optional)"
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
      </AskDialog>
    </>
  );
  return { ask, dialogs };
}
export type LoadSteps = ReturnType<typeof useLoadSteps>;
