/**
 * Payables and payment checks (issue 25, items 3 and 4): what is payable is what the ledger says is
 * owed per ledger account; COCO's documents sit on account 2; references are used once; an amount
 * above what is owed is refused; staff approve the amount received. The staff list (issue 27): q
 * over the reference (UTR), orders and partner, sort over every row, CSV of every matching row.
 */
import {
  financeMessages,
  formatDateTime,
  formatRupees,
  messages,
  paiseToDecimal,
  sumPaise,
  toPaise,
} from "@portal/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, ledgerEntries, purchaseOrders } from "../../db/schema";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { userIdOf } from "../../test/cart-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { partnerBalance } from "../ledger/public";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
let coco: { authorization: string };
let franchiseeId: number;
let cocoId: number;

type Pending = {
  accountId: number;
  totalPayable: string;
  balance: string;
  awaitingApproval: string;
  orders: { poid: string; amountPayable: string }[];
  openDocuments: {
    entryId: number;
    kind: string;
    number: string;
    day: string;
    orders: string[];
    amount: string;
    openAmount: string;
  }[];
};

beforeAll(async () => {
  // The demo world with eight months of history (as the history test builds it).
  world = await createTestWorld({ historyMonths: 8 });
  kit = await backOfficeKit(world);
  coco = await world.signIn("coco@demo.in");
  franchiseeId = await userIdOf(world, "franchisee@demo.in");
  cocoId = await userIdOf(world, "coco@demo.in");
}, 300_000);
afterAll(() => world.close());

