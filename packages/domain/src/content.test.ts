import { describe, expect, it } from "vitest";
import { artworkOrderProblem, clipLanguageFor, trainingRange } from "./content";
import { messages } from "./messages";

describe("clipLanguageFor", () => {
  it.each([
    ["Tamil Nadu", "Tamil"],
    ["tamil nadu", "Tamil"],
    ["TamilNadu", "Tamil"],
    ["Maharashtra", "Hindi"],
    ["Karnataka", "Hindi"],
    [null, "Hindi"],
    ["", "Hindi"],
  ])("%s → %s", (state, language) => expect(clipLanguageFor(state)).toBe(language));
});

describe("trainingRange", () => {
  const now = new Date("2026-11-23T10:00:00+05:30");
  it.each([
    [{}, { fromDate: "2026-11-23", toDate: "2027-11-23" }],
    [{ fromDate: "2026-12-01" }, { fromDate: "2026-12-01", toDate: "2027-12-01" }],
    [
      { fromDate: "2026-12-01", toDate: "2026-12-31" },
      { fromDate: "2026-12-01", toDate: "2026-12-31" },
    ],
    [
      { fromDate: "2026-12-01", toDate: "2026-11-30" },
      { fromDate: "2026-12-01", toDate: "2027-12-01" },
    ],
    [
      { fromDate: "2024-02-29", toDate: null },
      { fromDate: "2024-02-29", toDate: "2025-02-28" },
    ],
  ])("%j → %j", (input, range) => expect(trainingRange(input, now)).toEqual(range));
});

describe("artworkOrderProblem", () => {
  const ok = {
    type: "Banner",
    subType: "Flex",
    unit: "Feet",
    cat: "Outdoor",
    size: "Large",
    bHeight: "3",
    bWidth: 8,
    address: "Pune",
  };
  it("accepts a complete order and a Leaflet without dimensions", () => {
    expect(artworkOrderProblem(ok)).toBeNull();
    expect(
      artworkOrderProblem({
        ...ok,
        type: "Leaflet",
        subType: "Double sided",
        unit: "A4/A5",
        size: "A5",
        bHeight: null,
        bWidth: null,
      }),
    ).toBeNull();
  });
  it.each([
    ["no address", { ...ok, address: "" }],
    ["no height", { ...ok, bHeight: null }],
    ["a word for a width", { ...ok, bWidth: "wide" }],
    ["a negative height", { ...ok, bHeight: "-2" }],
    ["an unknown unit", { ...ok, unit: "Yards" }],
    ["a sub-type of another type", { ...ok, subType: "Roll-up" }],
  ])("refuses %s", (_, order) => expect(artworkOrderProblem(order)).toBe(messages.artworkRequiredFields));
});
