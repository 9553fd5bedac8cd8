import { Alert, Anchor, Badge, Card, Group, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import type { LedgerSrDetails } from "@portal/contracts";
import { formatDate, formatRupees, isCalendarDay, sumPaise, toPaise } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { CreditNoteLines } from "../../components/CreditNoteLines";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { ledgerQueries } from "./api";

const NOTE_TYPES = ["CN", "DN120", "DN180"];

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </Card>
  );
}

type CreditNoteRow = LedgerSrDetails["creditNotes"][number];
type Amount = "netAmount" | "GSTAmount" | "DNAmount120" | "DNAmount180";

/**
 * The credit note lines with their totals; on a phone each line is a card headed by its PO item,
 * with quantity, age and the amounts of this note (the other note's DN amount is left out).
 */
function creditNoteColumns(type: string, notes: readonly CreditNoteRow[]): Column<CreditNoteRow>[] {
  const total = (key: Amount) => formatRupees(sumPaise(notes.map((n) => toPaise(n.srorderdetails[key]))));
  const amount = (key: Amount, header: string, phone?: "hide"): Column<CreditNoteRow> => ({
    key,
    header,
    numeric: true,
    phone,
    cell: (n) => formatRupees(n.srorderdetails[key]),
    footer: total(key),
  });
  return [
    {
      key: "poItem",
      header: "PO item",
      phone: "title",
      cell: (n) => (
        <Group gap={6}>
          {n.poItemID}
          <Badge size="xs" variant="light">
            {n.srorderdetails.type}
          </Badge>
        </Group>
      ),
      footer: "Total",
    },
    {
      key: "qty",
      header: "Qty",
      numeric: true,
      cell: (n) => n.quantity,
      footer: String(notes.reduce((q, n) => q + n.quantity, 0)),
    },
    {
      key: "shipped",
      header: "Shipped",
      phone: "hide",
      cell: (n) => (n.shippingDate ? formatDate(n.shippingDate) : "-"),
    },
    { key: "age", header: "Age (days)", numeric: true, cell: (n) => n.ageDays },
    amount("netAmount", "Net amount"),
    amount("GSTAmount", "GST"),
    amount("DNAmount120", "DN120", type === "DN180" ? "hide" : undefined),
    amount("DNAmount180", "DN180", type === "DN120" ? "hide" : undefined),
  ];
}

/** A sales return's credit notes as the ledger shows them: CN every line, DN120 / DN180 the aged ones. */
export function LedgerSrDetailsPage() {
  usePageTitle("Ledger SR Details");
  const { id = "", approvedDate = "", noteType = "CN" } = useParams();
  const type = NOTE_TYPES.includes(noteType) ? noteType : "CN";
  const sr = useQuery({
    ...ledgerQueries.srDetails(id, type),
    retry: false,
  });
  const d = sr.data;
  return (
    <Stack>
      <PageHeader
        title={`Sales return ${id}`}
        description={
          <>
            {type} details as approved on{" "}
            {isCalendarDay(approvedDate) ? formatDate(approvedDate) : approvedDate}
            {" · "}
            <Anchor component={Link} to="/account/ledger">
              Back to the ledger
            </Anchor>
          </>
        }
      />
      {sr.isLoading && <Loader />}
      {sr.error && <Alert color="red">{errorMessage(sr.error)}</Alert>}
      {d && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <Fact label="Status" value={d.InvoiceStatus} />
            <Fact label="SR date" value={formatDate(d.InvoiceDate)} />
            <Fact label="Warehouse" value={String(d.WareHouseID)} />
            <Fact label="Amount" value={formatRupees(d.amount)} />
          </SimpleGrid>
          {d.creditNote && (
            <Card withBorder>
              <CreditNoteLines note={d.creditNote} />
            </Card>
          )}
          <Card withBorder p={0}>
            <ResponsiveTable
              label="Credit notes"
              columns={creditNoteColumns(type, d.creditNotes)}
              rows={d.creditNotes}
              rowKey={(n) => n.poItemID}
              minWidth={760}
              testId="sr-credit-notes"
            />
            {d.creditNotes.length === 0 && (
              <Text c="dimmed" p="md">
                No lines of this return are aged for {type}.
              </Text>
            )}
          </Card>
          <Card withBorder>
            <Text fw={600} mb="xs">
              Returned lines
            </Text>
            <Stack gap={4}>
              {d.lines.map((l) => (
                <Text size="sm" key={`${l.poid}-${l.productID}`}>
                  Product {l.productID} × {l.quantity} (order {l.poid ?? "-"}, HSN {l.hsncode}): MRP{" "}
                  {formatRupees(l.mrp)}, refundable {formatRupees(l.amountRefundable)}
                </Text>
              ))}
            </Stack>
          </Card>
        </>
      )}
    </Stack>
  );
}
