import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  GST_STATE_CODES,
  gstStateCode,
  gstTypeFor,
  halfUp,
  inclusiveSplit,
  lineTax,
  sameGstState,
  splitByRegime,
  TAX_REGIMES,
  taxOn,
  taxRegimeFrom,
  taxRegimeOf,
} from "./gst";
import { INDIAN_STATES } from "./states";

describe("GST state codes", () => {
  it.each([
    ["Maharashtra", "27"],
    ["Tamil Nadu", "33"],
    ["TamilNadu", "33"],
    ["tamil nadu", "33"],
    ["  TAMIL   NADU ", "33"],
    ["Karnataka", "29"],
    ["Delhi", "07"],
    ["NCT of Delhi", "07"],
    ["Jammu & Kashmir", "01"],
    ["Orissa", "21"],
    ["Odisha", "21"],
    ["Pondicherry", "34"],
    ["Telangana", "36"],
    ["Andhra Pradesh", "37"],
    ["Ladakh", "38"],
    ["27", "27"],
  ])("%s is state %s", (state, code) => expect(gstStateCode(state)).toBe(code));

  it.each([["Atlantis"], [""], ["  "], ["99"], ["00"]])("%j has no code", (state) =>
    expect(gstStateCode(state)).toBeNull(),
  );

  it("knows every state and union territory of the address forms, each with its own code", () => {
    const codes = INDIAN_STATES.map((s) => gstStateCode(s));
    expect(codes.every((c) => c !== null && /^\d{2}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(INDIAN_STATES.length);
    expect(Object.keys(GST_STATE_CODES).sort()).toEqual([...INDIAN_STATES].sort());
  });

  it("decides 'same state' by the code alone", () => {
    expect(sameGstState("Tamil Nadu", "TamilNadu")).toBe(true);
    expect(sameGstState("Orissa", "Odisha")).toBe(true);
    expect(sameGstState("Maharashtra", "27")).toBe(true);
    expect(sameGstState("Maharashtra", "Karnataka")).toBe(false);
    // an unknown state is never the same state: IGST rather than a guess
    expect(sameGstState("Atlantis", "Atlantis")).toBe(false);
    expect(gstTypeFor("Tamil Nadu", "TamilNadu")).toBe("CGST/SGST");
    expect(taxRegimeOf("2026-01-01", "Tamil Nadu", "TamilNadu")).toBe("CGST/SGST");
  });
});

describe("regimes", () => {
  it.each([
    ["2017-06-30", "Maharashtra", "maharashtra", "VAT"],
    ["2017-06-30", "Karnataka", "Maharashtra", "CST"],
    ["2017-07-01", "Maharashtra", "Maharashtra ", "CGST/SGST"],
    ["2017-07-01", "Karnataka", "Maharashtra", "IGST"],
  ])("on %s shipping to %s from %s the tax is %s", (day, ship, wh, regime) =>
    expect(taxRegimeOf(day, ship, wh)).toBe(regime),
  );

  it("has one name for GST within a state, and reads the old one as it", () => {
    expect(TAX_REGIMES).toEqual(["CGST/SGST", "IGST", "VAT", "CST"]);
    expect(taxRegimeFrom("CGST+SGST")).toBe("CGST/SGST");
    expect(taxRegimeFrom("CST")).toBe("CST");
  });

  it("shows the VAT or CST rate before GST", () => {
    expect(splitByRegime("CST", 200n, 200n)).toMatchObject({ vat: 200n, vatRate: 200n, igstRate: 0n });
    expect(splitByRegime("VAT", 1250n, 1250n)).toMatchObject({ vat: 1250n, vatRate: 1250n, cgstRate: 0n });
  });
});

describe("one rounding, one odd-paisa rule", () => {
  it("rounds half away from zero", () => {
    expect(halfUp(5n, 2n)).toBe(3n);
    expect(halfUp(4n, 2n)).toBe(2n);
    expect(halfUp(149n, 100n)).toBe(1n);
    expect(halfUp(150n, 100n)).toBe(2n);
    expect(halfUp(-5n, 2n)).toBe(-3n);
    expect(() => halfUp(1n, 0n)).toThrow();
  });

  it("gives the odd paisa of a CGST/SGST split to CGST", () => {
    expect(splitByRegime("CGST/SGST", 10725n, 1200n)).toMatchObject({
      cgst: 5363n,
      sgst: 5362n,
      cgstRate: 600n,
      sgstRate: 600n,
    });
    expect(splitByRegime("CGST/SGST", -3n, 1800n)).toMatchObject({ cgst: -2n, sgst: -1n });
  });

  it("a ₹1001 toy at 12% within a state: CGST 53.63, SGST 53.62 on every document", () => {
    const line = lineTax({ unitTaxable: 89375n, quantity: 1, rate: 1200n, regime: "CGST/SGST" });
    expect(line).toMatchObject({ taxable: 89375n, tax: 10725n, cgst: 5363n, sgst: 5362n, total: 100100n });
  });

  it("taxes a line on its whole taxable value, not unit tax times quantity", () => {
    // 7 × 524.25 taxable at 5%: 3669.75 × 5% = 183.4875 → 183.49 (7 × 26.21 would be 183.47)
    const line = lineTax({ unitTaxable: 52425n, quantity: 7, rate: 500n, regime: "IGST" });
    expect(line).toMatchObject({ taxable: 366975n, tax: 18349n, igst: 18349n, total: 385324n });
  });

  it("splits a GST-inclusive gross so the parts make the gross", () => {
    expect(inclusiveSplit(25000n, 1800n)).toEqual({ taxable: 21186n, tax: 3814n });
    expect(inclusiveSplit(11800n, 1800n)).toEqual({ taxable: 10000n, tax: 1800n });
  });

  it("properties: a line's tax is its taxable × rate, and the split adds up", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.integer({ min: 0, max: 500 }),
        fc.constantFrom(0n, 250n, 500n, 1200n, 1800n, 2800n),
        fc.constantFrom(...TAX_REGIMES),
        (unitTaxable, quantity, rate, regime) => {
          const l = lineTax({ unitTaxable, quantity, rate, regime });
          expect(l.taxable).toBe(unitTaxable * BigInt(quantity));
          expect(l.tax).toBe(taxOn(l.taxable, rate));
          const exact = l.taxable * rate; // in 1/10000 paise
          expect(l.tax * 10000n - exact <= 5000n && exact - l.tax * 10000n <= 5000n).toBe(true);
          expect(l.vat + l.cgst + l.sgst + l.igst).toBe(l.tax);
          expect(l.cgst - l.sgst === 0n || l.cgst - l.sgst === 1n).toBe(true);
          expect(l.total).toBe(l.taxable + l.tax);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
