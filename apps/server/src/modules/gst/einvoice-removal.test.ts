/**
 * E-invoices of product-removal credit notes: a load delivered one unit short raises a credit note
 * reversing that unit of its tax invoice at the invoice's rates; the note's CRN e-invoice carries the
 * removed line (HSN, quantity, unit price, assessable value, rate, CGST/SGST split as invoiced),
 * refers to the tax invoice, passes NIC's schema and the IRP's rules, is listed on the desk, and is
 * registered and cancelled by type and number. A small world on a fixed clock.
 */
import { createHash } from "node:crypto";
import type { AdminEinvoicesResponse, EinvoiceDetail, EinvoiceRow } from "@portal/contracts";
import { type Einvoice, einvoiceMessages as msg } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { orderBody, placeOrder, productsOfType, stockUp, userIdOf } from "../../test/order-test-kit";
import { loadCatalogue } from "../../test/test-facts";
import { einvoiceProblems } from "./einvoice";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
let partnerId: number;
let partnerGstin: string;
let clock = new Date("2026-11-02T10:00:00+05:30");

beforeAll(async () => {
  world = await createTestWorld({ now: () => clock });
  kit = await backOfficeKit(world);
  partnerId = await userIdOf(kit.db, "franchisee@demo.in");
  const [partner] = await kit.db.select({ gstin: users.gstin }).from(users).where(eq(users.id, partnerId));
  partnerGstin = partner?.gstin ?? "";
}, 300_000);
afterAll(() => world?.close());

interface Shipped {
  invoiceId: number;
  invoiceNumber: string;
}

/**
 * Orders (billed to the partner's registered GSTIN), loads, hands over and ships two owned products
 * (2 and 1 units) from warehouse 2: the order and its tax invoice.
 */
async function shippedOrder() {
  const [owned1, owned2] = productsOfType(await loadCatalogue(world), "OwnedStock", 2);
  if (!owned1 || !owned2) throw new Error("no products");
  for (const p of [owned1, owned2]) await stockUp(kit.db, p.id, 2, 100);
  const body = orderBody([
    {
      wh: 2,
      products: [
        { id: owned1.id, qty: 2 },
        { id: owned2.id, qty: 1 },
      ],
    },
  ]);
  const placed = await placeOrder(world.app, kit.franchisee, {
    ...body,
    billingAddress: { ...body.billingAddress, gstNo: partnerGstin },
  });
  expect(placed.statusCode).toBe(200);
  const poid = placed.json().result[0].poid as string;
  expect((await kit.call("POST", `/api/admin/orders/${poid}/confirm`, {})).statusCode).toBe(200);
  const load = (await kit.call("POST", "/api/admin/loads", { poids: [poid] })).json() as { id: number };
  await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, {
    transporter: "Blue Dart",
    docketNo: "BD1",
  });
  const shipped = await kit.call("POST", `/api/admin/loads/${load.id}/ship`, {});
  expect(shipped.statusCode).toBe(200);
  return { poid, shortProductId: owned1.id, loadId: load.id, shipped: shipped.json() as Shipped };
}

