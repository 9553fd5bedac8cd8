import { Badge, Group, Text } from "@mantine/core";
import { formatRupees, INVOICE_PAYMENT_LABELS, type InvoicePaymentStatus } from "@portal/domain";
import type React from "react";
import { type StatusTone, TONE_COLOR, TONE_STYLE } from "../../components/StatusBadge";

const TONE: Record<InvoicePaymentStatus, StatusTone> = {
  paid: "done",
  partPaid: "waiting",
  unpaid: "refused",
};

/** Paid / Part-paid / Unpaid in the colour of what it means (the status badges' own contrast pairs). */
export function PaymentBadge({ status }: { status: InvoicePaymentStatus }) {
  const tone = TONE[status];
  const { text, background } = TONE_STYLE[tone];
  return (
    <Badge
      color={TONE_COLOR[tone]}
      variant="light"
      radius="sm"
      tt="none"
      data-payment={status}
      vars={() => ({ root: { "--badge-color": text, "--badge-bg": background } })}
      style={{ whiteSpace: "nowrap", minWidth: "max-content", flexShrink: 0 }}
      styles={{ label: { overflow: "visible" } }}
    >
      {INVOICE_PAYMENT_LABELS[status]}
    </Badge>
  );
}

/** The badge and, when something is due, how much: "Part-paid · ₹72,062.99 due". */
export function PaymentCell({ status, due }: { status: InvoicePaymentStatus | null; due: string | null }) {
  if (!status)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={6} wrap="wrap" justify="inherit" component="span">
      <PaymentBadge status={status} />
      {status !== "paid" && due && (
        <Text span size="sm" style={{ whiteSpace: "nowrap" }}>
          {formatRupees(due)} due
        </Text>
      )}
    </Group>
  );
}

/** A phone card's title (a product's name): read from the left, however many lines it takes. */
export function CardTitle({ children }: { children: React.ReactNode }) {
  return (
    <span style={{ textAlign: "left", flex: 1, display: "inline-block", minWidth: "12rem" }}>{children}</span>
  );
}

/** A long code (an invoice number) in a figure: it breaks rather than leaves its card. */
export function Code({ children }: { children: React.ReactNode }) {
  return <span style={{ overflowWrap: "anywhere" }}>{children}</span>;
}
