import { describe, expect, it } from "vitest";
import { productEan } from "./kiosk-orders";
import { parseQuickOrderPaste, readQuickOrderCode, repeatedRows, styleCode } from "./quick-order";

describe("readQuickOrderCode", () => {
  it.each([
    ["100076", { kind: "product", productId: 100076, via: "id" }],
    [" 42 ", { kind: "product", productId: 42, via: "id" }],
    [productEan(100076), { kind: "product", productId: 100076, via: "ean" }],
    ["S100076", { kind: "style", groupId: 100076 }],
    ["s7", { kind: "style", groupId: 7 }],
    [styleCode(123), { kind: "style", groupId: 123 }],
  ])("reads %s", (code, expected) => {
    expect(readQuickOrderCode(code)).toEqual(expected);
  });

  it.each([
    ["", "Enter a product id, EAN or style code"],
    ["0", '"0" is not a product id, EAN or style code'],
    ["abc", '"abc" is not a product id, EAN or style code'],
    ["12.5", '"12.5" is not a product id, EAN or style code'],
    ["9999999999", '"9999999999" is not a product id, EAN or style code'],
    ["8901000760001", "EAN 8901000760001 is not one of our labels (890, the product id, a check digit)"],
    ["4006381333931", "EAN 4006381333931 is not one of our labels (890, the product id, a check digit)"],
    ["S0", '"S0" is not a product id, EAN or style code'],
  ])("refuses %j", (code, problem) => {
    expect(readQuickOrderCode(code)).toEqual({ problem });
  });
});

describe("parseQuickOrderPaste", () => {
  it.each([
    ["tabs", "100076\t5\n100077\t10", [100076, 5, 100077, 10]],
    ["commas", "100076,5\r\n100077, 10", [100076, 5, 100077, 10]],
    ["spaces", "100076 5\n100077    10", [100076, 5, 100077, 10]],
    ["a name column between", "100076\tBaby Romper - Red\t5", [100076, 5]],
    ["quoted fields", '"100076","5"', [100076, 5]],
    ["a code alone is one unit", "100076", [100076, 1]],
  ])("reads %s", (_name, text, flat) => {
    const parsed = parseQuickOrderPaste(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.lines.flatMap((l) => [Number(l.code), l.quantity])).toEqual(flat);
  });

  it("ignores a header row and skips blank lines, keeping line numbers as pasted", () => {
    const parsed = parseQuickOrderPaste("Product ID\tQty\n\n100076\t5\n   \nS100076\t2\n");
    expect(parsed.header).toBe(1);
    expect(parsed.lines).toEqual([
      { line: 3, code: "100076", quantity: 5 },
      { line: 5, code: "S100076", quantity: 2 },
    ]);
  });

  it("reads a first row of data as data (not a header)", () => {
    expect(parseQuickOrderPaste("100076,5").header).toBeNull();
    expect(parseQuickOrderPaste("S100076,5").lines).toHaveLength(1);
  });

  it("names each unreadable row with its line and why; the others still become rows", () => {
    const parsed = parseQuickOrderPaste(
      ["EAN,Quantity", "hello,5", "100076,five", "100077,3", "100078\t-2", "4006381333931 1"].join("\n"),
    );
    expect(parsed.header).toBe(1);
    expect(parsed.lines).toEqual([{ line: 4, code: "100077", quantity: 3 }]);
    expect(parsed.problems).toEqual([
      { line: 2, text: "hello,5", reason: '"hello" is not a product id, EAN or style code' },
      { line: 3, text: "100076,five", reason: 'Quantity "five" is not a whole number' },
      { line: 5, text: "100078\t-2", reason: 'Quantity "-2" is not a whole number' },
      {
        line: 6,
        text: "4006381333931 1",
        reason: "EAN 4006381333931 is not one of our labels (890, the product id, a check digit)",
      },
    ]);
  });

  it("refuses a row with control characters", () => {
    expect(parseQuickOrderPaste("100076\u0007,5").problems[0]?.reason).toBe("The row has control characters");
  });

  it("an empty paste has no rows", () => {
    expect(parseQuickOrderPaste("\n\n  \n")).toEqual({ lines: [], problems: [], header: null });
  });
});

describe("repeatedRows", () => {
  it("points each repeat at the first row naming the product; unread rows are skipped", () => {
    expect([...repeatedRows([5, null, 6, 5, 6, 5])]).toEqual([
      [3, 0],
      [4, 2],
      [5, 0],
    ]);
  });
});
