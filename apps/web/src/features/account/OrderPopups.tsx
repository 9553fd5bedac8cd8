import { Alert, Button, Group, Loader, Modal, ScrollArea, Stack, Table, Text } from "@mantine/core";
import type { ReorderResponse } from "@portal/contracts";
import { formatRupees } from "@portal/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage } from "../../lib/api";
import { CART_KEY } from "../../lib/cart";
import { notify } from "../../lib/notify";
import { accountApi, accountQueries, downloads } from "./api";
import { InvoiceView } from "./InvoiceView";

/** The invoice of an order as a large modal ("Invoice details is not available!!" when none). */
export function OrderInvoiceModal({ poid, onClose }: { poid: string | null; onClose: () => void }) {
  const invoice = useQuery({
    ...accountQueries.invoice(poid),
    enabled: poid !== null,
    retry: false,
  });
  return (
    <Modal opened={poid !== null} onClose={onClose} title="Invoice" size="90%">
      {invoice.isLoading && <Loader size="sm" />}
      {invoice.error && <Alert color="red">{errorMessage(invoice.error)}</Alert>}
      {invoice.data && poid && (
        <InvoiceView invoice={invoice.data} download={() => downloads.orderInvoicePdf(poid)} />
      )}
    </Modal>
  );
}

/** Ordered, confirmed and delivered quantities per line and the gap. */
export function GapReportView({ poid }: { poid: string }) {
  const report = useQuery(accountQueries.gap(poid));
  if (report.isLoading) return <Loader size="sm" />;
  if (report.error) return <Alert color="red">{errorMessage(report.error)}</Alert>;
  const data = report.data;
  if (!data) return null;
  return (
    <ScrollArea>
      <Table striped miw={560} data-testid="gap-report">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">MRP</Table.Th>
            <Table.Th ta="right">Ordered</Table.Th>
            <Table.Th ta="right">Confirmed</Table.Th>
            <Table.Th ta="right">Delivered</Table.Th>
            <Table.Th ta="right">Gap</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.lines.map((l) => (
            <Table.Tr key={l.productId}>
              <Table.Td>
                {l.productId} {l.name}
              </Table.Td>
              <Table.Td ta="right">{formatRupees(l.mrp)}</Table.Td>
              <Table.Td ta="right">{l.orderedQuantity}</Table.Td>
              <Table.Td ta="right">{l.confirmedQuantity}</Table.Td>
              <Table.Td ta="right">{l.deliveredQuantity}</Table.Td>
              <Table.Td ta="right" fw={l.gap > 0 ? 700 : undefined}>
                {l.gap}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text ta="right" mt="xs" fw={600}>
        Total gap: {data.totalGap}
      </Text>
    </ScrollArea>
  );
}

/** Line by line: what a reorder added, reduced or refused. */
export function ReorderResultTable({ result }: { result: ReorderResponse }) {
  return (
    <ScrollArea>
      <Table miw={520} data-testid="reorder-result">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Asked</Table.Th>
            <Table.Th ta="right">Added</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.lines.map((l) => (
            <Table.Tr key={l.productId}>
              <Table.Td>
                {l.productId} {l.name}
              </Table.Td>
              <Table.Td ta="right">{l.requested}</Table.Td>
              <Table.Td ta="right">{l.added}</Table.Td>
              <Table.Td>
                <StatusBadge status={l.outcome} />{" "}
                {l.message && (
                  <Text span size="xs">
                    {l.message}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
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
    <Modal opened={result !== null} onClose={() => setResult(null)} title="Added to cart" size="lg">
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
