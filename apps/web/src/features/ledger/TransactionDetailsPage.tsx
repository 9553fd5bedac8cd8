import { Alert, Anchor, Badge, Card, Group, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import type { LedgerTransaction } from "@portal/contracts";
import { formatDate, formatRupees, messages, sumPaise, toPaise } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { ledgerQueries } from "./api";

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text size="sm" fw={600} component="div">
        {value}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder>
      <Text fw={700} mb="sm">
        {title}
      </Text>
      {children}
    </Card>
  );
}

type RemovalLine = NonNullable<LedgerTransaction["removal"]>[number];

/** The undelivered lines credited back: product, units removed of those shipped, amount; the total under them. */
function removalColumns(lines: readonly RemovalLine[]): Column<RemovalLine>[] {
  return [
    {
      key: "product",
      header: "Product",
      phone: "title",
      cell: (l) => `${l.productId} ${l.productName}`,
      footer: "Total",
    },
    {
      key: "removed",
      header: "Removed",
      numeric: true,
      cell: (l) => `${l.removedQuantity} of ${l.shippedQuantity}`,
      footer: String(lines.reduce((n, l) => n + l.removedQuantity, 0)),
    },
    {
      key: "amount",
      header: "Amount",
      numeric: true,
      cell: (l) => formatRupees(l.amount),
      footer: formatRupees(sumPaise(lines.map((l) => toPaise(l.amount)))),
    },
  ];
}

/** One ledger entry and what it refers to: invoice and load, payment, sales return, note and its tax. */
export function TransactionDetailsPage() {
  usePageTitle("Transaction Details");
  const { acc = "", id = "" } = useParams();
  const valid = /^[12]$/.test(acc) && /^\d{1,10}$/.test(id);
  const tx = useQuery({
    ...ledgerQueries.transaction(acc, id),
    enabled: valid,
    retry: false,
  });
  return (
    <Stack>
      <PageHeader
        title="Transaction Details"
        description={
          <Anchor component={Link} to="/account/ledger">
            Back to the ledger
          </Anchor>
        }
      />
      {!valid && <Alert color="red">{messages.noDetailsFound}</Alert>}
      {tx.isLoading && <Loader />}
      {tx.error && <Alert color="red">{errorMessage(tx.error)}</Alert>}
      {tx.data && <Details t={tx.data} />}
    </Stack>
  );
}

function Details({ t }: { t: LedgerTransaction }) {
  const e = t.entry;
  const n = t.note;
  const gst = n.igst !== "0.00" || n.cgst !== "0.00";
  return (
    <>
      <Card withBorder data-testid="transaction-entry">
        <Group justify="space-between" align="flex-start" mb="sm">
          <div>
            <Group gap={6}>
              <Text fw={700} size="lg">
                {e.descTitle}
              </Text>
              {e.noteType && <Badge variant="light">{e.noteType}</Badge>}
            </Group>
            <Text size="sm" c="dimmed">
              {e.description}
            </Text>
          </div>
          <Text fw={700} size="lg" style={{ whiteSpace: "nowrap" }}>
            {formatRupees(e.creditAcc === "Dr" ? e.debit : e.credit)} {e.creditAcc}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label="Date" value={formatDate(e.approvedDate)} />
          <Fact label="Voucher type" value={e.voucherType} />
          <Fact label="Voucher no." value={e.voucherNumber} />
          <Fact label="Reference" value={e.B2BReferenceNumber ?? "-"} />
          <Fact label="Ledger account" value={`${e.ledgerAccount} · ${e.accTypeName}`} />
          {e.docketNumber && <Fact label="Docket" value={e.docketNumber} />}
          <Fact label="Taxable" value={formatRupees(n.taxable)} />
          {gst && n.igst !== "0.00" && <Fact label="IGST" value={formatRupees(n.igst)} />}
          {gst && n.cgst !== "0.00" && (
            <Fact label="CGST + SGST" value={`${formatRupees(n.cgst)} + ${formatRupees(n.sgst)}`} />
          )}
          {n.sacCode && <Fact label="SAC" value={n.sacCode} />}
        </SimpleGrid>
      </Card>
      {t.shipment && (
        <Section title={`Load ${t.shipment.loadId}`}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Fact label="Status" value={t.shipment.loadStatus} />
            <Fact
              label="Shipped"
              value={t.shipment.actualShippingDate ? formatDate(t.shipment.actualShippingDate) : "-"}
            />
            <Fact label="Transporter" value={t.shipment.transporter ?? "-"} />
            <Fact label="Docket" value={t.shipment.docketNumber ?? "-"} />
            <Fact label="Invoice" value={t.shipment.invoiceNumber ?? "-"} />
            <Fact label="Quantity" value={t.shipment.totalQuantity} />
          </SimpleGrid>
        </Section>
      )}
      {t.orders && (
        <Section title="Orders">
          <Stack gap={4} data-testid="transaction-orders">
            {t.orders.map((o) => (
              <Group key={o.poid} justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={`/account/orderDetails/${o.poid}`} size="sm">
                  {o.poid}
                </Anchor>
                <Text size="sm">
                  {o.status} · {formatRupees(o.netPayment)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Section>
      )}
      {t.payment && (
        <Section title="Payment">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Fact label="Mode" value={t.payment.paymentType} />
            <Fact label="Reference no." value={t.payment.referenceId} />
            <Fact label="Amount payable" value={formatRupees(t.payment.totalAmountPayable)} />
            <Fact label="Amount paid" value={formatRupees(t.payment.totalAmountPaid)} />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="sm">
            Orders: {t.payment.orders.join(", ")}
          </Text>
        </Section>
      )}
      {t.salesReturn && (
        <Section title={`Sales return ${t.salesReturn.ReferenceID}`}>
          <Text size="sm">
            {t.salesReturn.InvoiceStatus} · {t.salesReturn.lines.length} line(s) ·{" "}
            {formatRupees(t.salesReturn.amount)}{" "}
            <Anchor
              component={Link}
              to={`/account/ledger/srdetails/${encodeURIComponent(t.salesReturn.ReferenceID)}/${e.approvedDate}/CN`}
            >
              SR details
            </Anchor>
          </Text>
        </Section>
      )}
      {t.removal && (
        <Section title="Undelivered units removed">
          <ResponsiveTable
            label="Undelivered units removed"
            columns={removalColumns(t.removal)}
            rows={t.removal}
            rowKey={(l) => l.productId}
            testId="transaction-removal"
          />
        </Section>
      )}
      {t.ageing && (
        <Section title="Overdue debits charged">
          <Stack gap={4}>
            {t.ageing.length === 0 && <Text size="sm">None open now.</Text>}
            {t.ageing.map((d) => (
              <Text size="sm" key={d.voucherNumber}>
                {formatDate(d.approvedDate)} {d.voucherNumber}: {formatRupees(d.amount)} open, {d.ageDays}{" "}
                days
              </Text>
            ))}
          </Stack>
        </Section>
      )}
    </>
  );
}