describe("a short delivery's product-removal credit note", () => {
  let number: string;
  let credit: string;
  let shipped: Shipped;

  it("is a CRN e-invoice of the removed unit at the tax invoice's HSN and rates, referring to it", async () => {
    const s = await shippedOrder();
    shipped = s.shipped;
    const first = { id: s.shortProductId };
    const delivered = await kit.call("POST", `/api/admin/loads/${s.loadId}/deliver`, {
      lines: [{ poid: s.poid, productId: first.id, deliveredQuantity: 1 }],
    });
    expect(delivered.statusCode).toBe(200);
    const journal = (await kit.call("GET", `/api/admin/ledger/${partnerId}`)).json() as {
      entries: { voucherNumber: string; credit: string; description: string }[];
    };
    const entry = journal.entries.find((e) =>
      e.description.startsWith(`Order ${s.poid}: undelivered units cancelled`),
    );
    if (!entry) throw new Error("no product-removal note");
    number = entry.voucherNumber;
    credit = entry.credit;
    expect(number).toMatch(/^CM02\/2627\/\d{6}$/);

    const invoice = (await kit.call("GET", `/api/admin/invoices/${shipped.invoiceId}`)).json() as {
      warehouse: { gstNo: string };
      partner: { billingGstNo: string | null };
      lines: { productId: number; name: string; hsnCode: string; quantity: number; taxable: string }[];
    };
    const invoiced = invoice.lines.find((l) => l.productId === first.id);
    if (!invoiced) throw new Error("no invoice line");
    expect(invoiced.quantity).toBe(2);

    const res = await kit.call(
      "GET",
      `/api/admin/einvoices/document?type=CRN&number=${encodeURIComponent(number)}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as EinvoiceDetail;
    expect(body.problems).toEqual([]);
    const e = body.einvoice as unknown as Einvoice;
    expect(einvoiceProblems(e)).toEqual([]);
    expect(body.row).toMatchObject({
      type: "CRN",
      number,
      day: "2026-11-02",
      userId: partnerId,
      buyerGstin: partnerGstin,
      invoiceId: shipped.invoiceId,
      total: credit,
      state: "pending",
      reason: null,
    });
    expect(e.DocDtls).toEqual({ Typ: "CRN", No: number, Dt: "02/11/2026" });
    expect(e.RefDtls).toEqual({ PrecDocDtls: [{ InvNo: shipped.invoiceNumber, InvDt: "02/11/2026" }] });
    expect(e.SellerDtls.Gstin).toBe(invoice.warehouse.gstNo);
    expect(e.BuyerDtls).toMatchObject({ Gstin: partnerGstin, Pos: "27", Stcd: "27" });
    // One of the two invoiced units (taxable 435.42): half the line's taxable value at its HSN and
    // 5% GST within the state, the odd paisa to CGST; its value is the unit's price, the note's credit.
    expect([invoiced.name, invoiced.hsnCode, invoiced.taxable]).toEqual([
      "Mozzi Guard Bamboo Quilt Printed - Grey",
      "6301",
      "435.42",
    ]);
    expect(e.ItemList).toEqual([
      {
        SlNo: "1",
        PrdDesc: "Mozzi Guard Bamboo Quilt Printed - Grey",
        IsServc: "N",
        HsnCd: "6301",
        Qty: 1,
        Unit: "PCS",
        UnitPrice: 217.71,
        TotAmt: 217.71,
        AssAmt: 217.71,
        GstRt: 5,
        IgstAmt: 0,
        CgstAmt: 5.45,
        SgstAmt: 5.44,
        TotItemVal: 228.6,
      },
    ]);
    expect(e.ValDtls).toEqual({ AssVal: 217.71, CgstVal: 5.45, SgstVal: 5.44, IgstVal: 0, TotInvVal: 228.6 });
    expect(credit).toBe("228.60");
  });

  it("is on the desk's list, pending, found by its number", async () => {
    const listed = (
      await kit.call("GET", `/api/admin/einvoices?q=${encodeURIComponent(number)}`)
    ).json() as AdminEinvoicesResponse;
    expect(listed.rows).toEqual([
      expect.objectContaining({
        type: "CRN",
        number,
        state: "pending",
        total: credit,
        invoiceId: shipped.invoiceId,
      }),
    ]);
  });

  it("registers with the IRP by type and number and cancels within 24 hours", async () => {
    const { einvoice } = (
      await kit.call("GET", `/api/admin/einvoices/document?type=CRN&number=${encodeURIComponent(number)}`)
    ).json() as EinvoiceDetail;
    const res = await kit.call("POST", "/api/admin/einvoices/register", {
      documents: [{ type: "CRN", number }],
    });
    expect(res.statusCode).toBe(200);
    const [row] = res.json().rows as EinvoiceRow[];
    const irn = createHash("sha256")
      .update(`${(einvoice as unknown as Einvoice).SellerDtls.Gstin}2026-27CRN${number}`)
      .digest("hex");
    expect(row).toMatchObject({ type: "CRN", number, state: "registered", irn });
    const listed = (await kit.call("GET", `/api/admin/einvoices?q=${irn}`)).json() as AdminEinvoicesResponse;
    expect(listed.rows).toEqual([row]);

    clock = new Date(clock.getTime() + 3600_000);
    const cancel = { type: "CRN", number, reason: "2", remark: "Wrong quantity" };
    expect((await kit.call("POST", "/api/admin/einvoices/cancel", cancel, kit.franchisee)).statusCode).toBe(
      403,
    );
    const cancelled = await kit.call("POST", "/api/admin/einvoices/cancel", cancel);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: "cancelled", irn, cancelledAt: clock.toISOString() });
    const again = await kit.call("POST", "/api/admin/einvoices/cancel", cancel);
    expect([again.statusCode, again.json().message]).toEqual([409, msg.notRegistered(number)]);
  });
});
