/**
 * The load desk's steps for many loads in one transaction (the network-sized world, issue 32):
 * build, hand over, ship (tax invoices from the gapless counters, ledger debits) and deliver in
 * full, each load as `steps.create/handOver/ship/deliver` moves it one at a time, in a few
 * multi-row statements. The partners' notices and the audit entries are handed to the caller's
 * `records`, which writes them in bulk.
 */
import {
  deliveredOrder,
  indiaDay,
  LOAD_LIFECYCLE,
  lineColumns,
  lineGap,
  backOfficeMessages as msg,
  ORDER_LIFECYCLE,
  orderColumns,
  paiseToDecimal,
  refusal,
  storedLineTotal,
} from "@portal/domain";
import { asc, inArray, sql } from "drizzle-orm";
import { bulkUpdate } from "../../db/bulk-insert";
import type { DbOrTx } from "../../db/client";
import { loads, purchaseOrderLines, purchaseOrders } from "../../db/schema";
import { AppError, badRequest } from "../../lib/errors";
import type { AuditEntry } from "../audit/public";
import { ewayBillBlocks } from "../gst/public";
import { issueTaxInvoices } from "../invoices/public";
import { postSalesInvoices } from "../ledger/public";
import type { PartnerNotice } from "../notifications/public";
import { type OrderStepColumns, recordOrderSteps, restateOrderLines } from "../orders/public";
import { assertPeriodOpen } from "../settings/public";
import type { LoadRow } from "./repo";

const conflict = (message: string) => new AppError(409, message);

/** What a batched step tells partners and the audit log, for the caller to write in bulk. */
export interface LoadStepRecords {
  notices: PartnerNotice[];
  audit: AuditEntry[];
}
type Actor = { id: number } | null;

async function lockLoads(tx: DbOrTx, ids: readonly number[]): Promise<Map<number, LoadRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(loads)
    .where(inArray(loads.id, [...ids]))
    .for("update");
  return new Map(rows.map((r) => [r.id, r]));
}

async function ordersOfLoads(tx: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, (typeof purchaseOrders.$inferSelect)[]>();
  const rows = await tx
    .select()
    .from(purchaseOrders)
    .where(inArray(purchaseOrders.loadId, [...ids]))
    .orderBy(asc(purchaseOrders.poid));
  const out = new Map<number, typeof rows>();
  for (const r of rows) {
    if (r.loadId === null) continue;
    const list = out.get(r.loadId);
    if (list) list.push(r);
    else out.set(r.loadId, [r]);
  }
  return out;
}

async function linesOfOrders(tx: DbOrTx, poids: readonly string[]) {
  const out = new Map<string, (typeof purchaseOrderLines.$inferSelect)[]>();
  for (let i = 0; i < poids.length; i += 5000) {
    const rows = await tx
      .select()
      .from(purchaseOrderLines)
      .where(inArray(purchaseOrderLines.poid, poids.slice(i, i + 5000)))
      .orderBy(asc(purchaseOrderLines.id));
    for (const r of rows) {
      const list = out.get(r.poid);
      if (list) list.push(r);
      else out.set(r.poid, [r]);
    }
  }
  return out;
}

/** Sets each load's own columns (one statement per set of columns). */
async function updateLoads(tx: DbOrTx, rows: readonly (Partial<LoadRow> & { id: number })[]) {
  await bulkUpdate(tx, loads, "id", rows);
}

function assertMove(load: LoadRow, to: Parameters<typeof refusal>[2]) {
  const refused = refusal(LOAD_LIFECYCLE, load.status, to, "staff");
  if (refused) throw conflict(refused);
}

