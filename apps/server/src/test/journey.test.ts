/**
 * The journey: random sequences of what partners and staff do — place an order, confirm it wholly
 * or in part, cancel it, build a load, ship it (on any valid ship date: today or back to the day it
 * was built, the series' last invoice or the lock date), deliver it with short deliveries, raise a
 * sales return from an invoice, receive it (perhaps fewer units), approve or reject it, pay part of
 * or the whole balance (and try a used reference), approve the payment (perhaps a smaller amount
 * received) or reject it, lock the books — for the franchisee, the stockist (IGST) and the COCO
 * store (ledger account 2), each through the real HTTP API, on a clock the test moves. After every
 * sequence the reconciliation report finds no disagreement, and each partner's payable is its
 * ledger balance (less confirmations waiting for approval).
 *
 * One world for every run: each run continues where the last left off, so later runs meet the
 * documents of earlier ones (a failing run is reported with its steps, not shrunk). The seed is
 * fixed, so the runs are the same on every machine and on both databases. */
import { financeMessages, paiseToDecimal, referenceKeyOf, toPaise } from "@portal/domain";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../db/client";
import { invoices, loads, payments, purchaseOrderLines, purchaseOrders, salesReturns } from "../db/schema";
import { DEMO_USERS } from "../seed/accounts-data";
import { createTestWorld, type TestWorld } from "./harness";
import {
  billingAddress,
  type Headers,
  newKey,
  productsOfType,
  shippingAddress,
  stockUp,
  userIdOf,
} from "./order-test-kit";
import { type CatalogueProduct, loadCatalogue } from "./test-facts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The test's clock starts two months before a financial year ends, so the runs cross into the next. */
const START = new Date("2027-02-01T10:00:00+05:30");
const SEED = 20_261_101;
const RUNS = 20;

/** India's day of a moment. */
const dayOf = (ms: number) => new Date(ms + 5.5 * HOUR).toISOString().slice(0, 10);

interface Partner {
  email: string;
  id: number;
  headers: Headers;
  signedInAt: number;
  warehouses: number[];
  ledgerAccount: 1 | 2;
  address: typeof shippingAddress;
}

let world: TestWorld;
let db: Db;
let staff: Headers;
let staffSignedInAt = 0;
let pool: CatalogueProduct[];
const partners: Partner[] = [];
let clock = START.getTime();
/** The newest ship date per warehouse (invoice numbers follow their dates), and the lock date. */
const lastShipDay = new Map<number, string>();
let lockDate: string | null = null;
let references = 0;
/** What the runs did, by kind. */
const done = new Map<string, number>();
const did = (what: string) => done.set(what, (done.get(what) ?? 0) + 1);

const ADDRESSES: Record<string, typeof shippingAddress> = {};
for (const u of DEMO_USERS) {
  ADDRESSES[u.email] = {
    name: u.storeName,
    address1: u.shippingAddress1,
    address2: u.shippingAddress2,
    city: u.shippingCity,
    state: u.state,
    pincode: u.pincode,
    phone: u.phone,
  };
}

async function signIn(email: string): Promise<Headers> {
  return world.signIn(email);
}

/** Sessions last a week: sign in again when the clock has moved on. */
async function fresh() {
  if (clock - staffSignedInAt > 5 * DAY) {
    staff = await signIn("admin@demo.in");
    staffSignedInAt = clock;
  }
  for (const p of partners)
    if (clock - p.signedInAt > 5 * DAY) {
      p.headers = await signIn(p.email);
      p.signedInAt = clock;
    }
}

