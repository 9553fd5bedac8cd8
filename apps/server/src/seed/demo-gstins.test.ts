import { gstinProblem } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { DEMO_USERS, STOCKIST_WAREHOUSES } from "./accounts-data";

describe("the demo world's GSTINs (stockists and partners)", () => {
  it.each(STOCKIST_WAREHOUSES.map((w) => [w.id, w.name, w.gstNo, w.state] as const))(
    "stockist %i %s: %s is valid for %s",
    (_, __, gstin, state) => {
      expect(gstinProblem(gstin, state)).toBeNull();
    },
  );

  it("every partner has a valid GSTIN of its billing state; staff have none", () => {
    expect(
      DEMO_USERS.map((u) => [
        u.email,
        u.gstin,
        u.state,
        u.gstin === null ? null : gstinProblem(u.gstin, u.state),
      ]),
    ).toEqual([
      ["franchisee@demo.in", "27AKXPD4417K1ZQ", "Maharashtra", null],
      ["stockist@demo.in", "29AAHFL3906R1ZM", "Karnataka", null],
      ["kiosk@demo.in", "33ALNPN5520C1ZE", "Tamil Nadu", null],
      ["coco@demo.in", "27AAICB8812E1ZP", "Maharashtra", null],
      ["admin@demo.in", null, "Maharashtra", null],
    ]);
  });
});
