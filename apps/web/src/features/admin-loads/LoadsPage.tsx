import {
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { AdminLoad, LoadCandidate } from "@portal/contracts";
import { LOAD_STATUSES } from "@portal/domain";
import { useDeferredValue, useState } from "react";
import { useSearchParams } from "react-router";
import { type AdminColumn, AdminTable, listTableProps } from "../../admin-kit/AdminTable";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import kit from "../../admin-kit/adminKit.module.css";
import { DayFilter, StatusPartnerFilters } from "../../admin-kit/filters";
import { dateTime, day, money } from "../../admin-kit/format";
import { usePhoneColumns } from "../../admin-kit/phone-columns";
import { RowActions } from "../../admin-kit/RowActions";
import { useListParams } from "../../admin-kit/useListParams";
import { DateField } from "../../components/DateFields";
import { StatusBadge } from "../../components/StatusBadge";
import { usePageTitle } from "../../lib/usePageTitle";
import { exportAdminLoads, useAdminLoads, useCreateLoad, useLoadCandidates, useLoadChoices } from "./api";
import { LoadDrawer } from "./LoadDrawer";
import { cancellable, nextStep, STEP_BUTTONS, useLoadSteps } from "./LoadSteps";

/** The address key of the load opened in the drawer. */
const OPEN_KEY = "load";

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
              // sm: 20 px boxes 6 px apart, tappable without touching the next (axe's target-size)
              size="sm"
              label={`${o.poid} · ${unitsOf(o)} · ${money(o.netPayment)}`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group mt="sm" gap="xs" align="flex-end">
        <DateField size="xs" w={150} future label="Estimated ship date" value={shipBy} onChange={setShipBy} />
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

/** The loads board: build loads from Confirmed orders, then hand over, ship and deliver them; open one for its detail. */
export function LoadsPage() {
  usePageTitle("Admin Console: Loads");
  const candidates = useLoadCandidates();
  // the candidates' cards (a checkbox per order, a date field) are drawn from a deferred copy, in slices
  // between frames as a transition, not in the query's one synchronous render with the loads' rows
  const candidateGroups = useDeferredValue(candidates.data);
  const choices = useLoadChoices();
  const list = useListParams(["status", "userId", "warehouseId", "transporter", "shippedOn"] as const);
  const loads = useAdminLoads(list.params);
  const steps = useLoadSteps();
  const [search, setSearch] = useSearchParams();
  const opened = Number(search.get(OPEN_KEY)) || null;
  const open = (id: number | null) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === null) next.delete(OPEN_KEY);
        else next.set(OPEN_KEY, String(id));
        return next;
      },
      { replace: false },
    );

  /** A load's next step on its row (hand over, ship, delivered); opening it and cancelling it in its menu. */
  const actions = (l: AdminLoad) => {
    const step = nextStep(l);
    return (
      <RowActions
        label={`load ${l.id}`}
        primary={
          step
            ? {
                label: STEP_BUTTONS[step].label,
                onClick: () => steps.ask({ kind: step, load: l }),
                testId: `${STEP_BUTTONS[step].testId}-${l.id}`,
              }
            : undefined
        }
        actions={[
          { label: "Open load", onClick: () => open(l.id), testId: `open-${l.id}` },
          {
            label: "Cancel load…",
            color: "red",
            hidden: !cancellable(l),
            onClick: () => steps.ask({ kind: "cancel", load: l }),
            testId: `cancel-${l.id}`,
          },
        ]}
      />
    );
  };
  const columns: AdminColumn<AdminLoad>[] = [
    {
      accessor: "id",
      title: "Load",
      sortable: true,
      render: (l) => (
        <button type="button" className={kit.link} onClick={() => open(l.id)}>
          {l.id}
        </button>
      ),
    },
    {
      accessor: "partnerName",
      title: "Partner · warehouse",
      sortable: true,
      noWrap: false,
      width: 230,
      render: (l) => (
        <div>
          <div className={`${kit.cellText} ${kit.clamp1}`}>{l.partnerName}</div>
          <div className={`${kit.cellNote} ${kit.clamp1}`}>{l.warehouseName}</div>
        </div>
      ),
      csv: (l) => `${l.partnerName} · ${l.warehouseName}`,
    },
    { accessor: "status", title: "Status", sortable: true, render: (l) => <StatusBadge status={l.status} /> },
    {
      accessor: "poids",
      title: "Orders",
      textAlign: "right",
      render: (l) => <span title={l.poids.join(", ")}>{l.poids.length}</span>,
    },
    { accessor: "totalQuantity", title: "Units", textAlign: "right", sortable: true },
    { accessor: "total", title: "Value", textAlign: "right", sortable: true, render: (l) => money(l.total) },
    {
      accessor: "docketNo",
      title: "Transporter · docket",
      sortable: true,
      noWrap: false,
      width: 190,
      render: (l) =>
        l.docketNo ? (
          <div>
            <div className={`${kit.cellText} ${kit.clamp1}`}>{l.docketNo}</div>
            <div className={`${kit.cellNote} ${kit.clamp1}`}>{l.transporter}</div>
          </div>
        ) : (
          "–"
        ),
      csv: (l) => (l.docketNo ? `${l.transporter} ${l.docketNo}` : ""),
    },
    {
      accessor: "actualShippingDate",
      title: "Shipped",
      sortable: true,
      render: (l) => day(l.actualShippingDate),
    },
    { accessor: "actions", title: "", noCsv: true, render: actions },
  ];
  const shown = usePhoneColumns(columns, {
    accessor: "load",
    title: "Load",
    noWrap: false,
    // plain elements with the kit's classes (drawn as Mantine's Stack, Group and Text would): a
    // phone's page of loads drew some 250 of those components in the list's first render
    render: (l) => (
      <div className={kit.card}>
        <div className={`${kit.cardLine} ${kit.cardHead}`}>
          <div>
            <p className={`${kit.cellText} ${kit.strong}`}>Load {l.id}</p>
            <p className={kit.cellNote}>
              {l.partnerName} · {l.warehouseName}
            </p>
          </div>
          <StatusBadge status={l.status} />
        </div>
        <div className={kit.cardLine}>
          <p className={kit.cellNote}>{l.poids.join(", ")}</p>
          <p className={kit.amount}>
            {money(l.total)}
            <span className={kit.cellNote}>
              {l.totalQuantity} {l.totalQuantity === 1 ? "unit" : "units"}
            </span>
          </p>
        </div>
        {l.docketNo && (
          <p className={kit.cellNote}>
            {l.transporter} · {l.docketNo}
          </p>
        )}
        {(l.actualShippingDate || l.deliveredAt || l.invoiceNumber) && (
          <p className={kit.cellNote}>
            {[
              l.actualShippingDate && `Shipped ${day(l.actualShippingDate)}`,
              l.deliveredAt && `delivered ${dateTime(l.deliveredAt)}`,
              l.invoiceNumber && `invoice ${l.invoiceNumber}`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        )}
        <div>{actions(l)}</div>
      </div>
    ),
  });

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} fz={18}>
          Build a load
        </Title>
        {candidateGroups?.length === 0 && (
          <Text size="sm" c="dimmed">
            No Confirmed orders wait for a load.
          </Text>
        )}
        {/* the first card's space is kept until the candidates answer, so the loads below move less */}
        {!candidateGroups && !candidates.isError && (
          <Skeleton h={{ base: 280, lg: 220 }} radius="md" maw={440} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {(candidateGroups ?? []).map((g) => (
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
          search={{
            value: list.q,
            onChange: list.setQ,
            placeholder: "Load, PO, docket, transporter, partner",
          }}
          onOpen={(l) => open(l.id)}
          noRecordsText="No loads"
          toolbar={
            <>
              <StatusPartnerFilters statuses={LOAD_STATUSES} list={list} />
              <Select
                label="Warehouse"
                size="xs"
                w={190}
                placeholder="All warehouses"
                clearable
                searchable
                data={(choices.data?.warehouses ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
                value={list.filters.warehouseId || null}
                onChange={(v) => list.setFilter("warehouseId", v)}
                comboboxProps={{ zIndex: 300 }}
              />
              <Select
                label="Transporter"
                size="xs"
                w={170}
                placeholder="All transporters"
                clearable
                searchable
                data={choices.data?.transporters ?? []}
                value={list.filters.transporter || null}
                onChange={(v) => list.setFilter("transporter", v)}
                comboboxProps={{ zIndex: 300 }}
              />
              <DayFilter
                label="Shipped on"
                value={list.filters.shippedOn}
                onChange={(v) => list.setFilter("shippedOn", v)}
              />
            </>
          }
        />
      </Stack>
      <LoadDrawer id={opened} onClose={() => open(null)} steps={steps} />
      {steps.dialogs}
    </Stack>
  );
}