function call(method: "GET" | "POST" | "PUT", url: string, payload?: unknown, headers: Headers = staff) {
  return world.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** One random step: what is done, by or for which partner, the picks it makes, and how long after the last. */
type Step = {
  kind:
    | "place"
    | "confirm"
    | "partConfirm"
    | "cancel"
    | "build"
    | "ship"
    | "deliver"
    | "pay"
    | "reuseReference"
    | "approve"
    | "reject"
    | "raiseReturn"
    | "receiveReturn"
    | "approveReturn"
    | "rejectReturn"
    | "lock";
  partner: number;
  pick: number;
  picks: number[];
  hours: number;
};

/** How often each kind of step comes up: the steps that move documents on come up more. */
const WEIGHTS: Record<Step["kind"], number> = {
  place: 4,
  confirm: 3,
  partConfirm: 2,
  cancel: 1,
  build: 3,
  ship: 4,
  deliver: 5,
  pay: 3,
  reuseReference: 1,
  approve: 3,
  reject: 2,
  raiseReturn: 2,
  receiveReturn: 2,
  approveReturn: 2,
  rejectReturn: 2,
  lock: 1,
};

const step: fc.Arbitrary<Step> = fc.record({
  kind: fc.oneof(
    ...Object.entries(WEIGHTS).map(([kind, weight]) => ({
      arbitrary: fc.constant(kind as Step["kind"]),
      weight,
    })),
  ),
  partner: fc.nat(2),
  pick: fc.nat(1_000),
  picks: fc.array(fc.nat(1_000), { minLength: 4, maxLength: 4 }),
  hours: fc.nat(40),
});

const pickOf = <T>(list: readonly T[], n: number): T | undefined => list[n % Math.max(1, list.length)];

async function ordersOf(userId: number, status: string, unloaded = false) {
  return db
    .select({ poid: purchaseOrders.poid, warehouseId: purchaseOrders.warehouseId })
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.userId, userId),
        eq(purchaseOrders.status, status),
        unloaded ? isNull(purchaseOrders.loadId) : undefined,
      ),
    )
    .orderBy(asc(purchaseOrders.poid));
}

async function linesOf(poids: string[]) {
  if (poids.length === 0) return [];
  return db
    .select({
      poid: purchaseOrderLines.poid,
      productId: purchaseOrderLines.productId,
      orderedQuantity: purchaseOrderLines.orderedQuantity,
      quantity: purchaseOrderLines.quantity,
    })
    .from(purchaseOrderLines)
    .where(inArray(purchaseOrderLines.poid, poids))
    .orderBy(asc(purchaseOrderLines.poid), asc(purchaseOrderLines.productId));
}

/** The step that makes what a step acts on: a step with nothing to act on does that one instead. */
const BEFORE: Partial<Record<Step["kind"], Step["kind"]>> = {
  confirm: "place",
  partConfirm: "place",
  cancel: "place",
  build: "confirm",
  ship: "build",
  deliver: "ship",
  pay: "ship",
  reuseReference: "pay",
  approve: "pay",
  reject: "pay",
  raiseReturn: "ship",
  receiveReturn: "raiseReturn",
  approveReturn: "receiveReturn",
  rejectReturn: "raiseReturn",
};

/**
 * Runs one step; answers what was done, for the log of a failing run. A step with nothing to act
 * on for its partner acts for the next partner that has something, else becomes the step before it.
 */
async function run(s: Step): Promise<string> {
  clock += s.hours * HOUR;
  vi.setSystemTime(clock);
  await fresh();
  for (let kind: Step["kind"] | undefined = s.kind; kind; kind = BEFORE[kind]) {
    for (let i = 0; i < partners.length; i++) {
      const partner = partners[(s.partner + i) % partners.length];
      if (!partner) throw new Error("no partner");
      const done = await act({ ...s, kind }, partner);
      if (done !== null) return done;
    }
  }
  return `${s.kind}: nothing to act on`;
}

