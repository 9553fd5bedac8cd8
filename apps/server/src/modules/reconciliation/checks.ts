/**
 * The reconciliation report's checks, pure: given every stored order, line, load, tax invoice,
 * ledger entry, payment and sales return, the disagreements between each document and the one
 * before it. Zero tolerance: paise and units must agree exactly.
 *
 * The quantities of each step: an order line's `quantity` is what was confirmed (it starts as
 * ordered) until a proof of delivery writes the delivered quantity over it (`deliveredQuantity` set);
 * what shipped is the quantity on the load's tax invoice, so a delivered line is held to it. A line's
 * value at a quantity is the tax engine's (`storedLineTotal`: taxable + tax at the line's rate).
 */
import type { ReconciliationDocument } from "@portal/contracts";
import { paiseToDecimal, type ReconciliationKind, storedLineTotal, toPaise } from "@portal/domain";
import type * as repo from "./repo";

export interface Facts {
  orders: Awaited<ReturnType<typeof repo.orders>>;
  lines: Awaited<ReturnType<typeof repo.orderLines>>;
  loads: Awaited<ReturnType<typeof repo.allLoads>>;
  invoices: Awaited<ReturnType<typeof repo.taxInvoices>>;
  entries: Awaited<ReturnType<typeof repo.entries>>;
  payments: Awaited<ReturnType<typeof repo.allPayments>>;
  salesReturns: Awaited<ReturnType<typeof repo.allSalesReturns>>;
}

/** A disagreement before the partner's name is put on it. */
export interface Finding {
  kind: ReconciliationKind;
  userId: number;
  ledgerAccount: number;
  documents: ReconciliationDocument[];
  measure: "amount" | "quantity" | "number" | "days";
  expectedLabel: string;
  expected: string;
  foundLabel: string;
  found: string;
  difference: string;
}

/** The printed invoice as stored (jsonb), read field by field: what the checks need of it. */
interface DocumentLine {
  poid?: string;
  productId?: number;
  quantity?: number;
  taxable?: string;
  vatAmount?: string;
  vat?: string;
  cgst?: string;
  sgst?: string;
  igst?: string;
  total?: string;
}
interface StoredDocument {
  company?: { gstNo?: string };
  lines?: DocumentLine[];
  shippingCharge?: { amount?: string } | null;
  totals?: { total?: string };
}

const paise = (v: string | number | null | undefined) =>
  toPaise(v === null || v === undefined ? "0" : String(v));
const money = (p: bigint) => paiseToDecimal(p);
const lineKey = (poid: string, productId: number) => `${poid}:${productId}`;

const orderDoc = (poid: string): ReconciliationDocument => ({ type: "order", id: poid, number: poid });
const loadDoc = (id: number): ReconciliationDocument => ({
  type: "load",
  id: String(id),
  number: `Load ${id}`,
});
const invoiceDoc = (i: { id: number; number: string }): ReconciliationDocument => ({
  type: "invoice",
  id: String(i.id),
  number: i.number,
});
const entryDoc = (e: { id: number }): ReconciliationDocument => ({
  type: "ledger entry",
  id: String(e.id),
  number: `Ledger entry ${e.id}`,
});

const SHIPPED = new Set(["Confirmed", "Shipped", "Delivered"]);

/** Days from a to b (calendar days, yyyy-MM-dd). */
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

