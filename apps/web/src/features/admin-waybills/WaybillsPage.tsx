import { Button, Text, Textarea, TextInput } from "@mantine/core";
import type { AdminWaybill } from "@portal/contracts";
import { WAYBILL_LIFECYCLE, WAYBILL_STATUSES } from "@portal/domain";
import { useState } from "react";
import { type AdminColumn, AdminTable, listTableProps } from "../../admin-kit/AdminTable";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import { StatusPartnerFilters, WaitingSwitch } from "../../admin-kit/filters";
import { dateTime, money } from "../../admin-kit/format";
import { canBecome } from "../../admin-kit/lifecycle";
import { RowActions } from "../../admin-kit/RowActions";
import { useListParams } from "../../admin-kit/useListParams";
import { LazyNumberInput } from "../../components/LazyNumberInput";
import { StatusBadge } from "../../components/StatusBadge";
import { usePageTitle } from "../../lib/usePageTitle";
import { exportAdminWaybills, useAdminWaybills, useCloseWaybill, useRaiseWaybill } from "./api";
import { WaybillDocuments } from "./WaybillDocuments";

/** Waybill requests: raise a WH Request for a load; the partner uploads the document; staff close it. */
export function WaybillsPage() {
  usePageTitle("Admin Console: Waybills");
  const list = useListParams(["status", "userId", "waiting"] as const);
  const waybills = useAdminWaybills(list.params);
  const raise = useRaiseWaybill();
  const close = useCloseWaybill();
  const [raising, setRaising] = useState(false);
  const [closing, setClosing] = useState<AdminWaybill | null>(null);
  const [viewing, setViewing] = useState<AdminWaybill | null>(null);
  const [loadId, setLoadId] = useState<number | string>("");
  const [checkpost, setCheckpost] = useState("");
  const [comment, setComment] = useState("");

  const actions = (w: AdminWaybill) => (
    <RowActions
      label={w.requestId}
      primary={{
        label: w.documents > 0 ? `Documents (${w.documents})` : "Details",
        onClick: () => setViewing(w),
        testId: `documents-${w.id}`,
      }}
      actions={[
        {
          label: "Close…",
          hidden: !canBecome(WAYBILL_LIFECYCLE, w.status, "Closed"),
          onClick: () => setClosing(w),
          testId: `close-${w.id}`,
        },
      ]}
    />
  );
  const columns: AdminColumn<AdminWaybill>[] = [
    { accessor: "requestId", title: "Request", sortable: true },
    { accessor: "loadId", title: "Load", sortable: true },
    { accessor: "partnerName", title: "Partner", sortable: true, noWrap: false, width: 200 },
    {
      accessor: "awbNo",
      title: "Transporter · AWB",
      sortable: true,
      noWrap: false,
      width: 170,
      render: (w) => (
        <div>
          <Text size="sm" lineClamp={1}>
            {w.awbNo ?? "–"}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {w.transporter ?? ""}
          </Text>
        </div>
      ),
      csv: (w) => [w.transporter, w.awbNo].filter(Boolean).join(" "),
    },
    {
      accessor: "invoiceValue",
      title: "Invoice value",
      textAlign: "right",
      sortable: true,
      render: (w) => money(w.invoiceValue),
    },
    { accessor: "totalQty", title: "Units", textAlign: "right", sortable: true },
    {
      accessor: "whRequestDate",
      title: "Requested",
      sortable: true,
      render: (w) => dateTime(w.whRequestDate),
    },
    { accessor: "status", title: "Status", sortable: true, render: (w) => <StatusBadge status={w.status} /> },
    { accessor: "actions", title: "", noCsv: true, render: actions },
  ];
  const doRaise = async () => {
    await act(
      raise.mutateAsync({
        loadId: Number(loadId),
        checkpostName: checkpost || undefined,
        comment: comment || undefined,
      }),
      (w) =>
        `WH Request ${w.requestId} raised for load ${w.loadId}; ${w.partnerName} is asked for the waybill.`,
    );
    setRaising(false);
    setComment("");
  };
  const doClose = async () => {
    if (!closing) return;
    await act(
      close.mutateAsync({ id: closing.id, comment: comment || undefined }),
      (w) => `Waybill ${w.requestId} closed.`,
    );
    setClosing(null);
    setViewing(null);
    setComment("");
  };

  return (
    <>
      <AdminTable
        testId="waybills-table"
        columns={columns}
        idAccessor="id"
        csvName="waybills"
        {...listTableProps(waybills, exportAdminWaybills, list)}
        search={{
          value: list.q,
          onChange: list.setQ,
          placeholder: "Request, load, AWB, transporter, partner",
        }}
        onOpen={setViewing}
        noRecordsText="No waybill requests"
        toolbar={
          <>
            <StatusPartnerFilters statuses={WAYBILL_STATUSES} list={list} />
            <WaitingSwitch label="Open only" list={list} />
            <Button size="xs" onClick={() => setRaising(true)}>
              Raise WH Request
            </Button>
          </>
        }
      />
      <AskDialog
        opened={raising}
        title="Raise a WH Request"
        message="Ask the partner of a shipped load for its waybill document."
        confirmLabel="Raise request"
        disabled={!Number(loadId)}
        loading={raise.isPending}
        onConfirm={doRaise}
        onClose={() => setRaising(false)}
      >
        <LazyNumberInput
          label="Load number"
          required
          min={1}
          allowDecimal={false}
          value={loadId}
          onChange={setLoadId}
        />
        <TextInput
          label="Checkpost"
          value={checkpost}
          onChange={(e) => setCheckpost(e.currentTarget.value)}
        />
        <Textarea label="Comment" value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
      </AskDialog>
      <WaybillDocuments
        waybill={viewing}
        onClose={() => setViewing(null)}
        onCloseWaybill={(w) => {
          setComment("");
          setClosing(w);
        }}
      />
      <AskDialog
        opened={closing !== null}
        title="Close waybill"
        message={`Close ${closing?.requestId} for load ${closing?.loadId}? Its document is in; this cannot be undone.`}
        confirmLabel="Close"
        loading={close.isPending}
        onConfirm={doClose}
        onClose={() => setClosing(null)}
      >
        <Textarea label="Comment" value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
      </AskDialog>
    </>
  );
}
