import {
  Anchor,
  Button,
  Group,
  Kbd,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import type { Invoice } from "@portal/contracts";
import { amountInWords, paiseToDecimal, sumPaise, toPaise } from "@portal/domain";
import { IconArrowLeft, IconDownload, IconPrinter } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { day, money } from "../../admin-kit/format";
import { HistoryPanel } from "../../admin-kit/HistoryPanel";
import { usePageShortcut } from "../../admin-kit/keyboard";
import { ErrorState } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import { downloadInvoicePdf, invoicePdfBlob, useAdminInvoice } from "./api";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/**
 * Prints the invoice's PDF (the very document the partner downloads) through the browser's own
 * viewer, in a hidden frame; where a browser will not print a frame's PDF, it opens in a new tab.
 */
async function printPdf(id: number) {
  const url = URL.createObjectURL(await invoicePdfBlob(id));
  const frame = document.createElement("iframe");
  frame.style.position = "fixed";
  frame.style.width = "0";
  frame.style.height = "0";
  frame.style.border = "0";
  frame.src = url;
  frame.dataset.testid = "invoice-print-frame";
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(url, "_blank", "noopener");
    }
  };
  document.body.append(frame);
  // the print dialog holds the frame while it is open; a minute later it is no longer needed
  setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, 60_000);
}

/** The invoice as printed: parties, lines, totals; Print (P) and Download PDF (D); its source's history. */
export function InvoicePage() {
  const id = Number(useParams().id);
  return <InvoiceDetail id={id} />;
}

export function InvoiceDetail({ id }: { id: number }) {
  const invoice = useAdminInvoice(id);
  const data = invoice.data;
  usePageTitle(`Admin Console: Invoice ${data?.number ?? id}`);
  const [busy, setBusy] = useState<null | "print" | "pdf">(null);
  const run = async (what: "print" | "pdf") => {
    if (!data || busy) return;
    setBusy(what);
    try {
      if (what === "print") await printPdf(data.id);
      else notify.success(`Saved ${await downloadInvoicePdf(data.id, data.number)}`);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  usePageShortcut("p", () => void run("print"), Boolean(data));
  usePageShortcut("d", () => void run("pdf"), Boolean(data));

  const back = (
    <Anchor component={Link} to="/admin/invoices" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} /> Invoices
      </Group>
    </Anchor>
  );
  if (invoice.isError)
    return (
      <Stack gap="sm">
        {back}
        <ErrorState description={errorMessage(invoice.error)} onRetry={() => invoice.refetch()} />
      </Stack>
    );
  if (!data)
    return (
      <Stack gap="sm">
        {back}
        <Text size="sm" c="dimmed">
          Loading invoice…
        </Text>
      </Stack>
    );

  return (
    <Stack gap="md" data-testid="admin-invoice">
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2} fz={22} style={{ wordBreak: "break-all" }}>
            {data.number}
          </Title>
          <Text size="sm" c="dimmed">
            {data.kind} of {day(data.issuedOn)} · financial year {data.financialYear} · {data.taxRegime}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            size="xs"
            leftSection={<IconPrinter size={15} />}
            rightSection={<Kbd size="xs">P</Kbd>}
            aria-keyshortcuts="p"
            loading={busy === "print"}
            onClick={() => void run("print")}
            data-testid="invoice-print"
          >
            Print
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={15} />}
            rightSection={<Kbd size="xs">D</Kbd>}
            aria-keyshortcuts="d"
            loading={busy === "pdf"}
            onClick={() => void run("pdf")}
            data-testid="invoice-pdf"
          >
            Download PDF
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Fact label="Issued by">
            {data.company.name}
            <Text size="xs" c="dimmed">
              GSTIN {data.company.gstNo}
            </Text>
          </Fact>
          <Fact label="Ship from">
            {data.warehouse.name} (warehouse {data.warehouse.id})
            <Text size="xs" c="dimmed">
              {data.warehouse.address}
            </Text>
          </Fact>
          <Fact label="Bill to">
            {data.partner.name}
            <Text size="xs" c="dimmed">
              {data.partner.shipState} · GSTIN {data.partner.billingGstNo ?? "not registered"}
            </Text>
          </Fact>
          <Fact label={data.poid ? "Order" : "Load"}>
            {data.poid ? (
              <Anchor component={Link} to={`/admin/orders/${encodeURIComponent(data.poid)}`} size="sm">
                {data.poid}
              </Anchor>
            ) : (
              `Load ${data.loadId ?? "–"}`
            )}
            {data.shipOutDate && (
              <Text size="xs" c="dimmed">
                Shipped {day(data.shipOutDate)}
              </Text>
            )}
          </Fact>
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md">
        {/* the lines scroll sideways on a phone: the keyboard reaches them too */}
        <ScrollArea
          type="auto"
          viewportProps={{ tabIndex: 0, role: "region", "aria-label": "Invoice lines" }}
        >
          <InvoiceLines invoice={data} />
        </ScrollArea>
        <Stack gap={0} p="sm" align="flex-end">
          <Text fw={700} data-testid="invoice-total">
            Amount payable: {money(data.total)}
          </Text>
          <Text size="xs" fs="italic" c="dimmed">
            {amountInWords(data.total)}
          </Text>
        </Stack>
      </Paper>
      {data.poid ? (
        <HistoryPanel entity="order" entityId={data.poid} />
      ) : data.loadId ? (
        <HistoryPanel entity="load" entityId={String(data.loadId)} />
      ) : null}
    </Stack>
  );
}