export function findDisagreements(facts: Facts): Finding[] {
  const found: Finding[] = [];
  const amount = (
    f: Omit<Finding, "measure" | "expected" | "found" | "difference">,
    expected: bigint,
    actual: bigint,
  ) => {
    if (expected !== actual)
      found.push({
        ...f,
        measure: "amount",
        expected: money(expected),
        found: money(actual),
        difference: money(actual - expected),
      });
  };
  const quantity = (
    f: Omit<Finding, "measure" | "expected" | "found" | "difference">,
    expected: number,
    actual: number,
  ) => {
    if (expected !== actual)
      found.push({
        ...f,
        measure: "quantity",
        expected: String(expected),
        found: String(actual),
        difference: String(actual - expected),
      });
  };

  const linesByPoid = new Map<string, Facts["lines"]>();
  for (const l of facts.lines) linesByPoid.set(l.poid, [...(linesByPoid.get(l.poid) ?? []), l]);
  const ordersByLoad = new Map<number, Facts["orders"]>();
  for (const o of facts.orders)
    if (o.loadId !== null) ordersByLoad.set(o.loadId, [...(ordersByLoad.get(o.loadId) ?? []), o]);
  const invoiceByLoad = new Map<number, Facts["invoices"][number]>();
  for (const i of facts.invoices)
    if (i.loadId !== null && !invoiceByLoad.has(i.loadId)) invoiceByLoad.set(i.loadId, i);
  const entryBySource = new Map<string, Facts["entries"][number]>();
  for (const e of facts.entries) entryBySource.set(`${e.sourceKind}:${e.sourceId}`, e);

  /** Units of each order line on its load's tax invoice (what shipped). */
  const invoiced = new Map<string, number>();
  for (const i of facts.invoices) {
    for (const l of (i.document as StoredDocument).lines ?? []) {
      if (l.poid === undefined || l.productId === undefined) continue;
      const key = lineKey(l.poid, l.productId);
      invoiced.set(key, (invoiced.get(key) ?? 0) + Number(l.quantity ?? 0));
    }
  }
  const accountOfLoad = (loadId: number | null) =>
    (loadId === null ? undefined : ordersByLoad.get(loadId)?.[0]?.ledgerAccount) ?? 1;
  /** What an order line shipped: the invoice's units once its load is invoiced, else the confirmed units. */
  const shippedOf = (o: { loadId: number | null }, l: Facts["lines"][number]) =>
    o.loadId !== null && invoiceByLoad.has(o.loadId)
      ? (invoiced.get(lineKey(l.poid, l.productId)) ?? 0)
      : l.quantity;

  // Order → its confirmed value.
  for (const o of facts.orders) {
    if (!SHIPPED.has(o.status)) continue;
    const value = (linesByPoid.get(o.poid) ?? []).reduce(
      (s, l) => s + storedLineTotal(l, shippedOf(o, l)),
      0n,
    );
    amount(
      {
        kind: "order-value",
        userId: o.userId,
        ledgerAccount: o.ledgerAccount,
        documents: [orderDoc(o.poid)],
        expectedLabel: "Confirmed quantities at the order's prices",
        foundLabel: "Order value",
      },
      value,
      paise(o.netPayment),
    );
  }

  // Order → load.
  for (const load of facts.loads) {
    const orders = ordersByLoad.get(load.id) ?? [];
    const base = { userId: load.userId, ledgerAccount: accountOfLoad(load.id) };
    let units = 0;
    let value = 0n;
    for (const o of orders) {
      for (const l of linesByPoid.get(o.poid) ?? []) {
        const shipped = shippedOf(o, l);
        units += shipped;
        value += storedLineTotal(l, shipped);
        if (shipped > l.orderedQuantity)
          quantity(
            {
              kind: "load-quantity",
              ...base,
              documents: [orderDoc(o.poid), loadDoc(load.id)],
              expectedLabel: `Ordered of product ${l.productId}`,
              foundLabel: `On the load`,
            },
            l.orderedQuantity,
            shipped,
          );
      }
    }
    quantity(
      {
        kind: "load-quantity",
        ...base,
        documents: [...orders.map((o) => orderDoc(o.poid)), loadDoc(load.id)],
        expectedLabel: "Units of its orders' lines",
        foundLabel: "Load quantity",
      },
      units,
      load.totalQuantity,
    );
    amount(
      {
        kind: "load-value",
        ...base,
        documents: [...orders.map((o) => orderDoc(o.poid)), loadDoc(load.id)],
        expectedLabel: "Lines × the orders' prices",
        foundLabel: "Load value",
      },
      value,
      paise(load.total),
    );
  }

  // Load → invoice, invoice → its own lines and total.
  for (const inv of facts.invoices) {
    const doc = inv.document as StoredDocument;
    const account = accountOfLoad(inv.loadId);
    const base = { userId: inv.userId, ledgerAccount: account };
    const orders = inv.loadId === null ? [] : (ordersByLoad.get(inv.loadId) ?? []);
    const loadDocs = inv.loadId === null ? [] : [loadDoc(inv.loadId)];
    const orderLines = new Map<string, Facts["lines"][number]>();
    for (const o of orders)
      for (const l of linesByPoid.get(o.poid) ?? []) orderLines.set(lineKey(o.poid, l.productId), l);
    for (const [key, l] of orderLines) {
      const onInvoice = invoiced.get(key) ?? 0;
      const docs = [orderDoc(l.poid), ...loadDocs, invoiceDoc(inv)];
      if (l.deliveredQuantity === null) {
        quantity(
          {
            kind: "invoice-quantity",
            ...base,
            documents: docs,
            expectedLabel: `On the load, product ${l.productId}`,
            foundLabel: "On the invoice",
          },
          l.quantity,
          onInvoice,
        );
      } else if (l.deliveredQuantity > onInvoice) {
        quantity(
          {
            kind: "invoice-quantity",
            ...base,
            documents: docs,
            expectedLabel: `Delivered, product ${l.productId}`,
            foundLabel: "On the invoice (at least the delivered)",
          },
          l.deliveredQuantity,
          onInvoice,
        );
      }
    }
    let linesTotal = 0n;
    for (const line of doc.lines ?? []) {
      const key =
        line.poid !== undefined && line.productId !== undefined ? lineKey(line.poid, line.productId) : "";
      const docs = [...(line.poid ? [orderDoc(line.poid)] : []), ...loadDocs, invoiceDoc(inv)];
      const orderLine = orderLines.get(key);
      const qty = Number(line.quantity ?? 0);
      const total = paise(line.total);
      linesTotal += total;
      if (!orderLine) {
        quantity(
          {
            kind: "invoice-quantity",
            ...base,
            documents: docs,
            expectedLabel: `On the load, product ${line.productId ?? "?"}`,
            foundLabel: "On the invoice",
          },
          0,
          qty,
        );
      } else {
        amount(
          {
            kind: "invoice-line-amount",
            ...base,
            documents: docs,
            expectedLabel: `Order line at this quantity, product ${line.productId}`,
            foundLabel: "Invoice line amount",
          },
          storedLineTotal(orderLine, qty),
          total,
        );
      }
      const taxed =
        paise(line.taxable) +
        paise(line.vatAmount ?? line.vat) +
        paise(line.cgst) +
        paise(line.sgst) +
        paise(line.igst);
      amount(
        {
          kind: "invoice-line-amount",
          ...base,
          documents: docs,
          expectedLabel: `Taxable + tax, product ${line.productId ?? "?"}`,
          foundLabel: "Invoice line amount",
        },
        taxed,
        total,
      );
    }
    const charge = paise(doc.shippingCharge?.amount);
    amount(
      {
        kind: "invoice-total",
        ...base,
        documents: [...loadDocs, invoiceDoc(inv)],
        expectedLabel: charge > 0n ? "Lines + shipping charge" : "Sum of the lines",
        foundLabel: "Invoice total",
      },
      linesTotal + charge,
      paise(inv.total),
    );
    if (doc.totals?.total !== undefined)
      amount(
        {
          kind: "invoice-total",
          ...base,
          documents: [...loadDocs, invoiceDoc(inv)],
          expectedLabel: "Invoice total",
          foundLabel: "Printed total",
        },
        paise(inv.total),
        paise(doc.totals.total),
      );

    // Invoice → ledger.
    const entry = entryBySource.get(`invoice:${inv.id}`);
    if (!entry) {
      amount(
        {
          kind: "invoice-ledger",
          ...base,
          documents: [invoiceDoc(inv)],
          expectedLabel: "Invoice total",
          foundLabel: "Ledger debit (none)",
        },
        paise(inv.total),
        0n,
      );
    } else {
      const docs = [invoiceDoc(inv), entryDoc(entry)];
      amount(
        {
          kind: "invoice-ledger",
          ...base,
          documents: docs,
          expectedLabel: "Invoice total",
          foundLabel: "Ledger debit",
        },
        paise(inv.total),
        paise(entry.debit) - paise(entry.credit),
      );
      if (entry.ledgerAccount !== account || entry.userId !== inv.userId)
        found.push({
          kind: "invoice-ledger",
          ...base,
          documents: docs,
          measure: "number",
          expectedLabel: "Orders' ledger account",
          expected: String(account),
          foundLabel: "Ledger entry's account",
          found: String(entry.ledgerAccount),
          difference: String(entry.ledgerAccount - account),
        });
    }
  }

  // Payments → ledger credits.
  for (const p of facts.payments) {
    const entry = entryBySource.get(`payment:${p.id}`);
    const pDoc: ReconciliationDocument = { type: "payment", id: String(p.id), number: p.referenceId };
    const approved = p.status === "approved";
    if (!approved && !entry) continue;
    const credit = entry ? paise(entry.credit) - paise(entry.debit) : 0n;
    amount(
      {
        kind: "payment-ledger",
        userId: p.userId,
        ledgerAccount: p.ledgerAccount,
        documents: [pDoc, ...(entry ? [entryDoc(entry)] : [])],
        expectedLabel: approved ? "Amount received" : `Nothing (payment ${p.status})`,
        foundLabel: entry ? "Ledger credit" : "Ledger credit (none)",
      },
      approved ? paise(p.amountReceived ?? p.totalAmountPaid) : 0n,
      credit,
    );
    if (entry && entry.ledgerAccount !== p.ledgerAccount)
      found.push({
        kind: "payment-ledger",
        userId: p.userId,
        ledgerAccount: p.ledgerAccount,
        documents: [pDoc, entryDoc(entry)],
        measure: "number",
        expectedLabel: "Payment's ledger account",
        expected: String(p.ledgerAccount),
        foundLabel: "Ledger entry's account",
        found: String(entry.ledgerAccount),
        difference: String(entry.ledgerAccount - p.ledgerAccount),
      });
  }

  // Credit notes → ledger credits: sales returns approved by accounts, and undelivered units.
  for (const sr of facts.salesReturns) {
    const entry = entryBySource.get(`sr:${sr.id}`);
    const approved = sr.status === "AccountApproved";
    if (!approved && !entry) continue;
    amount(
      {
        kind: "credit-note-ledger",
        userId: sr.userId,
        ledgerAccount: sr.ledgerAccount,
        documents: [
          { type: "sales return", id: String(sr.id), number: sr.referenceId },
          ...(entry ? [entryDoc(entry)] : []),
        ],
        expectedLabel: approved ? "Sales return amount" : `Nothing (return ${sr.status})`,
        foundLabel: entry ? "Credit note in the ledger" : "Credit note in the ledger (none)",
      },
      approved ? paise(sr.amount) : 0n,
      entry ? paise(entry.credit) - paise(entry.debit) : 0n,
    );
  }
  for (const o of facts.orders) {
    if (o.loadId === null || !invoiceByLoad.has(o.loadId)) continue;
    let short = 0n;
    for (const l of linesByPoid.get(o.poid) ?? []) {
      if (l.deliveredQuantity === null) continue;
      const shipped = invoiced.get(lineKey(o.poid, l.productId)) ?? 0;
      if (shipped > l.deliveredQuantity) short += storedLineTotal(l, shipped - l.deliveredQuantity);
    }
    const entry = entryBySource.get(`order-cancel:${o.poid}`);
    if (short === 0n && !entry) continue;
    amount(
      {
        kind: "credit-note-ledger",
        userId: o.userId,
        ledgerAccount: o.ledgerAccount,
        documents: [orderDoc(o.poid), ...(entry ? [entryDoc(entry)] : [])],
        expectedLabel: "Invoiced but undelivered units at the order's prices",
        foundLabel: entry ? "Credit note in the ledger" : "Credit note in the ledger (none)",
      },
      short,
      entry ? paise(entry.credit) - paise(entry.debit) : 0n,
    );
  }

  // Ledger entries whose document does not exist.
  const invoiceIds = new Set(facts.invoices.map((i) => String(i.id)));
  const paymentIds = new Set(facts.payments.map((p) => String(p.id)));
  const srIds = new Set(facts.salesReturns.map((s) => String(s.id)));
  const orphanKinds: Record<string, [Set<string>, ReconciliationKind, string]> = {
    invoice: [invoiceIds, "invoice-ledger", "Invoice (none)"],
    payment: [paymentIds, "payment-ledger", "Payment (none)"],
    sr: [srIds, "credit-note-ledger", "Sales return (none)"],
  };
  for (const e of facts.entries) {
    const orphan = orphanKinds[e.sourceKind];
    if (!orphan || orphan[0].has(e.sourceId)) continue;
    amount(
      {
        kind: orphan[1],
        userId: e.userId,
        ledgerAccount: e.ledgerAccount,
        documents: [entryDoc(e)],
        expectedLabel: orphan[2],
        foundLabel: "Ledger entry",
      },
      0n,
      paise(e.debit) - paise(e.credit),
    );
  }

  // Invoice series: per issuing company (GSTIN), warehouse and financial year, gapless and in date order.
  const series = new Map<string, Facts["invoices"]>();
  for (const inv of facts.invoices) {
    if (inv.seq === null) continue;
    const gstNo = (inv.document as StoredDocument).company?.gstNo ?? "";
    const key = `${gstNo}|${inv.warehouseId}|${inv.financialYear}`;
    series.set(key, [...(series.get(key) ?? []), inv]);
  }
  for (const members of series.values()) {
    members.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0) || a.id - b.id);
    let previous: Facts["invoices"][number] | undefined;
    for (const inv of members) {
      const seq = inv.seq ?? 0;
      const expected = (previous?.seq ?? 0) + 1;
      const base = { userId: inv.userId, ledgerAccount: accountOfLoad(inv.loadId) };
      const docs = [...(previous ? [invoiceDoc(previous)] : []), invoiceDoc(inv)];
      if (seq !== expected)
        found.push({
          kind: "invoice-series-gap",
          ...base,
          documents: docs,
          measure: "number",
          expectedLabel: "Next number of the series",
          expected: String(expected),
          foundLabel: "Invoice number",
          found: String(seq),
          difference: String(seq - expected),
        });
      if (previous && inv.issuedOn < previous.issuedOn)
        found.push({
          kind: "invoice-series-date",
          ...base,
          documents: docs,
          measure: "days",
          expectedLabel: "On or after the previous number's date",
          expected: previous.issuedOn,
          foundLabel: "Invoice date",
          found: inv.issuedOn,
          difference: String(daysBetween(previous.issuedOn, inv.issuedOn)),
        });
      previous = inv;
    }
  }
  return found;
}