const pending = async (accountId: number, headers = kit.franchisee): Promise<Pending> => {
  const res = await world.app.inject({
    method: "GET",
    url: `/api/payment/pending?accountId=${accountId}`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const confirm = (data: object, headers = kit.franchisee) =>
  world.app.inject({
    method: "POST",
    url: "/api/payment/processConfirmPayment",
    headers,
    payload: { paymentData: { paymentType: "Neft", ledgerAccount: 1, ...data } },
  });
const approve = (id: number, body: object = {}) =>
  kit.call("POST", `/api/admin/payments/${id}/approve`, body);

/** Dockets are unique per transporter: each hand-over takes the next. */
let dockets = 0;

/** An order placed by `headers` at warehouse 2, confirmed, loaded, handed over and shipped today. */
async function shipped(quantities: number[], headers = kit.franchisee) {
  const order = await kit.order(quantities, headers);
  expect((await kit.call("POST", `/api/admin/orders/${order.poid}/confirm`, {})).statusCode).toBe(200);
  const load = (await kit.call("POST", "/api/admin/loads", { poids: [order.poid] })).json();
  expect(
    (
      await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, {
        transporter: "Gati",
        docketNo: `GT${++dockets}`,
      })
    ).statusCode,
  ).toBe(200);
  const ship = await kit.call("POST", `/api/admin/loads/${load.id}/ship`, {});
  expect(ship.statusCode).toBe(200);
  return { ...order, loadId: load.id as number };
}

/** Pays everything open on the account and has staff approve it, so a test starts from 0.00. */
async function settle(accountId: number, headers = kit.franchisee, ref = `SETTLE${accountId}${Date.now()}`) {
  const p = await pending(accountId, headers);
  if (p.openDocuments.length === 0) return;
  const res = await confirm(
    {
      ledgerAccount: accountId,
      referenceId: ref,
      totalAmountPaid: p.totalPayable,
      documents: p.openDocuments.map((d) => d.entryId),
    },
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  expect((await approve(res.json().id)).statusCode).toBe(200);
}

describe("Payable is what the ledger says is owed", () => {
  it("is the ledger balance per account on the demo world, its open documents oldest first", async () => {
    for (const [headers, userId] of [
      [kit.franchisee, franchiseeId],
      [coco, cocoId],
    ] as const) {
      for (const account of [1, 2] as const) {
        const p = await pending(account, headers);
        const balance = await partnerBalance(world.database.db, userId, account);
        expect(p.balance).toBe(paiseToDecimal(balance));
        expect(p.awaitingApproval).toBe("0.00");
        expect(p.totalPayable).toBe(paiseToDecimal(balance > 0n ? balance : 0n));
        expect(p.totalPayable).toBe(
          paiseToDecimal(sumPaise(p.openDocuments.map((d) => toPaise(d.openAmount)))),
        );
        const days = p.openDocuments.map((d) => d.day);
        expect(days).toEqual([...days].sort());
      }
    }
    // The staff-raised returns of the last week credit the franchisee 1023.10 and coco 64.35; coco's
    // account 1 (head-office courier charges, aged into DN120 and DN180) was paid on 2026-10-05.
    expect({
      franchisee1: (await pending(1)).totalPayable,
      franchisee2: (await pending(2)).totalPayable,
      coco1: (await pending(1, coco)).totalPayable,
      coco2: (await pending(2, coco)).totalPayable,
    }).toEqual({ franchisee1: "114202.41", franchisee2: "0.00", coco1: "0.00", coco2: "203353.21" });
  });

  it("keeps a shipping-charge order payable until its whole invoice, ₹250 included, is paid", async () => {
    await settle(1);
    expect((await pending(1)).totalPayable).toBe("0.00");
    const order = await shipped([1]);
    const [row] = await kit.db.select().from(purchaseOrders).where(eq(purchaseOrders.poid, order.poid));
    expect(row?.shippingChargeAmount).toBe("250.00");
    const p = await pending(1);
    expect(p.openDocuments).toHaveLength(1);
    const invoice = p.openDocuments[0];
    if (!invoice) throw new Error("no open invoice");
    expect(invoice).toMatchObject({ kind: "invoice", orders: [order.poid], openAmount: invoice.amount });
    const total = toPaise(invoice.amount);
    expect(p.orders).toEqual([expect.objectContaining({ poid: order.poid, amountPayable: invoice.amount })]);
    expect(p.totalPayable).toBe(invoice.amount);

    // Paying the goods alone (the invoice less ₹250) is less than payable.
    const goodsOnly = paiseToDecimal(total - 25_000n);
    const short = await confirm({
      referenceId: "UTRGOODS1",
      totalAmountPaid: goodsOnly,
      orders: [order.poid],
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(messages.checkAmountPaid);

    // The partner pays the whole invoice; the bank shows ₹250 less, and staff approve what came in.
    const paid = await confirm({
      referenceId: "UTRSHIP01",
      totalAmountPaid: invoice.amount,
      orders: [order.poid],
    });
    expect(paid.statusCode).toBe(200);
    const waiting = await pending(1);
    expect(waiting).toMatchObject({
      totalPayable: "0.00",
      awaitingApproval: invoice.amount,
      openDocuments: [],
    });
    const approved = await approve(paid.json().id, { amountReceived: goodsOnly });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ totalAmountPaid: invoice.amount, amountReceived: goodsOnly });
    const [credit] = await kit.db
      .select()
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.sourceKind, "payment"), eq(ledgerEntries.sourceId, String(paid.json().id))),
      );
    expect(credit?.credit).toBe(goodsOnly);
    const [audit] = await kit.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "payment"), eq(auditLog.entityId, String(paid.json().id))))
      .orderBy(desc(auditLog.id));
    expect(audit?.after).toEqual({
      status: "approved",
      amountClaimed: invoice.amount,
      amountReceived: goodsOnly,
    });
    const [notice] = await kit.notificationsOf(franchiseeId);
    expect(notice?.message).toBe(
      `Your payment UTRSHIP01 is approved: ₹${goodsOnly} was received (you confirmed ₹${invoice.amount}) and credited to your ledger.`,
    );

    // The ₹250 is still owed, on the same invoice and order, until it is paid.
    const rest = await pending(1);
    expect(rest.totalPayable).toBe("250.00");
    expect(rest.openDocuments).toEqual([
      expect.objectContaining({ number: invoice.number, openAmount: "250.00" }),
    ]);
    expect(rest.orders).toEqual([expect.objectContaining({ poid: order.poid, amountPayable: "250.00" })]);
    const last = await confirm({ referenceId: "UTRSHIP02", totalAmountPaid: "250.00", orders: [order.poid] });
    expect(last.statusCode).toBe(200);
    expect((await approve(last.json().id)).statusCode).toBe(200);
    expect(await pending(1)).toMatchObject({
      totalPayable: "0.00",
      balance: "0.00",
      orders: [],
      openDocuments: [],
    });
  });

  it("lowers the payable by a credit note (units short on delivery)", async () => {
    await settle(1);
    const order = await shipped([3]);
    const before = await pending(1);
    const invoiceTotal = toPaise(before.totalPayable);
    const [product] = order.products;
    if (!product) throw new Error("no product");
    const delivered = await kit.call("POST", `/api/admin/loads/${order.loadId}/deliver`, {
      lines: [{ poid: order.poid, productId: product.id, deliveredQuantity: 2 }],
    });
    expect(delivered.statusCode).toBe(200);
    const [note] = await kit.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sourceKind, "order-cancel"), eq(ledgerEntries.sourceId, order.poid)));
    const credit = toPaise(note?.credit ?? "0");
    expect(credit).toBeGreaterThan(0n);
    const after = await pending(1);
    expect(after.totalPayable).toBe(paiseToDecimal(invoiceTotal - credit));
    expect(after.orders).toEqual([
      expect.objectContaining({ poid: order.poid, amountPayable: paiseToDecimal(invoiceTotal - credit) }),
    ]);
    await settle(1, kit.franchisee, "SETTLECN");
  });

  it("puts COCO's new order, its invoices and its payment on ledger account 2", async () => {
    await settle(2, coco);
    const order = await shipped([2], coco);
    const [row] = await kit.db.select().from(purchaseOrders).where(eq(purchaseOrders.poid, order.poid));
    expect(row?.ledgerAccount).toBe(2);
    const [debit] = await kit.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, cocoId), eq(ledgerEntries.sourceKind, "invoice")))
      .orderBy(desc(ledgerEntries.id));
    expect(debit?.ledgerAccount).toBe(2);
    expect((await pending(1, coco)).orders.map((o) => o.poid)).not.toContain(order.poid);
    const p = await pending(2, coco);
    expect(p.orders.map((o) => o.poid)).toEqual([order.poid]);
    // Paying it on account 1 names no open order there.
    const wrong = await confirm(
      { referenceId: "UTRCOCO1", totalAmountPaid: p.totalPayable, orders: [order.poid] },
      coco,
    );
    expect(wrong.json().message).toBe(messages.selectOrdersForPayment);
    const paid = await confirm(
      { ledgerAccount: 2, referenceId: "UTRCOCO1", totalAmountPaid: p.totalPayable, orders: [order.poid] },
      coco,
    );
    expect(paid.statusCode).toBe(200);
    expect((await approve(paid.json().id)).json()).toMatchObject({ ledgerAccount: 2 });
    const [credit] = await kit.db
      .select()
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.sourceKind, "payment"), eq(ledgerEntries.sourceId, String(paid.json().id))),
      );
    expect(credit).toMatchObject({ ledgerAccount: 2, credit: p.totalPayable });
    expect(await pending(2, coco)).toMatchObject({ totalPayable: "0.00", balance: "0.00" });
  });
});

