import { Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import type { AdminLoad, LoadCandidate } from "@portal/contracts";
import { LOAD_LIFECYCLE, LOAD_STATUSES, type LoadStatus } from "@portal/domain";
import { useState } from "react";
import { type AdminColumn, AdminTable, listTableProps } from "../../admin-kit/AdminTable";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import { StatusPartnerFilters } from "../../admin-kit/filters";
import { dateTime, day, money, today } from "../../admin-kit/format";
import { usePhoneColumns } from "../../admin-kit/phone-columns";
import { useListParams } from "../../admin-kit/useListParams";
import { StatusBadge } from "../../components/StatusBadge";
import { usePageTitle } from "../../lib/usePageTitle";
import {
  exportAdminLoads,
  useAdminLoads,
  useCreateLoad,
  useDeliverLoad,
  useHandOver,
  useLoadCandidates,
  useShipLoad,
} from "./api";

/** Confirmed units, with the ordered ones beside them when a part-confirm changed them. */
const unitsOf = (o: LoadCandidate["orders"][number]) =>
  o.totalQuantity === o.orderedQuantity
    ? `${o.totalQuantity} units`
    : `${o.totalQuantity} of ${o.orderedQuantity} ordered units`;

/** One partner + warehouse's Confirmed orders not yet loaded: pick orders, build a load. */
function Candidate({ group }: { group: LoadCandidate }) {
  const create = useCreateLoad();
  // what staff unticked, so a refetch of the candidates (new orders arrive ticked) keeps their choice
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const poids = group.orders.map((o) => o.poid);
  const picked = poids.filter((poid) => !unticked.has(poid));
  const setPicked = (next: string[]) => setUnticked(new Set(poids.filter((poid) => !next.includes(poid))));
  const [shipBy, setShipBy] = useState("");
  const [asking, setAsking] = useState(false);
  const build = async () => {
    await act(
      create.mutateAsync({ poids: picked, estimatedShippingDate: shipBy || undefined }),
      (load) =>
        `Load ${load.id} built (Ready To Dispatch) with ${load.poids.length} order(s): ${load.poids.join(", ")}.`,
    );
    setAsking(false);
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="load-candidate">
      <Text fw={600} size="sm">
        {group.partnerName}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {group.warehouseName}
      </Text>
      <Checkbox.Group value={picked} onChange={setPicked}>
        <Stack gap={6}>
          {group.orders.map((o) => (
            <Checkbox
              key={o.poid}
              value={o.poid}
              size="xs"
              label={`${o.poid} · ${unitsOf(o)} · ${money(o.netPayment)}`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group mt="sm" gap="xs" align="flex-end">
        <TextInput
          type="date"
          size="xs"
          label="Estimated ship date"
          value={shipBy}
          onChange={(e) => setShipBy(e.currentTarget.value)}
        />
        <Button size="xs" disabled={!picked.length} onClick={() => setAsking(true)} data-testid="build-load">
          Build load
        </Button>
      </Group>
      <AskDialog
        opened={asking}
        title="Build a load"
        message={`Put ${picked.length} order(s) of ${group.partnerName} from ${group.warehouseName} into a new load: ${picked.join(", ")}?`}
        confirmLabel="Build load"
        loading={create.isPending}
        onConfirm={build}
        onClose={() => setAsking(false)}
      />
    </Card>
  );
}

type Step = "handOver" | "ship" | "deliver";
type Asking = null | { kind: Step; load: AdminLoad };

/** The button of each step: the load's lifecycle moves (Hand Over, Shipped), then its orders' delivery. */
const STEP_BUTTONS: Record<Step, { label: string; testId: string; variant?: "light" }> = {
  handOver: { label: "Hand over", testId: "hand-over" },
  ship: { label: "Ship", testId: "ship" },
  deliver: { label: "Delivered", testId: "deliver", variant: "light" },
};
const STEP_TO: Partial<Record<LoadStatus, Step>> = { "Hand Over": "handOver", Shipped: "ship" };

/** A load's next step: its lifecycle's next status; at the lifecycle's end, delivery until it is recorded. */
function nextStep(load: AdminLoad): Step | null {
  const to = LOAD_LIFECYCLE.transitions[load.status][0];
  if (to) return STEP_TO[to] ?? null;
  return load.deliveredAt ? null : "deliver";
}

/** The loads board: build loads from Confirmed orders, then hand over, ship and deliver them. */
export function LoadsPage() {
  usePageTitle("Admin Console: Loads");
  const candidates = useLoadCandidates();
  const list = useListParams(["status", "userId"] as const);
  const loads = useAdminLoads(list.params);
  const handOver = useHandOver();
  const ship = useShipLoad();
  const deliver = useDeliverLoad();
  const [asking, setAsking] = useState<Asking>(null);
  const [transporter, setTransporter] = useState("");
  const [docketNo, setDocketNo] = useState("");
  const [shipDay, setShipDay] = useState(today());

  /** A load's next step (hand over, ship, delivered); in the actions column, or in the phone card. */
  const action = (l: AdminLoad) => {
    const step = nextStep(l);
    if (!step) return null;
    const button = STEP_BUTTONS[step];
    return (
      <Button
        size="compact-xs"
        variant={button.variant}
        onClick={() => setAsking({ kind: step, load: l })}
        data-testid={`${button.testId}-${l.id}`}
      >
        {button.label}
      </Button>
    );
  };
  const columns: AdminColumn<AdminLoad>[] = [
    { accessor: "id", title: "Load", sortable: true },
    { accessor: "partnerName", title: "Partner", sortable: true },
    { accessor: "warehouseName", title: "Warehouse", sortable: true },
    { accessor: "status", title: "Status", sortable: true, render: (l) => <StatusBadge status={l.status} /> },
    { accessor: "poids", title: "Orders", noWrap: false, width: 200, render: (l) => l.poids.join(", ") },
    { accessor: "totalQuantity", title: "Units", textAlign: "right", sortable: true },
    { accessor: "total", title: "Value", textAlign: "right", sortable: true, render: (l) => money(l.total) },
    {
      accessor: "docketNo",
      title: "Transporter / docket",
      render: (l) => (l.docketNo ? `${l.transporter} · ${l.docketNo}` : "–"),
      csv: (l) => (l.docketNo ? `${l.transporter} ${l.docketNo}` : ""),
    },
    {
      accessor: "actualShippingDate",
      title: "Shipped",
      sortable: true,
      render: (l) => day(l.actualShippingDate),
    },
    { accessor: "deliveredAt", title: "Delivered", render: (l) => dateTime(l.deliveredAt) },
    { accessor: "invoiceNumber", title: "Tax invoice", render: (l) => l.invoiceNumber ?? "–" },
    { accessor: "actions", title: "", noCsv: true, render: action },
  ];
  const shown = usePhoneColumns(columns, {
    accessor: "load",
    title: "Load",
    noWrap: false,
    render: (l) => (
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text size="sm" fw={600}>
              Load {l.id}
            </Text>
            <Text size="xs" c="dimmed">
              {l.partnerName} · {l.warehouseName}
            </Text>
          </div>
          <StatusBadge status={l.status} />
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text size="xs" c="dimmed">
            {l.poids.join(", ")}
          </Text>
          <Text size="sm" fw={600} ta="right" style={{ whiteSpace: "nowrap" }}>
            {money(l.total)}
            <Text span size="xs" fw={400} c="dimmed" display="block">
              {l.totalQuantity} {l.totalQuantity === 1 ? "unit" : "units"}
            </Text>
          </Text>
        </Group>
        {l.docketNo && (
          <Text size="xs" c="dimmed">
            {l.transporter} · {l.docketNo}
          </Text>
        )}
        {(l.actualShippingDate || l.deliveredAt || l.invoiceNumber) && (
          <Text size="xs" c="dimmed">
            {[
              l.actualShippingDate && `Shipped ${day(l.actualShippingDate)}`,
              l.deliveredAt && `delivered ${dateTime(l.deliveredAt)}`,
              l.invoiceNumber && `invoice ${l.invoiceNumber}`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Text>
        )}
        <div>{action(l)}</div>
      </Stack>
    ),
  });

  const close = () => setAsking(null);
  const run = async () => {
    if (!asking) return;
    const { id } = asking.load;
    if (asking.kind === "handOver")
      await act(
        handOver.mutateAsync({ id, transporter, docketNo }),
        (l) => `Load ${l.id} handed over to ${l.transporter}, docket ${l.docketNo}.`,
      );
    if (asking.kind === "ship")
      await act(
        ship.mutateAsync({ id, actualShippingDate: shipDay }),
        (l) =>
          `Load ${l.id} shipped on ${day(l.actualShippingDate)}; orders ${l.poids.join(", ")} are Shipped; tax invoice ${l.invoiceNumber ?? "pending"}.`,
      );
    if (asking.kind === "deliver")
      await act(
        deliver.mutateAsync(id),
        (l) => `Load ${l.id} delivered; orders ${l.poids.join(", ")} are Delivered.`,
      );
    close();
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} fz={18}>
          Build a load
        </Title>
        {candidates.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            No Confirmed orders wait for a load.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {(candidates.data ?? []).map((g) => (
            <Candidate key={`${g.userId}-${g.warehouseId}`} group={g} />
          ))}
        </SimpleGrid>
      </Stack>
      <Stack gap="xs">
        <Title order={2} fz={18}>
          Loads
        </Title>
        <AdminTable
          testId="loads-table"
          columns={shown}
          idAccessor="id"
          csvName="loads"
          {...listTableProps(loads, exportAdminLoads, list)}
          noRecordsText="No loads"
          toolbar={<StatusPartnerFilters statuses={LOAD_STATUSES} list={list} />}
        />
      </Stack>
      <AskDialog
        opened={asking?.kind === "handOver"}
        title={`Hand over load ${asking?.load.id}`}
        message="Hand the load to the transporter. The docket / air waybill number is sent to the partner."
        confirmLabel="Hand over"
        disabled={!transporter.trim() || !docketNo.trim()}
        loading={handOver.isPending}
        onConfirm={run}
        onClose={close}
      >
        <TextInput
          label="Transporter"
          required
          value={transporter}
          onChange={(e) => setTransporter(e.currentTarget.value)}
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
        title={`Ship load ${asking?.load.id}`}
        message={`Ship load ${asking?.load.id}: its orders become Shipped and a tax invoice is numbered. This cannot be undone.`}
        confirmLabel="Ship"
        disabled={!shipDay}
        loading={ship.isPending}
        onConfirm={run}
        onClose={close}
      >
        <TextInput
          type="date"
          label="Actual ship date"
          required
          value={shipDay}
          onChange={(e) => setShipDay(e.currentTarget.value)}
          data-testid="ship-date"
        />
      </AskDialog>
      <AskDialog
        opened={asking?.kind === "deliver"}
        title={`Deliver load ${asking?.load.id}`}
        message={`Mark every order of load ${asking?.load.id} Delivered with all shipped units? This cannot be undone.`}
        confirmLabel="Mark delivered"
        loading={deliver.isPending}
        onConfirm={run}
        onClose={close}
      />
    </Stack>
  );
}
