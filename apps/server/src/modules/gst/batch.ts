/**
 * E-way bills entered for many loads in one transaction (the network-sized world, issue 32): each
 * load that may not ship on its day without one (`ewayBillBlock`) gets the number staff entered, as
 * the load desk's `enter` records it (the document and distance its EWB-01 would carry, the audit
 * entry), in a few statements. The audit entries are handed to the caller's `records`.
 */
import { ewayBillMessages as msg, PROFORMA_INVOICE, paiseToDecimal, TAX_INVOICE } from "@portal/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { ewayBills, invoices, loads, purchaseOrders, users, warehouses } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { AuditEntry } from "../audit/public";
import { currentEwayBillLimit } from "../settings/public";
import { buildFrom, type LoadPlaces, notNeededReasonAt } from "./ewaybill-service";

async function placesOf(tx: DbOrTx, ids: readonly number[]): Promise<Map<number, LoadPlaces>> {
  const rows = await tx
    .select({
      load: loads,
      warehouse: warehouses,
      partner: {
        id: users.id,
        storeName: users.storeName,
        firstname: users.firstname,
        lastname: users.lastname,
        gstin: users.gstin,
        address: users.address,
        shippingAddress1: users.shippingAddress1,
        shippingAddress2: users.shippingAddress2,
        shippingCity: users.shippingCity,
        shippingPincode: users.shippingPincode,
        pincode: users.pincode,
        state: users.state,
      },
    })
    .from(loads)
    .innerJoin(warehouses, eq(warehouses.id, loads.warehouseId))
    .innerJoin(users, eq(users.id, loads.userId))
    .where(inArray(loads.id, [...ids]))
    .for("update", { of: loads });
  return new Map(rows.map((r) => [r.load.id, r]));
}

/** Each load's documents as `loadDocuments` reads them: its tax invoice once shipped, else its orders' proformas. */
async function documentsOf(tx: DbOrTx, ids: readonly number[]) {
  const out = new Map<number, (typeof invoices.$inferSelect)[]>();
  if (ids.length === 0) return out;
  const tax = await tx
    .select()
    .from(invoices)
    .where(and(inArray(invoices.loadId, [...ids]), eq(invoices.kind, TAX_INVOICE)))
    .orderBy(asc(invoices.id));
  for (const t of tax) if (t.loadId !== null) out.set(t.loadId, [...(out.get(t.loadId) ?? []), t]);
  const rest = ids.filter((id) => !out.has(id));
  if (rest.length === 0) return out;
  const orders = await tx
    .select({ poid: purchaseOrders.poid, loadId: purchaseOrders.loadId })
    .from(purchaseOrders)
    .where(inArray(purchaseOrders.loadId, rest));
  if (orders.length === 0) return out;
  const loadOf = new Map(orders.map((o) => [o.poid, o.loadId]));
  const proformas = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, PROFORMA_INVOICE),
        inArray(
          invoices.poid,
          orders.map((o) => o.poid),
        ),
      ),
    )
    .orderBy(asc(invoices.issuedOn), asc(invoices.number));
  for (const p of proformas) {
    const loadId = p.poid ? loadOf.get(p.poid) : undefined;
    if (loadId !== undefined && loadId !== null) out.set(loadId, [...(out.get(loadId) ?? []), p]);
  }
  return out;
}

/**
 * Enters, for every load of `items` that needs an e-way bill to ship on its day and has none, the
 * number staff made for it (`numberOf`). Resolves to the loads that got one.
 */
export async function enterNeededEwayBills(
  tx: DbOrTx,
  actorId: number,
  items: readonly { loadId: number; day: string; at: Date }[],
  numberOf: (loadId: number) => string,
  records: { audit: AuditEntry[] },
): Promise<number[]> {
  if (items.length === 0) return [];
  const limit = await currentEwayBillLimit(tx);
  const places = await placesOf(
    tx,
    items.map((i) => i.loadId),
  );
  const existing = new Set(
    (
      await tx
        .select({ loadId: ewayBills.loadId })
        .from(ewayBills)
        .where(
          inArray(
            ewayBills.loadId,
            items.map((i) => i.loadId),
          ),
        )
    ).map((e) => e.loadId),
  );
  const needed = items.filter((i) => {
    const p = places.get(i.loadId);
    if (!p || existing.has(i.loadId)) return false;
    return notNeededReasonAt({ ...p.load, actualShippingDate: i.day }, i.day, limit).reason === null;
  });
  if (needed.length === 0) return [];
  const numbers = needed.map((i) => numberOf(i.loadId));
  const held = await tx
    .select({ loadId: ewayBills.loadId, number: ewayBills.number })
    .from(ewayBills)
    .where(inArray(ewayBills.number, numbers));
  if (held[0]) throw new AppError(409, msg.numberUsed(held[0].number, held[0].loadId));
  if (new Set(numbers).size !== numbers.length)
    throw new AppError(409, "An e-way bill number is entered twice");
  const documents = await documentsOf(
    tx,
    needed.map((i) => i.loadId),
  );
  const rows = needed.map((i, k) => {
    const p = places.get(i.loadId);
    if (!p) throw new Error("load not found");
    if (p.load.status === "Cancelled") throw new AppError(409, msg.cancelledLoad);
    const built = buildFrom(p, documents.get(i.loadId) ?? []);
    const number = numbers[k] as string;
    records.audit.push({
      actorId,
      action: "ewaybill.enter",
      entity: "load",
      entityId: i.loadId,
      after: { number, validUntil: null },
      at: i.at,
    });
    return {
      loadId: i.loadId,
      userId: p.load.userId,
      number,
      source: "entered",
      docNo: "bill" in built ? built.bill.docNo : null,
      docDay: "documents" in built ? (built.documents[0]?.issuedOn ?? null) : null,
      distanceKm: "km" in built ? built.km : null,
      generatedAt: i.at,
      validUntil: null,
      payload: null,
      system: "staff",
      createdAt: i.at,
      createdBy: actorId,
    } satisfies typeof ewayBills.$inferInsert;
  });
  for (let k = 0; k < rows.length; k += 1000) {
    const chunk = rows.slice(k, k + 1000);
    const written = await tx
      .insert(ewayBills)
      .values(chunk)
      .onConflictDoNothing()
      .returning({ id: ewayBills.id });
    if (written.length !== chunk.length) throw new AppError(409, "A load has an e-way bill already");
  }
  return needed.map((i) => i.loadId);
}

/**
 * `ewayBillBlock` for many loads at once: for each load, why it may not ship on its day for want of
 * an e-way bill (the message staff see), or null when it may.
 */
export async function ewayBillBlocks(
  tx: DbOrTx,
  items: readonly { load: { id: number; status: string; total: string }; day: string }[],
): Promise<(string | null)[]> {
  if (items.length === 0) return [];
  const limit = await currentEwayBillLimit(tx);
  const existing = new Set(
    (
      await tx
        .select({ loadId: ewayBills.loadId })
        .from(ewayBills)
        .where(
          inArray(
            ewayBills.loadId,
            items.map((i) => i.load.id),
          ),
        )
    ).map((e) => e.loadId),
  );
  return items.map(({ load, day }) => {
    const { reason, value } = notNeededReasonAt({ ...load, actualShippingDate: day }, day, limit);
    if (reason !== null || existing.has(load.id)) return null;
    return msg.shipNeedsEwayBill(load.id, paiseToDecimal(value), paiseToDecimal(BigInt(limit)));
  });
}
