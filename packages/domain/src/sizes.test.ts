import { describe, expect, it } from "vitest";
import { compareSizes, sortBySize } from "./sizes";

const sorted = (labels: (string | null)[]) => sortBySize(labels, (l) => l);
/** A fixed shuffle: odd places first, then even ones. */
const shuffled = <T>(items: T[]) => [
  ...items.filter((_, i) => i % 2 === 1),
  ...items.filter((_, i) => i % 2 === 0),
];

describe("compareSizes: sizes in their natural order", () => {
  it.each<[string, (string | null)[]]>([
    [
      "kids' shoes of the demo world: UK 3 to UK 13, then the youth sizes UK 1 and UK 2",
      [
        "UK 3 (12-18 M)",
        "UK 4 (18-24 M)",
        "UK 5 (2-2.5 Y)",
        "UK 6 (2.5-3 Y)",
        "UK 9 (4-5 Y)",
        "UK 10 (5-5.5 Y)",
        "UK 12 (6-7 Y)",
        "UK 13 (7-8 Y)",
        "UK 1 (8-9 Y)",
        "UK 2 (9-10 Y)",
      ],
    ],
    ["shoe sizes written without ages: numbers as numbers", ["UK 1", "UK 2", "UK 12", "UK 13"]],
    ["baby clothes in months", ["0-3 M", "3-6 M", "6-9 M", "9-12 M", "12-18 M", "18-24 M"]],
    [
      "months before years",
      ["6-12 M", "12-18 M", "18-24 M", "2-3 Y", "3-4 Y", "9-10 Y", "12-13 Y", "13-14 Y"],
    ],
    [
      "diapers by their names",
      [
        "New Born (up to 5 kg)",
        "Small (4-8 kg)",
        "Medium (7-12 kg)",
        "Large (9-14 kg)",
        "XL (12-17 kg)",
        "XXL (15-25 kg)",
      ],
    ],
    ["letter sizes", ["XS", "S", "M", "L", "XL", "XXL", "3XL"]],
    ["packs by weight", ["200 g", "400 g", "500 g", "1 kg"]],
    ["volumes", ["100 ml", "500 ml", "1 L"]],
    ["plain text, numbers as numbers, no size last", ["Pack of 2", "Pack of 10", "Pack of 12", null]],
  ])("%s", (_, expected) => {
    expect(sorted(shuffled(expected))).toEqual(expected);
    expect(sorted([...expected].reverse())).toEqual(expected);
  });

  it("is a consistent order: antisymmetric, and equal only for the same label", () => {
    const labels = ["UK 1 (8-9 Y)", "UK 13 (7-8 Y)", "2-3 Y", "Small (4-8 kg)", "1 kg", "Free Size", null];
    for (const a of labels)
      for (const b of labels) {
        expect(Math.sign(compareSizes(a, b)) + Math.sign(compareSizes(b, a))).toBe(0);
        if (a !== b) expect(compareSizes(a, b)).not.toBe(0);
      }
  });
});
