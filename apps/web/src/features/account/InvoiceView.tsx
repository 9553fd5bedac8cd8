import { Box, Button, Card, Group, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { Invoice } from "@portal/contracts";
import {
  amountInWords,
  formatPercent,
  formatRupees,
  INTRA_STATE_GST,
  SHIPPING_CHARGE_SAC,
} from "@portal/domain";
import { IconDownload, IconPrinter } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";

/**
 * Printing shows the invoice alone: everything that does not hold it leaves the layout (hidden
 * content would still take up room and print blank pages), and what holds it loses its height.
 */
const PRINT_CSS = `@media print {
  body *:not(:has(.printable-invoice)):not(.printable-invoice):not(.printable-invoice *) { display: none !important; }
  *:has(.printable-invoice) {
    position: static !important; overflow: visible !important; height: auto !important; min-height: 0 !important;
    max-height: none !important; margin: 0 !important; padding: 0 !important; transform: none !important;
    box-shadow: none !important; border: 0 !important;
  }
  .printable-invoice { width: 100%; }
  .printable-invoice .no-print { display: none !important; }
}`;

const dmy = (day: string) => day.slice(0, 10).split("-").reverse().join("-");

/** A tax of a line as printed: its name, amount and rate ("12%"; none for an old VAT line). */
interface Tax {
  name: string;
  amount: string;
  rate?: string;
}
/** A line of the invoice as printed: a product line or the shipping charge. */
interface Row {
  key: string;
  poid: string;
  product: string;
  hsn: string;
  quantity: number;
  rate: string;
  taxable: string;
  taxes: Tax[];
  total: string;
}
type Amounts = {
  cgst: string;
  sgst: string;
  igst: string;
  cgstRate: string;
  sgstRate: string;
  igstRate: string;
};

/** The taxes of a line under the invoice's regime: CGST and SGST, IGST, or the VAT/CST of before GST. */
function taxesOf(regime: string, a: Amounts & { vat: string; vatRate?: string }): Tax[] {
  if (regime === INTRA_STATE_GST)
    return [
      { name: "CGST", amount: a.cgst, rate: a.cgstRate },
      { name: "SGST", amount: a.sgst, rate: a.sgstRate },
    ];
  if (regime === "IGST") return [{ name: "IGST", amount: a.igst, rate: a.igstRate }];
  return [{ name: regime, amount: a.vat, ...(a.vatRate ? { rate: a.vatRate } : {}) }];
}

function rowsOf(invoice: Invoice): Row[] {
  const rows: Row[] = invoice.lines.map((l) => ({
    key: `${l.poid}-${l.productId}`,
    poid: l.poid,
    product: `${l.productId} ${l.name}`,
    hsn: l.hsnCode,
    quantity: l.quantity,
    rate: l.actualPrice,
    taxable: l.taxable,
    taxes: taxesOf(invoice.taxRegime, { ...l, vat: l.vatAmount }),
    total: l.total,
  }));
  const charge = invoice.shippingCharge;
  if (charge)
    rows.push({
      key: "shipping-charge",
      poid: "",
      product: "Shipping charge (GST inclusive)",
      hsn: SHIPPING_CHARGE_SAC,
      quantity: 1,
      rate: charge.amount,
      taxable: charge.taxable,
      taxes: taxesOf(invoice.taxRegime, charge),
      total: charge.amount,
    });
  return rows;
}

const nowrap = { whiteSpace: "nowrap" } as const;
const rateText = (tax: Tax) => (tax.rate ? ` (${formatPercent(tax.rate)})` : "");

/** Wide screens and print: the invoice's table with its totals row. */
function LinesTable({ invoice, rows }: { invoice: Invoice; rows: Row[] }) {
  const heads = taxesOf(invoice.taxRegime, { ...invoice.totals, cgstRate: "", sgstRate: "", igstRate: "" });
  return (
    <ScrollArea visibleFrom="sm" className="invoice-lines">
      <Table striped withTableBorder fz="xs" miw={720} data-testid="invoice-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th>HSN</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">Taxable</Table.Th>
            {heads.map((t) => (
              <Table.Th key={t.name} ta="right">
                {t.name}
              </Table.Th>
            ))}
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr
              key={r.key}
              data-testid={r.key === "shipping-charge" ? "invoice-shipping-charge" : undefined}
            >
              <Table.Td style={nowrap}>{r.poid}</Table.Td>
              <Table.Td>{r.product}</Table.Td>
              <Table.Td>{r.hsn}</Table.Td>
              <Table.Td ta="right">{r.quantity}</Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {formatRupees(r.rate)}
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {formatRupees(r.taxable)}
              </Table.Td>
              {r.taxes.map((t) => (
                <Table.Td key={t.name} ta="right" style={nowrap}>
                  {formatRupees(t.amount)}
                  <Text span size="xs" c="dimmed">
                    {rateText(t)}
                  </Text>
                </Table.Td>
              ))}
              <Table.Td ta="right" style={nowrap}>
                {formatRupees(r.total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td colSpan={5}>Total</Table.Td>
            <Table.Td ta="right" style={nowrap}>
              {formatRupees(invoice.totals.taxable)}
            </Table.Td>
            {heads.map((t) => (
              <Table.Td key={t.name} ta="right" style={nowrap}>
                {formatRupees(t.amount)}
              </Table.Td>
            ))}
            <Table.Td ta="right" style={nowrap}>
              {formatRupees(invoice.totals.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  );
}

/** Phones: one card a line, the amounts right-aligned under the product. */
function LineCards({ rows }: { rows: Row[] }) {
  const figure = (label: string, amount: string, note = "") => (
    <Group justify="space-between" gap="xs" wrap="nowrap" key={label}>
      <Text size="xs" c="dimmed">
        {label}
        {note}
      </Text>
      <Text size="xs" style={nowrap}>
        {formatRupees(amount)}
      </Text>
    </Group>
  );
  return (
    <Stack gap="xs" hiddenFrom="sm" data-testid="invoice-cards">
      {rows.map((r) => (
        <Card withBorder p="xs" key={r.key}>
          <Text size="sm" fw={600}>
            {r.product}
          </Text>
          <Text size="xs" c="dimmed" mb={4}>
            {[r.poid, `HSN ${r.hsn}`, `${r.quantity} × ${formatRupees(r.rate)}`].filter(Boolean).join(" · ")}
          </Text>
          {figure("Taxable", r.taxable)}
          {r.taxes.map((t) => figure(t.name, t.amount, rateText(t)))}
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              Total
            </Text>
            <Text size="sm" fw={600} style={nowrap}>
              {formatRupees(r.total)}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** An invoice as printed (proforma, tax or load), with Print and Download PDF. */
export function InvoiceView({ invoice, download }: { invoice: Invoice; download: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const rows = rowsOf(invoice);
  async function onDownload() {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap="sm" className="printable-invoice" data-testid="invoice">
      <style>{PRINT_CSS}</style>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <div>
          <Title order={4}>{invoice.company.name}</Title>
          <Text size="sm">GSTIN: {invoice.company.gstNo}</Text>
          <Text size="sm">CIN: {invoice.company.cin}</Text>
        </div>
        <Box ta={{ base: "left", xs: "right" }}>
          <Title order={4}>{invoice.kind}</Title>
          <Text size="sm">Invoice No: {invoice.number}</Text>
          <Text size="sm">Date: {dmy(invoice.issuedOn)}</Text>
        </Box>
        <div>
          <Text fw={600} size="sm">
            Ship from
          </Text>
          <Text size="sm">
            {invoice.warehouse.name} (warehouse {invoice.warehouse.id})
          </Text>
          <Text size="sm">{invoice.warehouse.address}</Text>
          <Text size="sm">Warehouse GSTIN: {invoice.warehouse.gstNo}</Text>
        </div>
        <Box ta={{ base: "left", xs: "right" }}>
          <Text fw={600} size="sm">
            Bill to
          </Text>
          <Text size="sm">{invoice.partner.name}</Text>
          <Text size="sm">Ship state: {invoice.partner.shipState}</Text>
          <Text size="sm">GSTIN: {invoice.partner.billingGstNo ?? "Not registered"}</Text>
          {invoice.shipOutDate && <Text size="sm">Ship-out date: {dmy(invoice.shipOutDate)}</Text>}
        </Box>
      </SimpleGrid>
      <LinesTable invoice={invoice} rows={rows} />
      <LineCards rows={rows} />
      <Stack gap={0} align="flex-end">
        <Text fw={700} data-testid="invoice-total">
          Amount payable: {formatRupees(invoice.total)}
        </Text>
        <Text size="sm" fs="italic" ta="right">
          {amountInWords(invoice.total)}
        </Text>
      </Stack>
      <Group justify="flex-end" className="no-print">
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          Print
        </Button>
        <Button leftSection={<IconDownload size={16} />} loading={busy} onClick={onDownload}>
          Download PDF
        </Button>
      </Group>
    </Stack>
  );
}