/** Builds one load of each group of Confirmed orders (one partner, one warehouse), in the order given; resolves to their ids. */
export async function createLoads(
  tx: DbOrTx,
  actor: Actor,
  builds: readonly { poids: readonly string[]; at: Date }[],
  records: LoadStepRecords,
): Promise<number[]> {
  if (builds.length === 0) return [];
  const all = [...new Set(builds.flatMap((b) => b.poids))];
  const orders = new Map(
    (
      await tx
        .select()
        .from(purchaseOrders)
        .where(inArray(purchaseOrders.poid, all))
        .orderBy(asc(purchaseOrders.poid))
        .for("update")
    ).map((o) => [o.poid, o]),
  );
  const lines = await linesOfOrders(tx, all);
  const rows = builds.map((b) => {
    const poids = [...new Set(b.poids)];
    const mine = poids.map((poid) => {
      const o = orders.get(poid);
      if (!o) throw new AppError(404, `${msg.orderNotFound}: ${poid}`);
      if (o.status !== "Confirmed") throw conflict(msg.orderNotConfirmed(o.poid));
      if (o.loadId !== null) throw conflict(msg.orderAlreadyLoaded(o.poid));
      return o;
    });
    const first = mine[0];
    if (!first || mine.some((o) => o.userId !== first.userId || o.warehouseId !== first.warehouseId))
      throw badRequest(msg.loadMixed);
    const billed = poids.flatMap((p) => lines.get(p) ?? []).filter((l) => l.quantity > 0);
    const total = billed.reduce((s, l) => s + storedLineTotal(l, l.quantity), 0n);
    return {
      poids,
      row: {
        userId: first.userId,
        warehouseId: first.warehouseId,
        status: "Ready To Dispatch",
        createdAt: b.at,
        estimatedShippingDate: indiaDay(new Date(b.at.getTime() + 3 * 86_400_000)),
        totalItems: billed.length,
        totalQuantity: billed.reduce((s, l) => s + l.quantity, 0),
        total: paiseToDecimal(total),
      } satisfies typeof loads.$inferInsert,
      at: b.at,
    };
  });
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const written = await tx
      .insert(loads)
      .values(rows.slice(i, i + 1000).map((r) => r.row))
      .returning({ id: loads.id, total: loads.total });
    ids.push(...written.map((w) => w.id));
  }
  const steps: OrderStepColumns[] = [];
  rows.forEach((r, i) => {
    const id = ids[i] as number;
    for (const poid of r.poids) steps.push({ poid, loadId: id });
    records.audit.push({
      actorId: actor?.id ?? null,
      action: "load.create",
      entity: "load",
      entityId: id,
      after: { poids: r.poids, total: r.row.total },
      at: r.at,
    });
  });
  await recordOrderSteps(tx, steps);
  return ids;
}

/** Hands loads over to their transporters with their dockets (each used once per transporter). */
export async function handOverLoads(
  tx: DbOrTx,
  actor: Actor,
  items: readonly { id: number; transporter: string; docketNo: string; at: Date }[],
  records: LoadStepRecords,
): Promise<void> {
  if (items.length === 0) return;
  const locked = await lockLoads(
    tx,
    items.map((i) => i.id),
  );
  const key = (t: string, d: string) => `${t.toLowerCase()}\u0000${d.toLowerCase()}`;
  const held = await tx
    .select({ id: loads.id, transporter: loads.transporter, docketNo: loads.docketNo })
    .from(loads)
    // A join with the dockets as one parameter, on the unique index's expression and predicate: a row
    // list `IN ((…), (…))` was a filter of every load against every docket (minutes at network size).
    .where(
      sql`(lower(${loads.transporter}), lower(${loads.docketNo})) IN (
        SELECT lower(d.transporter), lower(d.docket_no)
        FROM json_to_recordset(${JSON.stringify(
          items.map((i) => ({ transporter: i.transporter, docket_no: i.docketNo })),
        )}::json) AS d(transporter text, docket_no text)
      ) AND ${loads.docketNo} IS NOT NULL AND ${loads.status} <> 'Cancelled'`,
    );
  const holders = new Map(held.map((h) => [key(h.transporter ?? "", h.docketNo ?? ""), h.id]));
  const orders = await ordersOfLoads(
    tx,
    items.map((i) => i.id),
  );
  const steps: OrderStepColumns[] = [];
  for (const i of items) {
    const load = locked.get(i.id);
    if (!load) throw new AppError(404, msg.loadNotFound);
    assertMove(load, "Hand Over");
    const holder = holders.get(key(i.transporter, i.docketNo));
    if (holder !== undefined && holder !== i.id)
      throw conflict(`Docket ${i.docketNo} of ${i.transporter} is on load ${holder}`);
    holders.set(key(i.transporter, i.docketNo), i.id);
    for (const o of orders.get(i.id) ?? [])
      steps.push({ poid: o.poid, docketNo: i.docketNo, transporterNo: i.transporter });
    records.audit.push({
      actorId: actor?.id ?? null,
      action: "load.handOver",
      entity: "load",
      entityId: i.id,
      before: { status: load.status },
      after: { status: "Hand Over", transporter: i.transporter, docketNo: i.docketNo },
      at: i.at,
    });
  }
  await updateLoads(
    tx,
    items.map((i) => ({
      id: i.id,
      status: "Hand Over",
      handedOverAt: i.at,
      transporter: i.transporter,
      docketNo: i.docketNo,
    })),
  );
  await recordOrderSteps(tx, steps);
}