describe("Payments are checked", () => {
  let open: Pending;
  beforeAll(async () => {
    await settle(1, kit.franchisee, "SETTLECHECKS");
    await shipped([2]);
    await shipped([1]);
    open = await pending(1);
    expect(open.openDocuments).toHaveLength(2);
  });

  it("refuses a reference the partner already used, however it is spaced or cased", async () => {
    const first = open.openDocuments[0];
    if (!first) throw new Error("no document");
    const res = await confirm({
      referenceId: "UTR-REF-7",
      totalAmountPaid: first.openAmount,
      documents: [first.entryId],
    });
    expect(res.statusCode).toBe(200);
    const again = await confirm({
      referenceId: " utr-ref-7 ",
      totalAmountPaid: "1.00",
      documents: [first.entryId],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(financeMessages.referenceUsed("utr-ref-7"));
    expect(again.json().message).toBe(
      "Reference no. utr-ref-7 has already been used for one of your payments. Please check the reference no.",
    );
    // Once rejected, the reference may be used again.
    expect(
      (await kit.call("POST", `/api/admin/payments/${res.json().id}/reject`, { reason: "Not in the bank" }))
        .statusCode,
    ).toBe(200);
    const retry = await confirm({
      referenceId: "UTR-REF-7",
      totalAmountPaid: first.openAmount,
      documents: [first.entryId],
    });
    expect(retry.statusCode).toBe(200);
    expect(
      (await kit.call("POST", `/api/admin/payments/${retry.json().id}/reject`, { reason: "Not in the bank" }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses an amount above what is owed, an absurd one too, with a reason", async () => {
    const owed = open.totalPayable;
    const docs = open.openDocuments.map((d) => d.entryId);
    for (const amount of [paiseToDecimal(toPaise(owed) + 1n), "999999999999.99"]) {
      const res = await confirm({ referenceId: `UTRBIG${amount}`, totalAmountPaid: amount, documents: docs });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `The amount paid is more than the ${formatRupees(owed)} you owe on this ledger account.`,
      );
    }
    const tooLong = await confirm({
      referenceId: "UTRHUGE",
      totalAmountPaid: "9999999999999.99",
      documents: docs,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(messages.checkAmountPaid);
  });

  it("accepts one of two simultaneous confirmations with the same reference", async () => {
    const [a, b] = open.openDocuments;
    if (!a || !b) throw new Error("two documents needed");
    const answers = await Promise.all([
      confirm({ referenceId: "UTRTWIN", totalAmountPaid: a.openAmount, documents: [a.entryId] }),
      confirm({ referenceId: "UTRTWIN", totalAmountPaid: b.openAmount, documents: [b.entryId] }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((r) => r.statusCode === 400);
    expect(refused?.json().message).toBe(financeMessages.referenceUsed("UTRTWIN"));
    const accepted = answers.find((r) => r.statusCode === 200);
    if (!accepted) throw new Error("none accepted");

    // Staff may not credit more than was claimed, nor nothing.
    const above = await approve(accepted.json().id, { amountReceived: "999999999999.99" });
    expect(above.statusCode).toBe(400);
    const claimed = accepted === answers[0] ? a.openAmount : b.openAmount;
    expect(above.json().message).toBe(financeMessages.receivedAboveClaim(toPaise(claimed)));
    const zero = await approve(accepted.json().id, { amountReceived: "0" });
    expect(zero.json().message).toBe(financeMessages.receivedNotPositive);
    expect((await approve(accepted.json().id, { amountReceived: "12abc" })).statusCode).toBe(400);
  });
});

describe("The payments list (staff)", () => {
  interface Row {
    id: number;
    reference_id: string;
    status: string;
    email: string;
    orders: string[];
    submitted_at: string;
  }
  let all: Row[];
  const rowsOf = (query: ReturnType<typeof sql>) =>
    (kit.db.execute(query) as unknown as Promise<{ rows: Row[] }>).then((r) => r.rows);
  const list = (query: string, headers = kit.staff) =>
    kit.call("GET", `/api/admin/payments?${query}`, undefined, headers);
  const ids = (res: { json(): { rows: { id: number }[] } }) => res.json().rows.map((r) => r.id);

  beforeAll(async () => {
    all = await rowsOf(sql`
      SELECT p.id, p.reference_id, p.status, u.email, p.orders, p.submitted_at::text AS submitted_at
      FROM payments p JOIN users u ON u.id = p.user_id ORDER BY p.id`);
    expect(all.length).toBeGreaterThan(10);
  });

  it("sorts over every row: submitted, amount paid and partner, both ways", async () => {
    const firstOf = (order: string) =>
      rowsOf(
        sql.raw(`SELECT p.id FROM payments p JOIN users u ON u.id = p.user_id ORDER BY ${order} LIMIT 3`),
      ).then((r) => r.map((x) => x.id));
    expect(ids(await list("sort=submittedAt&pageSize=3"))).toEqual(
      await firstOf("p.submitted_at ASC, p.id ASC"),
    );
    expect(ids(await list("sort=-submittedAt&pageSize=3"))).toEqual(
      await firstOf("p.submitted_at DESC, p.id DESC"),
    );
    expect(ids(await list("sort=totalAmountPaid&pageSize=3"))).toEqual(
      await firstOf("p.total_amount_paid ASC, p.id ASC"),
    );
    expect(ids(await list("sort=-totalAmountPaid&pageSize=3"))).toEqual(
      await firstOf("p.total_amount_paid DESC, p.id DESC"),
    );
    const partner = "coalesce(u.store_name, u.firstname || ' ' || u.lastname)";
    expect(ids(await list("sort=partnerName&pageSize=3"))).toEqual(await firstOf(`${partner} ASC, p.id ASC`));
    expect(ids(await list("sort=-partnerName&pageSize=3"))).toEqual(
      await firstOf(`${partner} DESC, p.id DESC`),
    );
    // amounts received are null until approved: last both ways
    const received = (await list("sort=-amountReceived&pageSize=500")).json().rows as {
      amountReceived: string | null;
    }[];
    expect(received.at(-1)?.amountReceived).toBeNull();
    expect(received[0]?.amountReceived).not.toBeNull();
  });

  it("finds a confirmation by its reference (UTR), an order it paid, and the partner's email", async () => {
    const byRef = await list("q=utrship01");
    expect(byRef.json().rows.map((r: { referenceId: string }) => r.referenceId)).toEqual(["UTRSHIP01"]);
    const paid = all.find((r) => r.orders.length > 0 && r.reference_id === "UTRSHIP01");
    const poid = paid?.orders[0] ?? "";
    expect(ids(await list(`q=${poid}&pageSize=500`)).sort((a, b) => a - b)).toEqual(
      all
        .filter((r) => r.orders.some((o) => o.includes(poid)) || r.reference_id.includes(poid))
        .map((r) => r.id),
    );
    const coco = await list("q=COCO@DEMO.IN&pageSize=500");
    expect(coco.json().total).toBe(all.filter((r) => r.email === "coco@demo.in").length);
    expect(coco.json().total).toBeGreaterThan(0);
    const approvedOfCoco = await list("q=coco@demo.in&status=approved&pageSize=500");
    expect(approvedOfCoco.json().total).toBe(
      all.filter((r) => r.email === "coco@demo.in" && r.status === "approved").length,
    );
    expect((await list("q=no-such-utr")).json()).toEqual({ rows: [], total: 0 });
  });

  it("exports every matching row as CSV with India's times", async () => {
    const res = await list("format=csv&pageSize=2");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="payments.csv"');
    const [header, ...rows] = Papa.parse<string[]>(res.body.trim()).data;
    expect(header).toEqual([
      "Id",
      "Reference",
      "Mode",
      "Ledger account",
      "Partner",
      "Partner email",
      "Status",
      "Paid",
      "Received",
      "Payable",
      "Orders",
      "Submitted",
      "Decided",
      "Reason",
    ]);
    expect(rows.length).toBe(all.length);
    expect(rows.length).toBe((await list("")).json().total);
    const [first] = (await list("sort=submittedAt&pageSize=1")).json().rows;
    const firstCsv = Papa.parse<string[]>((await list("format=csv&sort=submittedAt")).body.trim()).data[1];
    expect(firstCsv?.slice(0, 2)).toEqual([String(first.id), first.referenceId]);
    expect(firstCsv?.[11]).toBe(formatDateTime(first.submittedAt));
    const approved = Papa.parse<string[]>((await list("format=csv&status=approved")).body.trim()).data;
    expect(approved.length - 1).toBe((await list("status=approved")).json().total);
  });

  it("refuses an unknown sort and anyone but staff", async () => {
    const bad = await list("sort=amount");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("sort must be one of submittedAt, referenceId, partnerName");
    expect((await list("", kit.franchisee)).statusCode).toBe(403);
    expect((await world.app.inject({ url: "/api/admin/payments?format=csv" })).statusCode).toBe(401);
  });
});
