import { Table, Text } from "@mantine/core";
import type { ProductDetail } from "@portal/contracts";
import { formatRupees, GST_TYPE_NOTE, INTRA_STATE_GST, toPaise } from "@portal/domain";
import { formatPercent } from "./format";
import classes from "./products.module.css";

interface Line {
  label: string;
  note?: string;
  amount: string;
  sign?: "-" | "+";
  strong?: boolean;
}

/**
 * One unit's price as the API computed it: MRP, less the retailer margin, is the cost to customer;
 * that is base cost plus GST (CGST and SGST within a state, IGST across states); net cost is what the
 * store pays, and the partner keeps MRP less net cost.
 */
export function PriceBreakdown({ product, compact = false }: { product: ProductDetail; compact?: boolean }) {
  const { pricing, tax, gstRates } = product;
  // a kiosk guest's product has no wholesale price (MRP only): nothing to break down
  if (!pricing || !tax || !gstRates) return null;
  const marginAmount = toPaise(pricing.mrp) - toPaise(pricing.ctc);
  const lines: Line[] = [
    { label: "MRP", amount: formatRupees(pricing.mrp) },
    {
      label: "Retailer margin",
      note: formatPercent(pricing.retailerMargin),
      amount: formatRupees(marginAmount),
      sign: "-",
    },
    { label: "Cost to customer", amount: formatRupees(pricing.ctc), strong: true },
    { label: "Base cost", note: "before GST", amount: formatRupees(pricing.baseCost) },
    ...(product.gstType === INTRA_STATE_GST
      ? [
          {
            label: "CGST",
            note: formatPercent(gstRates.cgst),
            amount: formatRupees(tax.cgst),
            sign: "+" as const,
          },
          {
            label: "SGST",
            note: formatPercent(gstRates.sgst),
            amount: formatRupees(tax.sgst),
            sign: "+" as const,
          },
        ]
      : [
          {
            label: "IGST",
            note: formatPercent(gstRates.igst),
            amount: formatRupees(tax.igst),
            sign: "+" as const,
          },
        ]),
    { label: "Net cost", note: "per unit", amount: formatRupees(pricing.netCost), strong: true },
  ];

  return (
    <div data-testid="price-breakdown">
      <Table
        className={classes.priceTable}
        verticalSpacing={compact ? 6 : 9}
        horizontalSpacing={compact ? "xs" : "sm"}
        fz="sm"
        withRowBorders
        aria-label="Price breakdown per unit"
      >
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr
              key={line.label}
              fw={line.strong ? 700 : undefined}
              bg={line.strong ? "gray.0" : undefined}
            >
              <Table.Th fw={line.strong ? 700 : 500} scope="row">
                {line.label}
                {line.note && (
                  <Text span size="xs" c="dimmed" ml={6} fw={400}>
                    {line.note}
                  </Text>
                )}
              </Table.Th>
              <Table.Td ta="right">
                {line.sign && (
                  <Text span c="dimmed" mr={4}>
                    {line.sign === "-" ? "−" : "+"}
                  </Text>
                )}
                {line.amount}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={8}>
        Your margin: <b>{formatRupees(pricing.margin)}</b> per unit (MRP less net cost).{" "}
        {GST_TYPE_NOTE[product.gstType]}
      </Text>
    </div>
  );
}