/** The lines, the shipping charge and the totals, tax by the invoice's regime. */
function InvoiceLines({ invoice }: { invoice: Invoice }) {
  const charge = invoice.shippingCharge;
  return (
    <Table fz="sm" striped withRowBorders={false} data-testid="invoice-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Order</Table.Th>
          <Table.Th>Product</Table.Th>
          <Table.Th>HSN</Table.Th>
          <Table.Th ta="right">Qty</Table.Th>
          <Table.Th ta="right">Rate</Table.Th>
          <Table.Th ta="right">Taxable</Table.Th>
          <Table.Th ta="right">Tax</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoice.lines.map((l) => (
          <Table.Tr key={`${l.poid}:${l.productId}`}>
            <Table.Td>{l.poid}</Table.Td>
            <Table.Td>
              {l.productId} {l.name}
            </Table.Td>
            <Table.Td>{l.hsnCode}</Table.Td>
            <Table.Td ta="right">{l.quantity}</Table.Td>
            <Table.Td ta="right">{money(l.actualPrice)}</Table.Td>
            <Table.Td ta="right">{money(l.taxable)}</Table.Td>
            <Table.Td ta="right">{money(taxOf(l))}</Table.Td>
            <Table.Td ta="right">{money(l.total)}</Table.Td>
          </Table.Tr>
        ))}
        {charge && (
          <Table.Tr>
            <Table.Td />
            <Table.Td colSpan={4}>Shipping charge (GST inclusive)</Table.Td>
            <Table.Td ta="right">{money(charge.taxable)}</Table.Td>
            <Table.Td ta="right">{money(taxOf({ ...charge, vatAmount: charge.vat }))}</Table.Td>
            <Table.Td ta="right">{money(charge.amount)}</Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={5}>Total</Table.Th>
          <Table.Th ta="right">{money(invoice.totals.taxable)}</Table.Th>
          <Table.Th ta="right">{money(taxOf({ ...invoice.totals, vatAmount: invoice.totals.vat }))}</Table.Th>
          <Table.Th ta="right">{money(invoice.totals.total)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

/** A line's tax under any regime: one of VAT/CST, CGST+SGST or IGST is non-zero. */
const taxOf = (l: { vatAmount: string; cgst: string; sgst: string; igst: string }) =>
  paiseToDecimal(sumPaise([l.vatAmount, l.cgst, l.sgst, l.igst].map(toPaise)));
