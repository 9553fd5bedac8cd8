import { Select, Switch } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { AdminOrderRow } from "@portal/contracts";
import { ORDER_LIFECYCLE, ORDER_STATUSES } from "@portal/domain";
import { IconChecks } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { type AdminColumn, AdminTable, listTableProps } from "../../admin-kit/AdminTable";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import kit from "../../admin-kit/adminKit.module.css";
import { DayFilter, PartnerFilter, StatusFilter } from "../../admin-kit/filters";
import { dateTime, money } from "../../admin-kit/format";
import { canBecome } from "../../admin-kit/lifecycle";
import { SYNC } from "../../admin-kit/phone-columns";
import { useListParams } from "../../admin-kit/useListParams";
import { StatusBadge } from "../../components/StatusBadge";
import { usePageTitle } from "../../lib/usePageTitle";
import { exportAdminOrders, useAdminOrders, useBulkConfirm, useOrderFilterChoices } from "./api";

const FILTERS = ["status", "userId", "warehouseId", "from", "to", "unloaded"] as const;

/** Below 1200 px the ordered units, gap and load leave the list (the order's page shows them). */
const LAPTOP_QUERY = "(max-width: 1199px)";
/** Below 1024 px the placed date and the units go too: PO, partner, status and amount stay. */
const TABLET_QUERY = "(max-width: 1023px)";

/**
 * The queue's columns at a screen's width: the warehouse sits under the partner, so that the list
 * fits 1366 px without scrolling sideways; narrower screens drop the columns the order's page shows.
 */
export function orderColumns({
  laptop,
  tablet,
}: {
  laptop: boolean;
  tablet: boolean;
}): AdminColumn<AdminOrderRow>[] {
  return [
    {
      accessor: "poid",
      title: "PO",
      sortable: true,
      // plain elements with the kit's classes (drawn as Mantine's Anchor and Text are): a page of
      // orders drew some 75 of those components in the list's first render
      render: (o) => (
        <Link to={`/admin/orders/${encodeURIComponent(o.poid)}`} className={`${kit.link} ${kit.strong}`}>
          {o.poid}
        </Link>
      ),
    },
    {
      accessor: "partnerName",
      title: "Partner",
      sortable: true,
      noWrap: false,
      width: 230,
      render: (o) => (
        <>
          <div className={`${kit.cellText} ${kit.clamp2}`}>{o.partnerName}</div>
          <div className={`${kit.cellNote} ${kit.truncate}`}>{o.warehouseName}</div>
        </>
      ),
    },
    { accessor: "warehouseName", title: "Warehouse", hidden: true },
    { accessor: "status", title: "Status", sortable: true, render: (o) => <StatusBadge status={o.status} /> },
    {
      accessor: "createdAt",
      title: "Placed",
      sortable: true,
      hidden: tablet,
      render: (o) => dateTime(o.createdAt),
    },
    { accessor: "orderedQuantity", title: "Ordered", textAlign: "right", hidden: laptop },
    // confirmed units (delivered, once delivered): the net payment is restated with them
    { accessor: "totalQuantity", title: "Units", sortable: true, textAlign: "right", hidden: tablet },
    {
      accessor: "netPayment",
      title: "Net payment",
      sortable: true,
      textAlign: "right",
      render: (o) => money(o.netPayment),
    },
    { accessor: "gapReport", title: "Gap", sortable: true, textAlign: "right", hidden: laptop },
    { accessor: "loadId", title: "Load", hidden: laptop, render: (o) => o.loadId ?? "–" },
  ];
}

/** The orders queue: search, filters from the database, sort over all rows, paging, bulk confirm of Pending orders. */
export function OrdersPage() {
  usePageTitle("Admin Console: Orders");
  const list = useListParams(FILTERS);
  const orders = useAdminOrders(list.params);
  const choices = useOrderFilterChoices();
  const navigate = useNavigate();
  const bulk = useBulkConfirm();
  const [selected, setSelected] = useState<AdminOrderRow[]>([]);
  const [asking, setAsking] = useState(false);
  const laptop = useMediaQuery(LAPTOP_QUERY, undefined, SYNC) ?? false;
  const tablet = useMediaQuery(TABLET_QUERY, undefined, SYNC) ?? false;
  const columns = useMemo(() => orderColumns({ laptop, tablet }), [laptop, tablet]);

  const warehouses = useMemo(
    () => (choices.data?.warehouses ?? []).map((w) => ({ value: String(w.id), label: w.name })),
    [choices.data],
  );

  const confirmSelected = async () => {
    const poids = selected.map((o) => o.poid);
    const result = await act(bulk.mutateAsync(poids), (r) =>
      r.failed.length
        ? `Confirmed ${r.done.length} of ${poids.length} orders. Not confirmed: ${r.failed.map((f) => `${f.id} (${f.message})`).join("; ")}`
        : `Confirmed ${r.done.length} orders: ${r.done.join(", ")}`,
    );
    if (result) setSelected([]);
    setAsking(false);
  };

  return (
    <>
      <AdminTable
        testId="orders-table"
        columns={columns}
        idAccessor="poid"
        csvName="orders"
        {...listTableProps(orders, exportAdminOrders, list)}
        search={{
          value: list.q,
          onChange: list.setQ,
          placeholder: "PO, partner, email, invoice",
        }}
        onOpen={(o) => navigate(`/admin/orders/${encodeURIComponent(o.poid)}`)}
        bulkActions={[
          {
            label: "Confirm selected",
            shortcut: "c",
            icon: <IconChecks size={15} />,
            run: () => setAsking(true),
            testId: "bulk-confirm",
          },
        ]}
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        isRecordSelectable={(o) => canBecome(ORDER_LIFECYCLE, o.status, "Confirmed")}
        noRecordsText="No orders"
        toolbar={
          <>
            <StatusFilter
              statuses={ORDER_STATUSES}
              value={list.filters.status}
              onChange={(v) => list.setFilter("status", v)}
            />
            <PartnerFilter value={list.filters.userId} onChange={(v) => list.setFilter("userId", v)} />
            <Select
              label="Warehouse"
              size="xs"
              w={170}
              placeholder="All warehouses"
              clearable
              data={warehouses}
              value={list.filters.warehouseId || null}
              onChange={(v) => list.setFilter("warehouseId", v)}
              comboboxProps={{ zIndex: 300 }}
            />
            <DayFilter label="From" value={list.filters.from} onChange={(v) => list.setFilter("from", v)} />
            <DayFilter label="To" value={list.filters.to} onChange={(v) => list.setFilter("to", v)} />
            <Switch
              label="Not in a load"
              size="xs"
              mb={6}
              checked={list.filters.unloaded === "true"}
              onChange={(e) => list.setFilter("unloaded", e.currentTarget.checked ? "true" : null)}
              data-testid="filter-unloaded"
            />
          </>
        }
      />
      <AskDialog
        opened={asking}
        title="Confirm orders"
        message={`Confirm ${selected.length} Pending order(s) in full: ${selected.map((o) => o.poid).join(", ")}? The partners are notified and cannot be un-notified.`}
        confirmLabel={`Confirm ${selected.length} order(s)`}
        loading={bulk.isPending}
        onConfirm={confirmSelected}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
