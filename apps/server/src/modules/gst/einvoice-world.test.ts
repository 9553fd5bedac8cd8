/**
 * Every e-invoice of the demo world (its full history): each tax invoice and credit note from
 * 2020-10-01 on is built from the stored document and must pass the NIC schema and the IRP's rules.
 */

import { EINVOICE_START_DAY } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { einvoiceProblems } from "./einvoice";
import { createEinvoiceService, type EinvoiceDocument } from "./einvoice-service";
import { createSandboxIrp } from "./irp";

let world: TestWorld;
let docs: EinvoiceDocument[];

beforeAll(async () => {
  world = await createTestWorld({ historyMonths: "full" });
  const service = createEinvoiceService({
    db: world.database.db,
    irp: createSandboxIrp(() => new Date()),
    now: () => new Date(),
  });
  docs = (await service.documents()).filter((d) => d.day >= EINVOICE_START_DAY);
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
    const counts = {
      documents: docs.length,
      invoices: docs.filter((d) => d.type === "INV").length,
      creditNotes: docs.filter((d) => d.type === "CRN").length,
      einvoices: built.length,
      valid: built.length - invalid.length,
      invalid: invalid.length,
    };
    expect(invalid).toEqual([]);
    // The demo world's full history (seed 2026-11-01): from 2020-10-01, 389 tax invoices and 75
    // credit notes of sales returns, every one billed to a registered partner.
    expect(counts).toEqual({
      documents: 464,
      invoices: 389,
      creditNotes: 75,
      einvoices: 464,
      valid: 464,
      invalid: 0,
    });
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
