import { Alert, Button, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { GapReport, ReorderResponse } from "@portal/contracts";
import { formatCount, formatRupees } from "@portal/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage } from "../../lib/api";
import { CART_KEY } from "../../lib/cart";
import { notify } from "../../lib/notify";
import { accountApi, accountQueries, downloads } from "./api";
import { type InvoicePayment, InvoiceView } from "./InvoiceView";
import { CardTitle } from "./PaymentBadge";

/** A popup fills a phone's screen and takes most of a laptop's. */
export function usePopupSize() {
  const phone = useMediaQuery("(max-width: 40em)");
  return { size: "90%", fullScreen: phone === true } as const;
}

/** The invoice of an order as a large modal ("Invoice details is not available!!" when none). */
export function OrderInvoiceModal({
  poid,
  onClose,
  payment,
}: {
  poid: string | null;
  onClose: () => void;
  payment?: InvoicePayment | undefined;
}) {
  const invoice = useQuery({
    ...accountQueries.invoice(poid),
    enabled: poid !== null,
    retry: false,
  });
  return (
    <Modal
      opened={poid !== null}
      onClose={onClose}
      title={`Invoice of ${poid ?? "the order"}`}
      {...usePopupSize()}
    >
      {invoice.isLoading && <Loader size="sm" />}
      {invoice.error && <Alert color="red">{errorMessage(invoice.error)}</Alert>}
      {invoice.data && poid && (
        <InvoiceView
          invoice={invoice.data}
          payment={invoice.data.kind === "TAX INVOICE" ? payment : undefined}
          download={() => downloads.orderInvoicePdf(poid)}
        />
      )}
    </Modal>
  );
}

type GapLine = GapReport["lines"][number];
const sumOf = (lines: readonly GapLine[], f: (l: GapLine) => number) =>
  formatCount(lines.reduce((n, l) => n + f(l), 0));

/** Ordered, confirmed and delivered quantities per line and the gap. */
export function GapReportView({ poid }: { poid: string }) {
  const report = useQuery(accountQueries.gap(poid));
  const width = 560;
  if (report.isLoading) return <Loader size="sm" />;
  if (report.error) return <Alert color="red">{errorMessage(report.error)}</Alert>;
  const data = report.data;
  if (!data) return null;
  const columns: Column<GapLine>[] = [
    {
      key: "product",
      header: "Product",
      cell: (l) => <CardTitle>{`${l.productId} ${l.name}`}</CardTitle>,
      phone: "title",
      footer: "Total",
    },
    { key: "mrp", header: "MRP", cell: (l) => formatRupees(l.mrp), numeric: true },
    {
      key: "ordered",
      header: "Ordered",
      cell: (l) => l.orderedQuantity,
      numeric: true,
      footer: sumOf(data.lines, (l) => l.orderedQuantity),
    },
    {
      key: "confirmed",
      header: "Confirmed",
      cell: (l) => l.confirmedQuantity,
      numeric: true,
      footer: sumOf(data.lines, (l) => l.confirmedQuantity),
    },
    {
      key: "delivered",
      header: "Delivered",
      cell: (l) => l.deliveredQuantity,
      numeric: true,
      footer: sumOf(data.lines, (l) => l.deliveredQuantity),
    },
    {
      key: "gap",
      header: "Gap",
      cell: (l) => (l.gap > 0 ? <strong>{l.gap}</strong> : l.gap),
      numeric: true,
      footer: formatCount(data.totalGap),
    },
  ];
  return (
    <Stack gap="xs">
      <ResponsiveTable
        label={`Gap report of ${poid}`}
        columns={columns}
        rows={data.lines}
        rowKey={(l) => l.productId}
        minWidth={width}
        testId="gap-report"
      />
      <Text ta="right" fw={600}>
        {formatCount(data.lines.length)} lines · Total gap: {data.totalGap}
      </Text>
    </Stack>
  );
}

type ReorderLine = ReorderResponse["lines"][number];

/** Line by line: what a reorder added, reduced or refused. */
export function ReorderResultTable({ result }: { result: ReorderResponse }) {
  const width = 520;
  const columns: Column<ReorderLine>[] = [
    {
      key: "product",
      header: "Product",
      cell: (l) => <CardTitle>{`${l.productId} ${l.name}`}</CardTitle>,
      phone: "title",
    },
    { key: "requested", header: "Asked", cell: (l) => l.requested, numeric: true },
    { key: "added", header: "Added", cell: (l) => l.added, numeric: true },
    {
      key: "result",
      header: "Result",
      cell: (l) => (
        <Stack gap={2} align="flex-end">
          <StatusBadge status={l.outcome} />
          {l.message && (
            <Text span size="xs">
              {l.message}
            </Text>
          )}
        </Stack>
      ),
    },
  ];
  return (
    <ResponsiveTable
      label="What was added to the cart"
      columns={columns}
      rows={result.lines}
      rowKey={(l) => l.productId}
      minWidth={width}
      testId="reorder-result"
    />
  );
}

/** Runs gap reorder or order again and shows the line-by-line outcome in a modal. */
export function useReorder(): {
  run: (poid: string, mode: "gap" | "all") => Promise<void>;
  modal: ReactNode;
  busy: boolean;
} {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [result, setResult] = useState<ReorderResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const popup = usePopupSize();
  async function run(poid: string, mode: "gap" | "all") {
    setBusy(true);
    try {
      const answer = await accountApi.reorder(poid, mode);
      setResult(answer);
      if (answer.added > 0) notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: CART_KEY });
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  const modal = (
    <Modal opened={result !== null} onClose={() => setResult(null)} title="Added to cart" {...popup}>
      {result && (
        <Stack>
          <ReorderResultTable result={result} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setResult(null)}>
              Close
            </Button>
            <Button onClick={() => navigate("/checkout")}>Go to cart</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
  return { run, modal, busy };
}
