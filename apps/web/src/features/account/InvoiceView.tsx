import { Box, Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { Invoice } from "@portal/contracts";
import {
  amountInWords,
  formatCount,
  formatPercent,
  formatRupees,
  INTRA_STATE_GST,
  type InvoicePaymentStatus,
  paiseToDecimal,
  SHIPPING_CHARGE_SAC,
  toPaise,
} from "@portal/domain";
import { IconDownload, IconPrinter } from "@tabler/icons-react";
import { useState } from "react";
import { FigureCard } from "../../components/lists";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { CardTitle, PaymentCell } from "./PaymentBadge";

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

const rateText = (tax: Tax) => (tax.rate ? ` (${formatPercent(tax.rate)})` : "");

/** The invoice's lines: a table with its totals row on a laptop and in print, a card a line on a phone. */
function LinesTable({ invoice, rows }: { invoice: Invoice; rows: Row[] }) {
  const width = 720;
  const heads = taxesOf(invoice.taxRegime, { ...invoice.totals, cgstRate: "", sgstRate: "", igstRate: "" });
  const columns: Column<Row>[] = [
    {
      key: "product",
      header: "Product",
      cell: (r) => <CardTitle>{r.product}</CardTitle>,
      phone: "title",
      footer: "Total",
    },
    { key: "poid", header: "Order", cell: (r) => r.poid || "—" },
    { key: "hsn", header: "HSN", cell: (r) => r.hsn },
    { key: "quantity", header: "Qty", cell: (r) => r.quantity, numeric: true },
    { key: "rate", header: "Rate", cell: (r) => formatRupees(r.rate), numeric: true },
    {
      key: "taxable",
      header: "Taxable",
      cell: (r) => formatRupees(r.taxable),
      numeric: true,
      footer: formatRupees(invoice.totals.taxable),
    },
    ...heads.map(
      (h, i): Column<Row> => ({
        key: `tax-${h.name}`,
        header: h.name,
        numeric: true,
        cell: (r) => {
          const t = r.taxes[i];
          return t ? (
            <>
              {formatRupees(t.amount)}
              <Text span size="xs" c="dimmed">
                {rateText(t)}
              </Text>
            </>
          ) : (
            "—"
          );
        },
        footer: formatRupees(h.amount),
      }),
    ),
    {
      key: "total",
      header: "Total",
      cell: (r) => <strong>{formatRupees(r.total)}</strong>,
      numeric: true,
      footer: formatRupees(invoice.totals.total),
    },
  ];
  return (
    <ResponsiveTable
      label={`Lines of ${invoice.kind.toLowerCase()} ${invoice.number}`}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.key}
      minWidth={width}
      testId="invoice-lines"
    />
  );
}

/** The figures a partner checks first: lines, taxable value, GST, the total, and what is paid. */
function InvoiceFigures({ invoice, payment }: { invoice: Invoice; payment?: InvoicePayment | undefined }) {
  const t = invoice.totals;
  const tax = toPaise(t.cgst) + toPaise(t.sgst) + toPaise(t.igst) + toPaise(t.vat);
  const taxName =
    invoice.taxRegime === INTRA_STATE_GST || invoice.taxRegime === "IGST" ? "GST" : invoice.taxRegime;
  return (
    <SimpleGrid cols={{ base: 2, sm: payment ? 5 : 4 }} spacing="xs" data-testid="invoice-figures">
      <FigureCard strong={false} label="Lines" value={formatCount(invoice.lines.length)} />
      <FigureCard strong={false} label="Taxable" value={formatRupees(t.taxable)} />
      <FigureCard strong={false} label={taxName} value={formatRupees(paiseToDecimal(tax))} />
      <FigureCard label="Total" value={formatRupees(t.total)} />
      {payment && (
        <FigureCard
          strong={false}
          label="Payment"
          value={<PaymentCell status={payment.status} due={payment.due} />}
        />
      )}
    </SimpleGrid>
  );
}

/** What is paid of a tax invoice (from the load list). */
export interface InvoicePayment {
  status: InvoicePaymentStatus;
  due: string;
}

/** An invoice as printed (proforma, tax or load), with Print and Download PDF. */
export function InvoiceView({
  invoice,
  download,
  payment,
}: {
  invoice: Invoice;
  download: () => Promise<void>;
  payment?: InvoicePayment | undefined;
}) {
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
          <Title order={3} size="h4">
            {invoice.company.name}
          </Title>
          <Text size="sm">GSTIN: {invoice.company.gstNo}</Text>
          <Text size="sm">CIN: {invoice.company.cin}</Text>
        </div>
        <Box ta={{ base: "left", xs: "right" }}>
          <Title order={3} size="h4">
            {invoice.kind}
          </Title>
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
      <InvoiceFigures invoice={invoice} payment={payment} />
      <LinesTable invoice={invoice} rows={rows} />
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
