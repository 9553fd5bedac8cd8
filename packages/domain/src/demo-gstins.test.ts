import { describe, expect, it } from "vitest";
import { ALTERNATE_COMPANY, MAIN_COMPANY } from "./back-office";
import { gstinProblem } from "./gstin";
import { STATIC_WAREHOUSES } from "./warehouses";

describe("the demo world's GSTINs (companies and warehouses)", () => {
  it.each<[string, string, string]>([
    ["main company", MAIN_COMPANY.gstNo, "Maharashtra"],
    ["alternate company", ALTERNATE_COMPANY.gstNo, "Maharashtra"],
    ...STATIC_WAREHOUSES.map((w): [string, string, string] => [
      `warehouse ${w.id} ${w.name}`,
      w.gstNo,
      w.state,
    ]),
  ])("%s: %s is valid for %s", (_, gstin, state) => {
    expect(gstinProblem(gstin, state)).toBeNull();
  });
});
