/**
 * Every e-invoice of the demo world (its full history): each tax invoice, sales-return credit note,
 * product-removal credit note (a short delivery) and ledger-only note (staff and ageing notes) from 2020-10-01 on is built from the stored document
 * and must pass the NIC schema and the IRP's rules; a note that states no GST takes none.
 * Every e-way bill of the same world: each load shipped from 2018-04-01 worth more than the limit has
 * one, generated through the sandbox before it shipped, and its JSON as sent passes the EWB-01 schema;
 * no load at or below the limit has one. (One file: the full history is built once for both.)
 */

import {
  DEFAULT_EWAYBILL_LIMIT_PAISE,
  EINVOICE_START_DAY,
  EWAYBILL_START_DAY,
  type EwayBill,
  toPaise,
} from "@portal/domain";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ewayBills, ledgerEntries, loads } from "../../db/schema";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { einvoiceProblems } from "./einvoice";
import { createEinvoiceService, type EinvoiceDocument } from "./einvoice-service";
import { ewayBillProblems } from "./ewaybill";
import { createSandboxIrp } from "./irp";

const WORLD_COUNTS = {
  documents: 557,
  invoices: 389,
  creditNotes: 75,
  productRemovalNotes: 34,
  ledgerDebitNotes: 59,
  ledgerCreditNotes: 0,
  einvoices: 557,
  valid: 557,
  invalid: 0,
  notNeeded: 0,
};

let world: TestWorld;
let docs: EinvoiceDocument[];
/** The numbers of the journal's product-removal credit notes (order-cancel notes reversing goods). */
let removalNumbers: Set<string>;

beforeAll(async () => {
  world = await createTestWorld({ historyMonths: "full" });
  const service = createEinvoiceService({
    db: world.database.db,
    irp: createSandboxIrp(() => new Date()),
    now: () => new Date(),
  });
  docs = (await service.documents()).filter((d) => d.day >= EINVOICE_START_DAY);
  const removals = await world.database.db
    .select({ number: ledgerEntries.voucherNumber })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.sourceKind, "order-cancel"), isNull(ledgerEntries.sacCode)));
  removalNumbers = new Set(removals.map((r) => r.number));
}, 600_000);
afterAll(() => world?.close());

describe("the demo world's e-invoices", () => {
  it("counts documents, valid and invalid", () => {
    const built = docs.filter((d) => d.einvoice !== null);
    const invalid = built
      .map((d) => ({
        number: d.number,
        problems: einvoiceProblems(d.einvoice as NonNullable<typeof d.einvoice>),
      }))
      .filter((d) => d.problems.length > 0);
    const ledgerOnly = (d: EinvoiceDocument) => /^[DC][MA]00\//.test(d.number);
    const removal = (d: EinvoiceDocument) => d.type === "CRN" && removalNumbers.has(d.number);
    const counts = {
      documents: docs.length,
      invoices: docs.filter((d) => d.type === "INV").length,
      creditNotes: docs.filter((d) => d.type === "CRN" && !ledgerOnly(d) && !removal(d)).length,
      productRemovalNotes: docs.filter(removal).length,
      ledgerDebitNotes: docs.filter((d) => d.type === "DBN").length,
      ledgerCreditNotes: docs.filter((d) => d.type === "CRN" && ledgerOnly(d)).length,
      einvoices: built.length,
      valid: built.length - invalid.length,
      invalid: invalid.length,
      notNeeded: docs.length - built.length,
    };
    expect(invalid).toEqual([]);
    // The demo world's full history (seed 2026-11-01): from 2020-10-01, 389 tax invoices and 75
    // credit notes of sales returns, every one billed to a registered partner, 34 product-removal
    // credit notes of short deliveries, and 59 of the
    // ledger's own debit notes (courier and ageing notes, each stating its GST); no correction.
    expect(counts).toEqual(WORLD_COUNTS);
  });
  it("are really checked: a broken copy fails NIC's schema and the IRP's rules", () => {
    const good = docs.find((d) => d.einvoice !== null)?.einvoice;
    if (!good) throw new Error("no e-invoice");
    const bad = structuredClone(good);
    bad.DocDtls.Dt = "2024-10-05";
    bad.ItemList[0] = { ...(bad.ItemList[0] as (typeof bad.ItemList)[number]), HsnCd: "12345", GstRt: 40 };
    const problems = einvoiceProblems(bad);
    expect(problems).toContain(
      '/DocDtls/Dt must match pattern "^[0-3][0-9]\\/[0-1][0-9]\\/[2][0][1-2][0-9]$"',
    );
    expect(problems).toContain(
      '/ItemList/0/HsnCd must match pattern "^(?!0+$)([0-9]{4}|[0-9]{6}|[0-9]{8})$"',
    );
    expect(problems.some((p) => p.startsWith("ItemList[1]: tax "))).toBe(true);
  });
});

describe("the demo world's e-way bills", () => {
  it("covers every shipped load above the limit, each valid by the schema (counted)", async () => {
    const db = world.database.db;
    const all = await db.select().from(loads);
    const bills = new Map((await db.select().from(ewayBills)).map((b) => [b.loadId, b]));
    const shipped = all.filter((l) => l.actualShippingDate !== null);
    const above = (l: (typeof all)[number]) => toPaise(l.total) > BigInt(DEFAULT_EWAYBILL_LIMIT_PAISE);
    const needing = shipped.filter((l) => (l.actualShippingDate ?? "") >= EWAYBILL_START_DAY && above(l));
    const missing = needing.filter((l) => !bills.has(l.id)).map((l) => l.id);
    const invalid = [...bills.values()]
      .map((b) => ({ loadId: b.loadId, problems: ewayBillProblems(b.payload as EwayBill) }))
      .filter((b) => b.problems.length > 0);
    const counts = {
      loads: all.length,
      shipped: shipped.length,
      needing: needing.length,
      documents: bills.size,
      valid: bills.size - invalid.length,
      invalid: invalid.length,
    };
    console.log("demo world e-way bills", counts);
    expect(missing).toEqual([]);
    expect(invalid).toEqual([]);
    expect(needing.length).toBeGreaterThan(0);
    // only loads that needed one have one (the demo world's limit is the default throughout)
    expect(bills.size).toBe(needing.length);
    for (const b of bills.values()) {
      expect(b.source).toBe("generated");
      expect(b.number).toMatch(/^[1-9]\d{11}$/);
      expect(b.validUntil?.getTime()).toBeGreaterThan(b.generatedAt.getTime());
    }
  });
});