/** One step for one partner; null when there is nothing to act on. */
async function act(s: Step, partner: Partner): Promise<string | null> {
  const today = dayOf(clock);
  const ok = (res: { statusCode: number; body: string }, what: string) => {
    if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return what;
  };
  const who = partner.email;

  switch (s.kind) {
    case "place": {
      const wh = pickOf(partner.warehouses, s.pick) ?? 2;
      const chosen = new Map<number, number>();
      for (const [i, n] of s.picks.slice(0, 1 + (s.pick % 3)).entries()) {
        const p = pickOf(pool, n);
        if (p) chosen.set(p.id, 1 + ((n + i) % 6));
      }
      for (const id of chosen.keys()) await stockUp(db, id, wh, 100);
      const products = [...chosen].map(([id, qty]) => ({ id, qty }));
      const res = await world.app.inject({
        method: "POST",
        url: "/api/order",
        headers: { ...partner.headers, "idempotency-key": newKey() },
        payload: {
          orders: [{ wh, products }],
          shippingAddress: partner.address,
          billingAddress: partner.address,
        },
      });
      did("place");
      return ok(res, `${who} places ${JSON.stringify(products)} at warehouse ${wh}`);
    }
    case "confirm":
    case "partConfirm": {
      const order = pickOf(await ordersOf(partner.id, "Pending"), s.pick);
      if (!order) return null;
      let body = {};
      if (s.kind === "partConfirm") {
        const lines = await linesOf([order.poid]);
        const confirmed = lines.map((l, i) => ({
          productId: l.productId,
          quantity: (s.picks[i % s.picks.length] ?? 0) % (l.orderedQuantity + 1),
        }));
        if (confirmed.every((l) => l.quantity === 0) && confirmed[0]) confirmed[0].quantity = 1;
        body = { lines: confirmed };
      }
      const res = await call("POST", `/api/admin/orders/${order.poid}/confirm`, body);
      did(s.kind);
      return ok(res, `staff confirm ${order.poid} ${JSON.stringify(body)}`);
    }
    case "cancel": {
      const candidates = [
        ...(await ordersOf(partner.id, "Pending")),
        ...(await ordersOf(partner.id, "Confirmed", true)),
      ];
      const order = pickOf(candidates, s.pick);
      if (!order) return null;
      const res = await call("POST", `/api/admin/orders/${order.poid}/cancel`, {
        reason: "Partner asked to cancel",
      });
      did("cancel");
      return ok(res, `staff cancel ${order.poid}`);
    }
    case "build": {
      const confirmed = await ordersOf(partner.id, "Confirmed", true);
      const wh = pickOf([...new Set(confirmed.map((o) => o.warehouseId))], s.pick);
      if (wh === undefined) return null;
      const ofWh = confirmed.filter((o) => o.warehouseId === wh);
      // A non-empty subset of the warehouse's Confirmed orders.
      const poids = ofWh.filter((_, i) => i === 0 || (s.picks[i % 4] ?? 0) % 2 === 0).map((o) => o.poid);
      const built = await call("POST", "/api/admin/loads", { poids });
      ok(built, `staff build a load of ${poids.join(", ")}`);
      did("build");
      if (s.pick % 2 === 0) {
        const id = built.json().id as number;
        ok(
          await call("POST", `/api/admin/loads/${id}/hand-over`, {
            transporter: "Blue Dart",
            docketNo: `BD${id}`,
          }),
          "hand over",
        );
        return `staff build load ${id} of ${poids.join(", ")} and hand it over`;
      }
      return `staff build a load of ${poids.join(", ")}`;
    }
    case "ship": {
      const open = await db
        .select()
        .from(loads)
        .where(and(eq(loads.userId, partner.id), inArray(loads.status, ["Ready To Dispatch", "Hand Over"])))
        .orderBy(asc(loads.id));
      const load = pickOf(open, s.pick);
      if (!load) return null;
      if (load.status === "Ready To Dispatch")
        ok(
          await call("POST", `/api/admin/loads/${load.id}/hand-over`, {
            transporter: "Delhivery",
            docketNo: `DL${load.id}`,
          }),
          "hand over",
        );
      // Any valid ship date: not before the load was built, the series' last invoice or the lock date; not after today.
      const earliest = [
        dayOf(load.createdAt.getTime()),
        lastShipDay.get(load.warehouseId) ?? "",
        lockDate ?? "",
      ]
        .sort()
        .at(-1) as string;
      const span = Math.max(0, Math.round((Date.parse(today) - Date.parse(earliest)) / DAY));
      // Today, or a day back (as far as the earliest).
      const back = (s.picks[0] ?? 0) % 2 === 0 ? 0 : (s.picks[2] ?? 0) % (span + 1);
      const shipDay = dayOf(Date.parse(`${today}T12:00:00+05:30`) - back * DAY);
      // Now and then no date: the ship date is today.
      const given = shipDay === today && (s.picks[1] ?? 0) % 2 === 0 ? {} : { actualShippingDate: shipDay };
      const res = await call("POST", `/api/admin/loads/${load.id}/ship`, given);
      ok(res, `staff ship load ${load.id} on ${shipDay}`);
      lastShipDay.set(load.warehouseId, shipDay);
      did(shipDay < today ? "ship back-dated" : "ship today");
      return `staff ship load ${load.id} on ${shipDay} (today ${today})`;
    }
    case "deliver": {
      const shipped = await db
        .select()
        .from(loads)
        .where(and(eq(loads.userId, partner.id), eq(loads.status, "Shipped"), isNull(loads.deliveredAt)))
        .orderBy(asc(loads.id));
      const load = pickOf(shipped, s.pick);
      if (!load) return null;
      const poids = (
        await db
          .select({ poid: purchaseOrders.poid })
          .from(purchaseOrders)
          .where(eq(purchaseOrders.loadId, load.id))
      ).map((o) => o.poid);
      // Half the loads arrive whole; of the others some lines arrive short (a few units, or none of them).
      const lines = (await linesOf(poids))
        .filter((l, i) => s.pick % 2 === 0 && l.quantity > 0 && (i === 0 || (s.picks[i % 4] ?? 0) % 3 === 0))
        .map((l, i) => ({
          poid: l.poid,
          productId: l.productId,
          deliveredQuantity: (s.picks[(i + 1) % 4] ?? 0) % l.quantity,
        }));
      const res = await call("POST", `/api/admin/loads/${load.id}/deliver`, { lines });
      did(lines.length > 0 ? "deliver short" : "deliver");
      return ok(res, `staff deliver load ${load.id}, short ${JSON.stringify(lines)}`);
    }
    case "pay": {
      const pending = await call(
        "GET",
        `/api/payment/pending?accountId=${partner.ledgerAccount}`,
        undefined,
        partner.headers,
      );
      ok(pending, "pending");
      const body = pending.json() as {
        totalPayable: string;
        openDocuments: { entryId: number; openAmount: string }[];
      };
      if (body.openDocuments.length === 0 || toPaise(body.totalPayable) <= 0n) return null;
      // The oldest documents first: some of them, or all; now and then a little more than they come to.
      const n = body.openDocuments.length;
      const count = n === 1 || s.pick % 2 === 0 ? n : 1 + (s.pick % (n - 1));
      const chosen = body.openDocuments.slice(0, count);
      const payable = chosen.reduce((sum, d) => sum + toPaise(d.openAmount), 0n);
      const owed = toPaise(body.totalPayable);
      const room = owed - payable;
      const extra = room > 0n && (s.picks[0] ?? 0) % 4 === 0 ? (room * BigInt(s.picks[1] ?? 0)) / 1000n : 0n;
      const amount = paiseToDecimal(payable + extra);
      const referenceId = `UTR J${++references}`;
      const res = await call(
        "POST",
        "/api/payment/processConfirmPayment",
        {
          paymentData: {
            paymentType: "Neft",
            referenceId,
            totalAmountPaid: amount,
            documents: chosen.map((d) => d.entryId),
            ledgerAccount: partner.ledgerAccount,
          },
        },
        partner.headers,
      );
      did(count < body.openDocuments.length ? "pay part" : "pay all");
      return ok(res, `${who} pays ${amount} of ${body.totalPayable} (${count} documents), ${referenceId}`);
    }
    case "reuseReference": {
      const used = await db
        .select({ referenceId: payments.referenceId })
        .from(payments)
        .where(and(eq(payments.userId, partner.id), inArray(payments.status, ["submitted", "approved"])))
        .orderBy(asc(payments.id));
      const ref = pickOf(used, s.pick)?.referenceId;
      if (!ref) return null;
      // As typed again: other case and spaces are the same reference.
      const typed = s.pick % 2 === 0 ? ref.toLowerCase() : ` ${ref.replace(/ /g, "")} `;
      const res = await call(
        "POST",
        "/api/payment/processConfirmPayment",
        {
          paymentData: {
            paymentType: "Neft",
            referenceId: typed,
            totalAmountPaid: "1.00",
            orders: [],
            documents: [1],
            ledgerAccount: partner.ledgerAccount,
          },
        },
        partner.headers,
      );
      expect(referenceKeyOf(typed)).toBe(referenceKeyOf(ref));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(financeMessages.referenceUsed(typed.trim()));
      did("reuse a reference");
      return `${who} tries the used reference ${typed}: refused`;
    }
    case "approve":
    case "reject": {
      const waiting = await db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, partner.id), eq(payments.status, "submitted")))
        .orderBy(asc(payments.id));
      const p = pickOf(waiting, s.pick);
      if (!p) return null;
      if (s.kind === "reject") {
        const res = await call("POST", `/api/admin/payments/${p.id}/reject`, {
          reason: "Amount not received in the bank account",
        });
        did("reject");
        return ok(res, `staff reject payment ${p.id}`);
      }
      // The bank received what was claimed, or (now and then) less.
      const claimed = toPaise(p.totalAmountPaid);
      const less = (s.picks[0] ?? 0) % 2 === 0;
      const received = less ? 1n + ((claimed - 1n) * BigInt(s.picks[1] ?? 0)) / 1000n : claimed;
      const body = less ? { amountReceived: paiseToDecimal(received) } : {};
      const res = await call("POST", `/api/admin/payments/${p.id}/approve`, body);
      did(less ? "approve less" : "approve");
      return ok(
        res,
        `staff approve payment ${p.id} of ${p.totalAmountPaid}: received ${paiseToDecimal(received)}`,
      );
    }
    case "raiseReturn": {
      // Staff raise a return from one of the partner's tax invoices: some of what can still be returned.
      const taxInvoices = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.userId, partner.id), eq(invoices.kind, "TAX INVOICE")))
        .orderBy(asc(invoices.id));
      const invoice = pickOf(taxInvoices, s.pick);
      if (!invoice) return null;
      const returnable = await call("GET", `/api/admin/sales-returns/returnable?invoice=${invoice.id}`);
      ok(returnable, "returnable");
      const open = (
        returnable.json().lines as { poid: string; productId: number; returnable: number }[]
      ).filter((l) => l.returnable > 0);
      const lines = open
        .filter((_, i) => i === 0 || (s.picks[i % 4] ?? 0) % 2 === 0)
        .map((l, i) => ({
          poid: l.poid,
          productId: l.productId,
          quantity: 1 + ((s.picks[(i + 1) % 4] ?? 0) % l.returnable),
        }));
      if (lines.length === 0) return null;
      const res = await call("POST", "/api/admin/sales-returns", {
        invoice: invoice.id,
        userId: partner.id,
        lines,
      });
      did("raise a return");
      return ok(res, `staff raise a return of invoice ${invoice.id}: ${JSON.stringify(lines)}`);
    }
    case "receiveReturn":
    case "approveReturn":
    case "rejectReturn": {
      const statuses = {
        receiveReturn: ["Pending", "InTransit"],
        approveReturn: ["WHReceived", "InProcess", "B2BApproved"],
        rejectReturn: ["Pending", "InTransit", "WHReceived", "InProcess", "B2BApproved"],
      }[s.kind];
      const open = await db
        .select({ id: salesReturns.id, lines: salesReturns.lines })
        .from(salesReturns)
        .where(and(eq(salesReturns.userId, partner.id), inArray(salesReturns.status, statuses)))
        .orderBy(asc(salesReturns.id));
      const sr = pickOf(open, s.pick);
      if (!sr) return null;
      if (s.kind === "rejectReturn") {
        const res = await call("POST", `/api/admin/sales-returns/${sr.id}/reject`, {
          reason: "Goods returned used",
        });
        did("reject a return");
        return ok(res, `staff reject return ${sr.id}`);
      }
      if (s.kind === "approveReturn") {
        const res = await call("POST", `/api/admin/sales-returns/${sr.id}/approve`, {});
        did("approve a return");
        return ok(res, `staff approve return ${sr.id}`);
      }
      // All of it arrives, or (now and then) fewer units.
      const lines = sr.lines.map((l, i) => ({
        poid: l.poid,
        productId: l.productId,
        receivedQuantity: s.pick % 2 === 0 || i > 0 ? l.quantity : (s.picks[0] ?? 0) % (l.quantity + 1),
      }));
      if (lines.every((l) => l.receivedQuantity === 0) && lines[0]) lines[0].receivedQuantity = 1;
      const res = await call("POST", `/api/admin/sales-returns/${sr.id}/receive`, { lines });
      did("receive a return");
      return ok(res, `staff receive return ${sr.id}: ${JSON.stringify(lines)}`);
    }
    case "lock": {
      // Staff close the books up to a day between the current lock date and today (never backwards).
      const from = lockDate ?? dayOf(clock - 10 * DAY);
      const span = Math.max(0, Math.round((Date.parse(today) - Date.parse(from)) / DAY));
      const day = dayOf(Date.parse(`${from}T12:00:00+05:30`) + (s.pick % (span + 1)) * DAY);
      const res = await call("PUT", "/api/admin/settings/lock-date", { lockDate: day });
      ok(res, `lock ${day}`);
      lockDate = day;
      did("lock");
      return `staff lock the books before ${day}`;
    }
  }
}