/**
 * Ships loads on their ship days, in the order given (each warehouse's tax invoices are numbered
 * in that order): orders Shipped, tax invoices issued, the ledger debited, partners told.
 */
export async function shipLoads(
  tx: DbOrTx,
  actor: Actor,
  items: readonly { id: number; day: string; at: Date }[],
  records: LoadStepRecords,
): Promise<void> {
  if (items.length === 0) return;
  const locked = await lockLoads(
    tx,
    items.map((i) => i.id),
  );
  const orders = await ordersOfLoads(
    tx,
    items.map((i) => i.id),
  );
  for (const day of new Set(items.map((i) => i.day))) await assertPeriodOpen(tx, day);
  const steps: OrderStepColumns[] = [];
  const invoiced = [];
  const blocks = await ewayBillBlocks(
    tx,
    items.flatMap((i) => {
      const load = locked.get(i.id);
      return load ? [{ load, day: i.day }] : [];
    }),
  );
  for (const [k, i] of items.entries()) {
    const load = locked.get(i.id);
    if (!load) throw new AppError(404, msg.loadNotFound);
    assertMove(load, "Shipped");
    const today = indiaDay(i.at);
    if (i.day > today) throw badRequest(msg.shipDateInFuture(i.day, today));
    const built = indiaDay(load.createdAt);
    if (i.day < built) throw badRequest(msg.shipDateBeforeLoad(i.day, built));
    const noEwayBill = blocks[k];
    if (noEwayBill) throw conflict(noEwayBill);
    const mine = orders.get(i.id) ?? [];
    for (const o of mine) {
      const refused = refusal(ORDER_LIFECYCLE, o.status, "Shipped", "staff");
      if (refused) throw conflict(refused);
    }
    const poids = mine.map((o) => o.poid);
    const shippedAt = i.day === today ? i.at : new Date(`${i.day}T12:00:00+05:30`);
    invoiced.push({ load, poids, day: i.day, shippedAt, at: i.at });
  }
  await updateLoads(
    tx,
    items.map((i) => ({ id: i.id, status: "Shipped", actualShippingDate: i.day })),
  );
  const taxInvoices = await issueTaxInvoices(
    tx,
    invoiced.map((v) => ({ load: v.load, poids: v.poids, day: v.day, at: v.at })),
  );
  const postings = invoiced.map((v, k) => {
    const t = taxInvoices[k];
    if (!t) throw new Error("tax invoice missing");
    for (const poid of v.poids)
      steps.push({ poid, status: "Shipped", shippedAt: v.shippedAt, ledgerAccount: t.ledgerAccount });
    const { load } = v;
    records.notices.push(
      {
        userId: load.userId,
        title: "Load shipped",
        message: `Load ${load.id} (${v.poids.join(", ")}) has shipped with ${load.transporter ?? "the transporter"}, docket ${load.docketNo ?? "-"}.`,
        target: `/account/loadDetails/${load.id}`,
        at: v.at,
      },
      {
        userId: load.userId,
        title: "Invoice ready",
        message: `Tax invoice ${t.row.number} for load ${load.id} is ready.`,
        target: `/account/invoice/${load.id}`,
        at: v.at,
        mail: false,
      },
    );
    records.audit.push({
      actorId: actor?.id ?? null,
      action: "load.ship",
      entity: "load",
      entityId: load.id,
      before: { status: load.status },
      after: { status: "Shipped", actualShippingDate: v.day, invoice: t.row.number, total: t.row.total },
      at: v.at,
    });
    return {
      userId: load.userId,
      ledgerAccount: t.ledgerAccount,
      day: v.day,
      invoiceId: t.row.id,
      number: t.row.number,
      total: t.row.total,
      loadId: load.id,
      docketNo: load.docketNo,
    };
  });
  await postSalesInvoices(tx, postings);
  await recordOrderSteps(tx, steps);
}

