import { paiseToDecimal, TAX_INVOICE, toPaise } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { userIdOf } from "../../test/order-test-kit";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
let franchiseeId: number;

beforeAll(async () => {
  world = await createTestWorld();
  kit = await backOfficeKit(world);
  franchiseeId = await userIdOf(kit.db, "franchisee@demo.in");
});
afterAll(() => world.close());

async function confirmedOrder(quantities: number[]) {
  const o = await kit.order(quantities);
  expect((await kit.call("POST", `/api/admin/orders/${o.poid}/confirm`, {})).statusCode).toBe(200);
  return o;
}

describe("loads, tax invoices, ledger and payments", () => {
  it("builds, hands over, ships and delivers a load; the invoice and ledger follow", async () => {
    const a = await confirmedOrder([2, 1]);
    const b = await confirmedOrder([3]);
    const candidates = (await kit.call("GET", "/api/admin/loads/candidates")).json();
    expect(candidates[0].orders.map((o: { poid: string }) => o.poid)).toEqual(
      expect.arrayContaining([a.poid, b.poid]),
    );

    const created = await kit.call("POST", "/api/admin/loads", { poids: [a.poid, b.poid] });
    expect(created.statusCode).toBe(200);
    const load = created.json();
    expect(load.status).toBe("Ready To Dispatch");
    expect(load.totalQuantity).toBe(6);

    const early = await kit.call("POST", `/api/admin/loads/${load.id}/ship`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("A Ready To Dispatch load cannot become Shipped.");

    const handed = await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, {
      transporter: "Blue Dart",
      docketNo: "BD123456",
    });
    expect(handed.json().status).toBe("Hand Over");
    const shipped = await kit.call("POST", `/api/admin/loads/${load.id}/ship`, {});
    expect(shipped.statusCode).toBe(200);
    const s = shipped.json();
    expect(s.status).toBe("Shipped");
    expect(s.invoiceNumber).toMatch(/^IM02\/\d{4}\/\d{6}$/);

    const order = (await kit.call("GET", `/api/admin/orders/${a.poid}`)).json();
    expect(order.order.status).toBe("Shipped");
    expect(order.order.docketNo).toBe("BD123456");

    const invoice = (await kit.call("GET", `/api/admin/invoices/${s.invoiceId}`)).json();
    expect(invoice.kind).toBe(TAX_INVOICE);
    expect(invoice.taxRegime).toBe("CGST/SGST");
    expect(invoice.warehouse.gstNo).toMatch(/^27/);
    // Each order was its own placement of the owned group below ₹20,000: ₹250 shipping charge each,
    // GST inclusive (18%: taxable 423.73, CGST 38.14, SGST 38.13: the odd paisa to CGST, as on every
    // document), on top of the load's goods.
    expect(order.order.shippingChargeAmount).toBe("250.00");
    expect(invoice.shippingCharge).toEqual({
      amount: "500.00",
      taxable: "423.73",
      vat: "0.00",
      vatRate: "0.00",
      cgstRate: "9.00",
      sgstRate: "9.00",
      igstRate: "0.00",
      cgst: "38.14",
      sgst: "38.13",
      igst: "0.00",
    });
    expect(invoice.total).toBe(paiseToDecimal(toPaise(s.total) + toPaise("500.00")));
    expect(invoice.totals.total).toBe(invoice.total);
    expect(invoice.lines).toHaveLength(3);

    const ledger = (await kit.call("GET", `/api/admin/ledger/${franchiseeId}?ledgerAccount=1`)).json();
    const debit = ledger.entries.find((e: { voucherNumber: string }) => e.voucherNumber === s.invoiceNumber);
    expect(debit.debit).toBe(invoice.total);

    const notices = await kit.notificationsOf(franchiseeId);
    expect(notices.map((n) => n.title)).toEqual(expect.arrayContaining(["Load shipped", "Invoice ready"]));
    expect(notices.find((n) => n.title === "Load shipped")?.message).toContain("BD123456");

    // Proof of delivery: one unit of the first line missing.
    const first = a.products[0]!;
    const delivered = await kit.call("POST", `/api/admin/loads/${load.id}/deliver`, {
      lines: [{ poid: a.poid, productId: first.id, deliveredQuantity: 1 }],
    });
    expect(delivered.statusCode).toBe(200);
    const after = (await kit.call("GET", `/api/admin/orders/${a.poid}`)).json();
    expect(after.order.status).toBe("Delivered");
    expect(after.order.gapReport).toBe(1);
    const credit = (await kit.call("GET", `/api/admin/ledger/${franchiseeId}`))
      .json()
      .entries.find((e: { description: string }) =>
        e.description.startsWith(
          `Order ${a.poid}: undelivered units cancelled: reverses invoice ${s.invoiceNumber}`,
        ),
      );
    expect(credit.sacCode).toBeNull();
    expect(credit.credit).toBe(
      after.order.lines.find((l: { productId: number }) => l.productId === first.id).actualPrice,
    );
  });

  it("refuses a load mixing partners or warehouses, or of unconfirmed orders", async () => {
    const pending = await kit.order([1]);
    const res = await kit.call("POST", "/api/admin/loads", { poids: [pending.poid] });
    expect(res.statusCode).toBe(409);
    const other = await kit.order([1], kit.franchisee, 3);
    const c1 = await confirmedOrder([1]);
    await kit.call("POST", `/api/admin/orders/${other.poid}/confirm`, {});
    const mixed = await kit.call("POST", "/api/admin/loads", { poids: [c1.poid, other.poid] });
    expect(mixed.statusCode).toBe(400);
  });

  it("ledger balance equals the sum of its documents, and entries cannot be edited", async () => {
    const ledger = (await kit.call("GET", `/api/admin/ledger/${franchiseeId}`)).json();
    const sum = ledger.entries.reduce(
      (s: bigint, e: { debit: string; credit: string }) =>
        s + BigInt(e.debit.replace(".", "")) - BigInt(e.credit.replace(".", "")),
      0n,
    );
    expect(BigInt(ledger.closingBalance.replace(".", ""))).toBe(sum);
    await expect(world.database.db.execute("UPDATE ledger_entries SET debit = 0" as never)).rejects.toThrow();
  });

  it("a staff courier debit note carries SAC 9968 and 18% GST", async () => {
    const res = await kit.call("POST", `/api/admin/ledger/${franchiseeId}/notes`, {
      kind: "courierExpenses",
      amount: "118.00",
      description: "Courier for replacement",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ debit: "118.00", sacCode: "9968", noteType: "DN" });
    expect(res.json().description).toContain("taxable 100.00");
  });
});
