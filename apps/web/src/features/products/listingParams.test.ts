import { describe, expect, it } from "vitest";
import {
  clearFilters,
  DEFAULT_LISTING_STATE,
  parseListingParams,
  parseSort,
  setChoiceOf,
  toggleFilterValue,
  toListingBody,
  toQueryString,
  withSetChoice,
} from "./listingParams";

const parse = (query: string) => parseListingParams(new URLSearchParams(query));

describe("listing address: reading", () => {
  it("reads every spec parameter, comma-separated", () => {
    const state = parse(
      "categories=6,21&subcategories=601&brands=12,13&prices=500-999,1000-1999&age=12-36&offer=true" +
        "&stocktype=OwnedStock,DropShipment&premium=true&sort=-price&whId=5&whType=owned&isSet=true&Type=44",
    );
    expect(state.filters).toMatchObject({
      categories: ["6", "21"],
      subcategories: ["601"],
      brands: ["12", "13"],
      prices: ["500-999", "1000-1999"],
      age: ["12-36"],
      offer: ["true"],
      stocktype: ["OwnedStock", "DropShipment"],
      premium: ["true"],
      isSet: ["true"],
      isNonSet: [],
      Type: ["44"],
    });
    expect(state.sort).toEqual({ name: "price", order: "desc" });
    expect(state.whId).toBe(5);
    expect(state.whType).toBe("owned");
  });

  it("reads a sort name without - as ascending and with - as descending", () => {
    expect(parseSort("price")).toEqual({ name: "price", order: "asc" });
    expect(parseSort("-price")).toEqual({ name: "price", order: "desc" });
    expect(parseSort("-newArrivals")).toEqual({ name: "newArrivals", order: "desc" });
    expect(parseSort("bestSeller")).toEqual({ name: "bestSeller", order: "asc" });
    expect(parseSort("-cheapest")).toBeNull();
    expect(parseSort("")).toBeNull();
  });

  it("accepts encoded commas and repeated parameters, and drops duplicates", () => {
    expect(parse("brands=12%2C13&brands=13,14").filters.brands).toEqual(["12", "13", "14"]);
  });

  it("drops values that cannot belong to a filter instead of sending them", () => {
    const state = parse(
      "categories=6,abc,-1,0&prices=1-2&age=forever&stocktype=Stolen&offer=yes&whType=moon&whId=x&size=7&page=-3&sort=-colour",
    );
    expect(state.filters.categories).toEqual(["6"]);
    expect(state.filters.prices).toEqual([]);
    expect(state.filters.age).toEqual([]);
    expect(state.filters.stocktype).toEqual([]);
    expect(state.filters.offer).toEqual([]);
    expect(state).toMatchObject({ whType: "all", whId: null, size: 10, page: 1, sort: null });
  });

  it("treats sets and non-sets together as all products", () => {
    expect(setChoiceOf(parse("isSet=true&isNonSet=true"))).toBe("all");
    expect(setChoiceOf(parse("isNonSet=true"))).toBe("nonSets");
  });

  it("gives the defaults for an empty address", () => {
    expect(parse("")).toEqual(DEFAULT_LISTING_STATE);
  });
});

describe("listing address: writing", () => {
  it("writes the sort with - for descending and keeps commas readable", () => {
    const state = parse("brands=13,12&sort=-price&categories=6");
    expect(toQueryString(state)).toBe("categories=6&brands=13,12&sort=-price");
  });

  it("leaves defaults out and adds page size, warehouse and page when chosen", () => {
    expect(toQueryString(DEFAULT_LISTING_STATE)).toBe("");
    const state = {
      ...DEFAULT_LISTING_STATE,
      size: 50 as const,
      whType: "stockist" as const,
      whId: 101,
      page: 3,
    };
    expect(toQueryString(state)).toBe("whType=stockist&whId=101&size=50&page=3");
  });

  it("round-trips: reading what was written gives the same view", () => {
    const queries = [
      "categories=6,21&sort=price",
      "subcategories=601&Type=44&brands=12&prices=5000-&age=144-&stocktype=JustInTime&offer=true&premium=true&isNonSet=true&sort=-bestSeller&whType=dropship&whId=7&size=30&page=2",
    ];
    for (const q of queries) {
      const state = parse(q);
      expect(parse(toQueryString(state))).toEqual(state);
    }
  });
});

describe("listing address: changes", () => {
  it("ticks and unticks a value and goes back to page 1", () => {
    const start = parse("brands=12&page=4");
    const ticked = toggleFilterValue(start, "brands", "13");
    expect(ticked.filters.brands).toEqual(["12", "13"]);
    expect(ticked.page).toBe(1);
    expect(toggleFilterValue(ticked, "brands", "12").filters.brands).toEqual(["13"]);
  });

  it("switches between all, sets and non-sets", () => {
    const sets = withSetChoice(DEFAULT_LISTING_STATE, "sets");
    expect(toQueryString(sets)).toBe("isSet=true");
    expect(toQueryString(withSetChoice(sets, "nonSets"))).toBe("isNonSet=true");
    expect(toQueryString(withSetChoice(sets, "all"))).toBe("");
  });

  it("clears every filter but keeps sort, page size and warehouse", () => {
    const state = parse("categories=6&offer=true&isSet=true&sort=-price&size=20&whType=owned");
    expect(toQueryString(clearFilters(state))).toBe("sort=-price&whType=owned&size=20");
  });
});

describe("listing body", () => {
  it("sends ids as numbers, other values as text, and the sort as name and order", () => {
    const body = toListingBody(
      parse("categories=6&prices=500-999&offer=true&sort=-price&whId=5&size=20"),
      "baby wipes",
    );
    expect(body).toEqual({
      filters: [
        { key: "categories", values: [6] },
        { key: "prices", values: ["500-999"] },
        { key: "offer", values: ["true"] },
      ],
      sort: { name: "price", order: "desc" },
      search: "baby wipes",
      size: 20,
      whId: 5,
      whType: "all",
    });
  });

  it("sends no sort, search or warehouse when none is chosen", () => {
    expect(toListingBody(DEFAULT_LISTING_STATE)).toEqual({ filters: [], size: 10, whType: "all" });
  });
});
