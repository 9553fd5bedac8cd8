import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineTax } from "./gst";
import {
  chooseTopUp,
  TOP_UP_MAX_CANDIDATES,
  TOP_UP_SEARCH_LIMIT,
  type TopUpCandidate,
  topUpHeadline,
  topUpNeed,
} from "./top-up";

const c = (productId: number, unitPrice: bigint, maxQty = 3): TopUpCandidate => ({
  productId,
  unitPrice,
  maxQty,
});

/** Every quantity vector (0 … max each): the smallest total at or above `needed`, or null. */
function bruteForceBest(needed: bigint, candidates: readonly TopUpCandidate[]): bigint | null {
  let best: bigint | null = null;
  const walk = (i: number, sum: bigint) => {
    if (i === candidates.length) {
      if (sum >= needed && (best === null || sum < best)) best = sum;
      return;
    }
    const cand = candidates[i] as TopUpCandidate;
    for (let q = 0; q <= Math.min(cand.maxQty, 3); q++)
      walk(i + 1, sum + (q === 0 ? 0n : cand.lineTotal ? cand.lineTotal(q) : cand.unitPrice * BigInt(q)));
  };
  walk(0, 0n);
  return best;
}

describe("topUpNeed", () => {
  it.each([
    // group, total (paise), reason, short, target
    ["stockist", 0n, "minimum", 600_000n, 600_000n],
    ["stockist", 250_050n, "minimum", 349_950n, 600_000n],
    ["stockist", 599_999n, "minimum", 1n, 600_000n],
    ["owned", 1n, "shipping", 1_999_999n, 2_000_000n],
    ["owned", 1_234_567n, "shipping", 765_433n, 2_000_000n],
    ["owned", 1_999_999n, "shipping", 1n, 2_000_000n],
  ] as const)("%s at %i paise lacks %s: %i paise to %i", (group, total, reason, short, target) => {
    expect(topUpNeed(group, total)).toEqual({ reason, short, target });
  });

  it.each([
    ["stockist", 600_000n],
    ["stockist", 912_345n],
    ["owned", 2_000_000n],
    ["owned", 0n],
    ["dropship", 0n],
    ["dropship", 10_000n],
  ] as const)("%s at %i paise needs nothing", (group, total) => {
    expect(topUpNeed(group, total)).toBeNull();
  });

  it("words the headline with the cart's rupees", () => {
    expect(topUpHeadline("minimum", 349_950n)).toBe("Add ₹3,499.50 to reach the minimum");
    expect(topUpHeadline("shipping", 765_433n)).toBe("Add ₹7,654.33 to avoid the shipping charge");
    expect(topUpHeadline("minimum", "125000.00")).toBe("Add ₹1,25,000.00 to reach the minimum");
  });
});

