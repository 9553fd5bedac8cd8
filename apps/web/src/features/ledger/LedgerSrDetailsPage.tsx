import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Loader,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { formatDate, formatRupees, isCalendarDay } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { CreditNoteLines } from "../../components/CreditNoteLines";
import { PageHeader } from "../../components/PageHeader";
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
      <Text fw={600}>{value}</Text>
    </Card>
  );
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
            <ScrollArea viewportProps={{ tabIndex: 0, role: "region", "aria-label": "Credit notes" }}>
              <Table striped miw={760} data-testid="sr-credit-notes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>PO item</Table.Th>
                    <Table.Th ta="right">Qty</Table.Th>
                    <Table.Th>Shipped</Table.Th>
                    <Table.Th ta="right">Age (days)</Table.Th>
                    <Table.Th ta="right">Net amount</Table.Th>
                    <Table.Th ta="right">GST</Table.Th>
                    <Table.Th ta="right">DN120</Table.Th>
                    <Table.Th ta="right">DN180</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.creditNotes.map((n) => (
                    <Table.Tr key={n.poItemID}>
                      <Table.Td>
                        <Group gap={6}>
                          {n.poItemID}
                          <Badge size="xs" variant="light">
                            {n.srorderdetails.type}
                          </Badge>
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">{n.quantity}</Table.Td>
                      <Table.Td>{n.shippingDate ? formatDate(n.shippingDate) : "-"}</Table.Td>
                      <Table.Td ta="right">{n.ageDays}</Table.Td>
                      <Table.Td ta="right">{formatRupees(n.srorderdetails.netAmount)}</Table.Td>
                      <Table.Td ta="right">{formatRupees(n.srorderdetails.GSTAmount)}</Table.Td>
                      <Table.Td ta="right">{formatRupees(n.srorderdetails.DNAmount120)}</Table.Td>
                      <Table.Td ta="right">{formatRupees(n.srorderdetails.DNAmount180)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
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
