import type { AdminArtwork } from "@portal/contracts";
import { ARTWORK_STATUSES, type ArtworkStatus } from "@portal/domain";
import { useState } from "react";
import { type AdminColumn, AdminTable, listTableProps } from "../../admin-kit/AdminTable";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import { StatusPartnerFilters } from "../../admin-kit/filters";
import { dateTime } from "../../admin-kit/format";
import { RowActions } from "../../admin-kit/RowActions";
import { useListParams } from "../../admin-kit/useListParams";
import { StatusBadge } from "../../components/StatusBadge";
import { usePageTitle } from "../../lib/usePageTitle";
import { exportAdminArtworks, useAdminArtworks, useMoveArtwork } from "./api";

const dims = (a: AdminArtwork) => (a.bHeight && a.bWidth ? `${a.bHeight} × ${a.bWidth} ${a.unit}` : a.unit);

/** Artwork orders of every partner; staff move each along Pending → In Design → Printing → Dispatched → Delivered. */
export function ArtworksAdminPage() {
  usePageTitle("Admin Console: Artworks");
  const list = useListParams(["status", "userId"] as const);
  const artworks = useAdminArtworks(list.params);
  const move = useMoveArtwork();
  const [asking, setAsking] = useState<{ row: AdminArtwork; to: ArtworkStatus } | null>(null);

  // Narrow enough for 1366 px: artwork and size share a column, the address shows on the row's title, steps sit in a menu.
  const columns: AdminColumn<AdminArtwork>[] = [
    { accessor: "id", title: "Order", sortable: true, render: (a) => `#${a.id}` },
    {
      accessor: "storeName",
      title: "Partner",
      sortable: true,
      ellipsis: true,
      width: 200,
      render: (a) => <span title={a.email}>{a.storeName ?? a.email}</span>,
    },
    {
      accessor: "type",
      title: "Artwork",
      sortable: true,
      ellipsis: true,
      width: 260,
      render: (a) => (
        <span title={a.address}>
          {a.type} · {a.subType} · {a.cat}
        </span>
      ),
      csv: (a) => `${a.type} · ${a.subType}`,
    },
    { accessor: "size", title: "Size", sortable: true, render: (a) => `${a.size} · ${dims(a)}` },
    { accessor: "cat", title: "Category", hidden: true },
    { accessor: "address", title: "Address", hidden: true },
    { accessor: "createdAt", title: "Ordered", sortable: true, render: (a) => dateTime(a.createdAt) },
    { accessor: "status", title: "Status", sortable: true, render: (a) => <StatusBadge status={a.status} /> },
    {
      accessor: "actions",
      title: "",
      noCsv: true,
      render: (a) => {
        const forward = a.next.filter((to) => to !== "Cancelled");
        const [first, ...rest] = forward;
        return (
          <RowActions
            label={`artwork order #${a.id}`}
            primary={first ? { label: first, onClick: () => setAsking({ row: a, to: first }) } : undefined}
            actions={[
              ...rest.map((to) => ({ label: to, onClick: () => setAsking({ row: a, to }) })),
              {
                label: "Cancel",
                color: "red",
                hidden: !a.next.includes("Cancelled"),
                onClick: () => setAsking({ row: a, to: "Cancelled" }),
              },
            ]}
          />
        );
      },
    },
  ];

  const confirm = async () => {
    if (!asking) return;
    await act(
      move.mutateAsync({ id: asking.row.id, status: asking.to }),
      (a) => `Artwork order #${a.id} is now ${a.status}.`,
    );
    setAsking(null);
  };

  return (
    <>
      <AdminTable
        testId="artworks-table"
        columns={columns}
        idAccessor="id"
        csvName="artworks"
        {...listTableProps(artworks, exportAdminArtworks, list)}
        search={{ value: list.q, onChange: list.setQ, placeholder: "Order no., store, email, type" }}
        noRecordsText="No artwork orders"
        toolbar={<StatusPartnerFilters statuses={ARTWORK_STATUSES} list={list} />}
      />
      <AskDialog
        opened={asking !== null}
        title={asking ? `Artwork order #${asking.row.id}: ${asking.to}` : ""}
        message={
          asking
            ? `Move this ${asking.row.type} for ${asking.row.storeName ?? asking.row.email} from ${asking.row.status} to ${asking.to}?`
            : ""
        }
        confirmLabel={asking?.to === "Cancelled" ? "Cancel the order" : `Mark ${asking?.to ?? ""}`}
        color={asking?.to === "Cancelled" ? "red" : "brand"}
        loading={move.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
