import { ScrollArea, Stack, Table, Text } from "@mantine/core";
import type { CreditNote } from "@portal/contracts";
import { formatDate, formatRupees } from "@portal/domain";

/** A credit note's lines as issued: HSN, rate, taxable value and tax of each returned line, and its totals. */
export function CreditNoteLines({ note }: { note: CreditNote }) {
  return (
    <Stack gap="xs" data-testid="credit-note-lines">
      <Text size="sm" fw={600}>
        {note.number ? `Credit note ${note.number} of ${formatDate(note.day)}` : "Credit note (on approval)"}:
        reverses invoice {note.invoiceNumber} ({note.taxRegime})
      </Text>
      <ScrollArea
        type="auto"
        viewportProps={{ tabIndex: 0, role: "region", "aria-label": "Credit note lines" }}
      >
        <Table miw={520} withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
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
            {note.lines.map((l) => {
              const rate = [l.vatRate, l.cgstRate, l.sgstRate, l.igstRate].reduce((s, r) => s + Number(r), 0);
              const tax = [
                [note.taxRegime === "CST" ? "CST" : "VAT", l.vat],
                ["CGST", l.cgst],
                ["SGST", l.sgst],
                ["IGST", l.igst],
              ].filter(([, v]) => v !== "0.00");
              return (
                <Table.Tr key={`${l.poid}-${l.productId}`}>
                  <Table.Td>
                    {l.name}
                    <Text size="xs" c="dimmed">
                      {l.productId} · {l.poid}
                    </Text>
                  </Table.Td>
                  <Table.Td>{l.hsnCode}</Table.Td>
                  <Table.Td ta="right">{l.quantity}</Table.Td>
                  <Table.Td ta="right">{rate.toFixed(2)}%</Table.Td>
                  <Table.Td ta="right">{formatRupees(l.taxable)}</Table.Td>
                  <Table.Td ta="right">
                    {tax.map(([name, v]) => `${name} ${formatRupees(v ?? "0.00")}`).join(" + ") ||
                      formatRupees("0.00")}
                  </Table.Td>
                  <Table.Td ta="right">{formatRupees(l.total)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Text size="sm" ta="right">
        Taxable {formatRupees(note.totals.taxable)} · total {formatRupees(note.totals.total)}
      </Text>
    </Stack>
  );
}
