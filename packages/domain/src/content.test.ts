import { describe, expect, it } from "vitest";
import {
  artworkOrderProblem,
  catalogueLinkOf,
  clipLanguageFor,
  lookbookSubcategories,
  nextTrackIndex,
  trainingProductsPath,
  trainingRange,
} from "./content";
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

describe("trainingProductsPath", () => {
  it.each([
    ["/products/listing?subcategories=606", "Winter Wear", "/products/listing?subcategories=606"],
    ["/products/listing?subcategories=202,201", "Bottles", "/products/listing?subcategories=201,202"],
    [
      "/products/listing?categories=6&subcategories=2104",
      "Ethnic",
      "/products/listing?categories=6&subcategories=2104",
    ],
    // The old link no screen answers (it landed on /home) becomes the search for its words.
    ["/listing?q=Winter%20Wear", "Winter Wear", "/products/search/Winter%20Wear"],
    ["/products/search/cribs%20%26%20cots", "Cribs", "/products/search/cribs%20cots"],
    // Nothing listable: the topic's own name is searched.
    ["/listing", "Skin Care", "/products/search/Skin%20Care"],
    ["https://elsewhere.example/x", "Strollers & Prams", "/products/search/Strollers%20Prams"],
    ["/products/listing?subcategories=abc", "Learning Toys", "/products/search/Learning%20Toys"],
  ])("%s (%s) → %s", (link, topic, path) => expect(trainingProductsPath(link, topic)).toBe(path));

  it("reads the categories and subcategories a link lists", () => {
    expect(catalogueLinkOf("/products/listing?subcategories=201,202,x,0")).toEqual({
      categories: [],
      subcategories: [201, 202],
      search: null,
    });
    expect(catalogueLinkOf("/nowhere")).toBeNull();
  });
});

describe("lookbookSubcategories", () => {
  it.each([
    ["Winter 2026 Lookbook", null, [606, 1201, 1202]],
    ["Festive 2026 Lookbook", null, [2104, 604, 2107]],
    ["Newborn Essentials Lookbook", null, [607, 2107, 903]],
    ["Summer 2027 Preview", null, [601, 603, 2105, 1202]],
    // The description decides when the title names no theme.
    ["Spring Drop", "Cotton basics for hot days", [601, 603, 2105, 1202]],
    ["Store Display Guide", "Fixtures and signage", []],
  ])("%s → %j", (title, description, ids) =>
    expect(lookbookSubcategories({ title, description })).toEqual(ids),
  );
});

describe("nextTrackIndex", () => {
  it("plays the next track and wraps from the last to the first", () => {
    expect(nextTrackIndex(0, 3)).toBe(1);
    expect(nextTrackIndex(1, 3)).toBe(2);
    expect(nextTrackIndex(2, 3)).toBe(0);
    expect(nextTrackIndex(0, 1)).toBe(0);
    expect(nextTrackIndex(0, 0)).toBe(0);
  });
});