describe("chooseTopUp", () => {
  it("reports an empty candidate list as nothing to suggest", () => {
    expect(chooseTopUp(50_000n, [])).toEqual({
      status: "no-candidates",
      lines: [],
      total: 0n,
      considered: 0,
    });
  });

  it("reports candidates none of which can be used (no stock, no price) as nothing to suggest", () => {
    expect(chooseTopUp(50_000n, [c(1, 10_000n, 0), c(2, 0n, 3), c(3, -5n, 2)])).toEqual({
      status: "no-candidates",
      lines: [],
      total: 0n,
      considered: 0,
    });
  });

  it("adds nothing when nothing is needed", () => {
    expect(chooseTopUp(0n, [c(1, 100n)])).toEqual({
      status: "reaches",
      lines: [],
      total: 0n,
      overshoot: 0n,
      considered: 0,
    });
  });

  it.each([
    {
      name: "an exact fit across two products",
      needed: 100_000n,
      candidates: [c(11, 45_000n), c(12, 55_000n), c(13, 70_000n)],
      lines: [
        { productId: 11, qty: 1, total: 45_000n },
        { productId: 12, qty: 1, total: 55_000n },
      ],
      overshoot: 0n,
    },
    {
      name: "one dear unit beats many cheap ones when it overshoots less",
      needed: 100_001n,
      candidates: [c(21, 40_000n), c(22, 100_050n)],
      lines: [{ productId: 22, qty: 1, total: 100_050n }],
      overshoot: 49n,
    },
    {
      name: "several units of one product",
      needed: 89_999n,
      candidates: [c(31, 30_000n), c(32, 95_000n)],
      lines: [{ productId: 31, qty: 3, total: 90_000n }],
      overshoot: 1n,
    },
    {
      name: "the quantity is capped at the stock",
      needed: 89_999n,
      candidates: [c(41, 30_000n, 2), c(42, 31_000n, 1)],
      lines: [
        { productId: 41, qty: 2, total: 60_000n },
        { productId: 42, qty: 1, total: 31_000n },
      ],
      overshoot: 1_001n,
    },
    {
      name: "exact paise with odd amounts",
      needed: 349_950n,
      candidates: [c(51, 124_999n), c(52, 99_977n), c(53, 1_234n)],
      // 2 × ₹1,249.99 + ₹999.77 = ₹3,499.75: 25 paise over, nothing closer within 3 units each
      lines: [
        { productId: 51, qty: 2, total: 249_998n },
        { productId: 52, qty: 1, total: 99_977n },
      ],
      overshoot: 25n,
    },
  ])("$name", ({ needed, candidates, lines, overshoot }) => {
    const choice = chooseTopUp(needed, candidates);
    expect(choice.status).toBe("reaches");
    if (choice.status !== "reaches") return;
    expect(choice.lines).toEqual(lines);
    expect(choice.overshoot).toBe(overshoot);
    expect(choice.total).toBe(needed + overshoot);
    expect(bruteForceBest(needed, candidates)).toBe(choice.total);
  });

  it("breaks ties by priority: the first candidate of equal price, and higher-priority sets", () => {
    expect(chooseTopUp(50_000n, [c(1, 50_000n), c(2, 50_000n)]).lines).toEqual([
      { productId: 1, qty: 1, total: 50_000n },
    ]);
    // 60000 is reached by {1 ×1, 2 ×1} and by {3 ×1}: the set without the low-priority 3 wins.
    expect(chooseTopUp(60_000n, [c(1, 20_000n, 1), c(2, 40_000n, 1), c(3, 60_000n, 1)]).lines).toEqual([
      { productId: 1, qty: 1, total: 20_000n },
      { productId: 2, qty: 1, total: 40_000n },
    ]);
    // Same total by 2 units of 1 + 1 of 2, or 1 of 1 + … : the fewest units of the last candidate.
    expect(chooseTopUp(40_000n, [c(1, 10_000n), c(2, 20_000n)]).lines).toEqual([
      { productId: 1, qty: 2, total: 20_000n },
      { productId: 2, qty: 1, total: 20_000n },
    ]);
  });

  it("suggests every candidate at its most when together they fall short", () => {
    expect(chooseTopUp(600_000n, [c(1, 100_000n, 2), c(2, 50_050n, 5)])).toEqual({
      status: "falls-short",
      lines: [
        { productId: 1, qty: 2, total: 200_000n },
        { productId: 2, qty: 3, total: 150_150n },
      ],
      total: 350_150n,
      stillShort: 249_850n,
      considered: 2,
    });
  });

  it("considers only the first 30 usable candidates, each once", () => {
    const many = Array.from({ length: 40 }, (_, i) => c(i + 1, 1_000n * BigInt(i + 1), 1));
    // 31 alone would be an exact fit for 31000, but it is not considered: 1 + 30 is.
    const choice = chooseTopUp(31_000n, [c(1, 1_000n, 1), ...many]);
    expect(choice.considered).toBe(TOP_UP_MAX_CANDIDATES);
    expect(choice.status === "reaches" && choice.overshoot).toBe(0n);
    expect(choice.lines.every((l) => l.productId <= 30)).toBe(true);
  });

  it("prices each quantity with the line's own total (the tax engine rounds per line)", () => {
    // base cost ₹10.05 at 5%: one unit ₹10.55, two ₹21.11 (not 2 × 10.55), three ₹31.66
    const taxed = (qty: number) =>
      lineTax({ unitTaxable: 1_005n, quantity: qty, rate: 500n, regime: "IGST" }).total;
    expect([taxed(1), taxed(2), taxed(3)]).toEqual([1_055n, 2_111n, 3_166n]);
    const choice = chooseTopUp(2_111n, [{ productId: 7, unitPrice: taxed(1), maxQty: 3, lineTotal: taxed }]);
    expect(choice).toEqual({
      status: "reaches",
      lines: [{ productId: 7, qty: 2, total: 2_111n }],
      total: 2_111n,
      overshoot: 0n,
      considered: 1,
    });
  });

  it("refuses an amount beyond the search limit", () => {
    expect(() => chooseTopUp(TOP_UP_SEARCH_LIMIT + 1n, [c(1, 100n)])).toThrow(RangeError);
  });

  it("finds the smallest overshoot a brute force finds, on small random cases", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 1, max: 60_000 }),
            maxQty: fc.integer({ min: 0, max: 3 }),
          }),
          { maxLength: 6 },
        ),
        fc.integer({ min: 1, max: 200_000 }),
        (raw, neededNumber) => {
          const candidates = raw.map((r, i) => c(i + 1, BigInt(r.price), r.maxQty));
          const needed = BigInt(neededNumber);
          const best = bruteForceBest(needed, candidates);
          const choice = chooseTopUp(needed, candidates);
          if (candidates.every((x) => x.maxQty === 0)) {
            expect(choice.status).toBe("no-candidates");
            return;
          }
          if (best === null) {
            expect(choice.status).toBe("falls-short");
            return;
          }
          expect(choice.status).toBe("reaches");
          expect(choice.total).toBe(best);
          // the lines are real: within stock, priced exactly, summing to the total
          let sum = 0n;
          for (const l of choice.lines) {
            const cand = candidates.find((x) => x.productId === l.productId) as TopUpCandidate;
            expect(l.qty).toBeGreaterThanOrEqual(1);
            expect(l.qty).toBeLessThanOrEqual(cand.maxQty);
            expect(l.total).toBe(cand.unitPrice * BigInt(l.qty));
            sum += l.total;
          }
          expect(sum).toBe(choice.total);
        },
      ),
      { numRuns: 300, seed: 29 },
    );
  });
});
