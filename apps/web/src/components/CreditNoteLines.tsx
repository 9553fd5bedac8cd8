import { Stack, Text } from "@mantine/core";
import type { CreditNote } from "@portal/contracts";
import { formatDate, formatRupees } from "@portal/domain";
import { type Column, ResponsiveTable } from "./ResponsiveTable";

type Line = CreditNote["lines"][number];

/** The columns of a credit note's lines; on a phone each line is a card headed by its product (HSN left out). */
function lineColumns(note: CreditNote): Column<Line>[] {
  return [
    {
      key: "product",
      header: "Product",
      phone: "title",
      cell: (l) => (
        <div>
          {l.name}
          <Text size="xs" c="dimmed" fw={400}>
            {l.productId} · {l.poid}
          </Text>
        </div>
      ),
      footer: "Total",
    },
    { key: "hsn", header: "HSN", phone: "hide", cell: (l) => l.hsnCode },
    { key: "qty", header: "Qty", numeric: true, cell: (l) => l.quantity },
    {
      key: "rate",
      header: "Rate",
      numeric: true,
      cell: (l) =>
        `${[l.vatRate, l.cgstRate, l.sgstRate, l.igstRate].reduce((s, r) => s + Number(r), 0).toFixed(2)}%`,
    },
    {
      key: "taxable",
      header: "Taxable",
      numeric: true,
      cell: (l) => formatRupees(l.taxable),
      footer: formatRupees(note.totals.taxable),
    },
    {
      key: "tax",
      header: "Tax",
      numeric: true,
      cell: (l) =>
        [
          [note.taxRegime === "CST" ? "CST" : "VAT", l.vat],
          ["CGST", l.cgst],
          ["SGST", l.sgst],
          ["IGST", l.igst],
        ]
          .filter(([, v]) => v !== "0.00")
          .map(([name, v]) => `${name} ${formatRupees(v ?? "0.00")}`)
          .join(" + ") || formatRupees("0.00"),
    },
    {
      key: "total",
      header: "Total",
      numeric: true,
      cell: (l) => formatRupees(l.total),
      footer: formatRupees(note.totals.total),
    },
  ];
}

/** A credit note's lines as issued: HSN, rate, taxable value and tax of each returned line, and its totals. */
export function CreditNoteLines({ note }: { note: CreditNote }) {
  return (
    <Stack gap="xs" data-testid="credit-note-lines">
      <Text size="sm" fw={600}>
        {note.number ? `Credit note ${note.number} of ${formatDate(note.day)}` : "Credit note (on approval)"}:
        reverses invoice {note.invoiceNumber} ({note.taxRegime})
      </Text>
      <ResponsiveTable
        label="Credit note lines"
        columns={lineColumns(note)}
        rows={note.lines}
        rowKey={(l) => `${l.poid}-${l.productId}`}
        minWidth={520}
        striped={false}
      />
    </Stack>
  );
}
