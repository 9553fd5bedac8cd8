import { Button, Group, ScrollArea, Stack, Table, Text, Title } from "@mantine/core";
import type { Invoice } from "@portal/contracts";
import { amountInWords, formatRupees, INTRA_STATE_GST, SHIPPING_CHARGE_SAC } from "@portal/domain";
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

/** An invoice as printed (proforma, tax or load), with Print and Download PDF. */
export function InvoiceView({ invoice, download }: { invoice: Invoice; download: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const gst = invoice.taxRegime === INTRA_STATE_GST || invoice.taxRegime === "IGST";
  const igst = invoice.taxRegime === "IGST";
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
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={4}>{invoice.company.name}</Title>
          <Text size="sm">GSTIN: {invoice.company.gstNo}</Text>
          <Text size="sm">CIN: {invoice.company.cin}</Text>
        </div>
        <div style={{ textAlign: "right" }}>
          <Title order={4}>{invoice.kind}</Title>
          <Text size="sm">Invoice No: {invoice.number}</Text>
          <Text size="sm">Date: {dmy(invoice.issuedOn)}</Text>
        </div>
      </Group>
      <Group justify="space-between" align="flex-start">
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
        <div>
          <Text fw={600} size="sm">
            Bill to
          </Text>
          <Text size="sm">{invoice.partner.name}</Text>
          <Text size="sm">Ship state: {invoice.partner.shipState}</Text>
          <Text size="sm">GSTIN: {invoice.partner.billingGstNo ?? "Not registered"}</Text>
          {invoice.shipOutDate && <Text size="sm">Ship-out date: {dmy(invoice.shipOutDate)}</Text>}
        </div>
      </Group>
      <ScrollArea>
        <Table striped withTableBorder fz="xs" miw={760}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order</Table.Th>
              <Table.Th>Product</Table.Th>
              <Table.Th>HSN</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Rate</Table.Th>
              <Table.Th ta="right">Taxable</Table.Th>
              {gst ? (
                igst ? (
                  <Table.Th ta="right">IGST</Table.Th>
                ) : (
                  <>
                    <Table.Th ta="right">CGST</Table.Th>
                    <Table.Th ta="right">SGST</Table.Th>
                  </>
                )
              ) : (
                <Table.Th ta="right">{invoice.taxRegime}</Table.Th>
              )}
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((l) => (
              <Table.Tr key={`${l.poid}-${l.productId}`}>
                <Table.Td>{l.poid}</Table.Td>
                <Table.Td>
                  {l.productId} {l.name}
                </Table.Td>
                <Table.Td>{l.hsnCode}</Table.Td>
                <Table.Td ta="right">{l.quantity}</Table.Td>
                <Table.Td ta="right">{formatRupees(l.actualPrice)}</Table.Td>
                <Table.Td ta="right">{formatRupees(l.taxable)}</Table.Td>
                {gst ? (
                  igst ? (
                    <Table.Td ta="right">
                      {formatRupees(l.igst)} ({l.igstRate}%)
                    </Table.Td>
                  ) : (
                    <>
                      <Table.Td ta="right">
                        {formatRupees(l.cgst)} ({l.cgstRate}%)
                      </Table.Td>
                      <Table.Td ta="right">
                        {formatRupees(l.sgst)} ({l.sgstRate}%)
                      </Table.Td>
                    </>
                  )
                ) : (
                  <Table.Td ta="right">
                    {formatRupees(l.vatAmount)}
                    {l.vatRate ? ` (${l.vatRate}%)` : ""}
                  </Table.Td>
                )}
                <Table.Td ta="right">{formatRupees(l.total)}</Table.Td>
              </Table.Tr>
            ))}
            {invoice.shippingCharge && (
              <Table.Tr data-testid="invoice-shipping-charge">
                <Table.Td />
                <Table.Td>Shipping charge (GST inclusive)</Table.Td>
                <Table.Td>{SHIPPING_CHARGE_SAC}</Table.Td>
                <Table.Td ta="right">1</Table.Td>
                <Table.Td ta="right">{formatRupees(invoice.shippingCharge.amount)}</Table.Td>
                <Table.Td ta="right">{formatRupees(invoice.shippingCharge.taxable)}</Table.Td>
                {gst ? (
                  igst ? (
                    <Table.Td ta="right">
                      {formatRupees(invoice.shippingCharge.igst)} ({invoice.shippingCharge.igstRate}%)
                    </Table.Td>
                  ) : (
                    <>
                      <Table.Td ta="right">
                        {formatRupees(invoice.shippingCharge.cgst)} ({invoice.shippingCharge.cgstRate}%)
                      </Table.Td>
                      <Table.Td ta="right">
                        {formatRupees(invoice.shippingCharge.sgst)} ({invoice.shippingCharge.sgstRate}%)
                      </Table.Td>
                    </>
                  )
                ) : (
                  <Table.Td ta="right">
                    {formatRupees(invoice.shippingCharge.vat)}
                    {invoice.shippingCharge.vatRate ? ` (${invoice.shippingCharge.vatRate}%)` : ""}
                  </Table.Td>
                )}
                <Table.Td ta="right">{formatRupees(invoice.shippingCharge.amount)}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Stack gap={0} align="flex-end">
        <Text fw={700} data-testid="invoice-total">
          Amount payable: {formatRupees(invoice.total)}
        </Text>
        <Text size="sm" fs="italic">
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