interface Account {
  userId: number;
  ledgerAccount: number;
  ledgerBalance: string;
  payable: string;
}

/** The report finds nothing, and every partner's payable is its ledger balance less what awaits approval. */
async function expectReconciled(log: string[]) {
  const res = await call("GET", "/api/admin/reconciliation");
  expect(res.statusCode, res.body).toBe(200);
  const report = res.json() as { total: number; disagreements: unknown[]; accounts: Account[] };
  expect(report.disagreements, `after:\n${log.join("\n")}`).toEqual([]);
  expect(report.total).toBe(0);
  for (const a of report.accounts) {
    const partner = partners.find((p) => p.id === a.userId);
    if (!partner) throw new Error(`an account of an unknown partner ${a.userId}`);
    // COCO's documents all sit on ledger account 2, the others' on account 1.
    expect(a.ledgerAccount).toBe(partner.ledgerAccount);
    const pending = await call(
      "GET",
      `/api/payment/pending?accountId=${a.ledgerAccount}`,
      undefined,
      partner.headers,
    );
    const p = pending.json() as { totalPayable: string; balance: string; awaitingApproval: string };
    expect(p.balance).toBe(a.ledgerBalance);
    expect(p.totalPayable).toBe(a.payable);
    const owed = toPaise(p.balance) - toPaise(p.awaitingApproval);
    expect(p.totalPayable).toBe(paiseToDecimal(owed > 0n ? owed : 0n));
  }
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(clock);
  world = await createTestWorld({ loginLimit: 10_000 });
  db = world.database.db;
  pool = productsOfType(await loadCatalogue(world), "OwnedStock", 30);
  staff = await signIn("admin@demo.in");
  staffSignedInAt = clock;
  for (const [email, warehouses, ledgerAccount] of [
    ["franchisee@demo.in", [2, 5], 1],
    ["stockist@demo.in", [2, 7], 1],
    ["coco@demo.in", [2, 5], 2],
  ] as const) {
    partners.push({
      email,
      id: await userIdOf(db, email),
      headers: await signIn(email),
      signedInAt: clock,
      warehouses: [...warehouses],
      ledgerAccount,
      address: email === "franchisee@demo.in" ? { ...shippingAddress } : (ADDRESSES[email] ?? billingAddress),
    });
  }
}, 120_000);

afterAll(async () => {
  await world?.close();
  vi.useRealTimers();
});

describe("a journey of random steps", () => {
  it("ends every sequence with an empty reconciliation report and payables equal to the ledger", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 14 }), async (steps) => {
        const log: string[] = [];
        for (const s of steps) log.push(`${dayOf(clock)} ${await run(s)}`);
        await expectReconciled(log);
      }),
      // One world for all runs: a failure is not shrunk (the world has moved on), it is reported with its steps.
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // The runs did something of every kind.
    expect([...done.keys()].sort(), JSON.stringify([...done])).toEqual([
      "approve",
      "approve a return",
      "approve less",
      "build",
      "cancel",
      "confirm",
      "deliver",
      "deliver short",
      "lock",
      "partConfirm",
      "pay all",
      "pay part",
      "place",
      "raise a return",
      "receive a return",
      "reject",
      "reject a return",
      "reuse a reference",
      "ship back-dated",
      "ship today",
    ]);
  }, 300_000);
});