/**
 * Proof of delivery in full for many loads: every order Delivered at its shipped quantities (no
 * units short, so no credit note), lines keep their quantity as delivered.
 */
export async function deliverLoadsInFull(
  tx: DbOrTx,
  actor: Actor,
  items: readonly { id: number; at: Date }[],
  records: LoadStepRecords,
): Promise<void> {
  if (items.length === 0) return;
  const locked = await lockLoads(
    tx,
    items.map((i) => i.id),
  );
  const orders = await ordersOfLoads(
    tx,
    items.map((i) => i.id),
  );
  const lines = await linesOfOrders(
    tx,
    [...orders.values()].flatMap((list) => list.map((o) => o.poid)),
  );
  const restated: Parameters<typeof restateOrderLines>[1][number][] = [];
  const steps: OrderStepColumns[] = [];
  for (const i of items) {
    const load = locked.get(i.id);
    if (!load) throw new AppError(404, msg.loadNotFound);
    if (load.status !== "Shipped") throw conflict(msg.loadNotShipped);
    if (load.deliveredAt) throw conflict(msg.loadAlreadyDelivered);
    for (const o of orders.get(i.id) ?? []) {
      const refused = refusal(ORDER_LIFECYCLE, o.status, "Delivered", "staff");
      if (refused) throw conflict(refused);
      let gap = 0;
      const shippedLines = [];
      for (const l of lines.get(o.poid) ?? []) {
        gap += lineGap(l.orderedQuantity, l.quantity);
        shippedLines.push({ ...l, shipped: l.quantity, delivered: l.quantity });
      }
      const chain = deliveredOrder(o, shippedLines);
      if (chain.shortValue > 0n) throw conflict("A delivery in full has no units short");
      restated.push(...chain.lines.map((r) => ({ id: r.line.id, ...lineColumns(r.amounts) })));
      steps.push({
        poid: o.poid,
        ...orderColumns(chain.totals),
        deliveredAt: i.at,
        gapReport: gap,
        status: "Delivered",
      });
    }
    records.notices.push({
      userId: load.userId,
      title: "Load delivered",
      message: `Load ${i.id} was delivered.`,
      target: `/account/loadDetails/${i.id}`,
      at: i.at,
      mail: false,
    });
    records.audit.push({
      actorId: actor?.id ?? null,
      action: "load.deliver",
      entity: "load",
      entityId: i.id,
      after: { delivered: "all" },
      at: i.at,
    });
  }
  for (let k = 0; k < restated.length; k += 2000)
    await restateOrderLines(tx, restated.slice(k, k + 2000), { delivered: true });
  await recordOrderSteps(tx, steps);
  await updateLoads(
    tx,
    items.map((i) => ({ id: i.id, deliveredAt: i.at })),
  );
}
