import { describe, expect, it } from "vitest";
import {
  CART_CSV_HEADER,
  cartCsv,
  fileNameProblem,
  invalidCsvBecause,
  namingIds,
  noValidRowsReason,
  planUpload,
  readInvalidCsv,
  readUploadRecords,
  stripBom,
  textProblem,
  uploadHeadline,
  uploadMessage,
} from "./cart-upload";
import { messages } from "./messages";

/** Splits like the server's CSV reader for these simple cases: lines, then commas. */
const records = (text: string) => text.split(/\r?\n/).map((line) => line.split(","));

describe("file checks", () => {
  it.each([
    ["cart.csv", null],
    ["CART.CSV", null],
    ["my cart.Csv", null],
    ["cart.xlsx", '"cart.xlsx" is not a .csv file'],
    ["cart.csv.exe", '"cart.csv.exe" is not a .csv file'],
    ["", "the file has no name"],
    [undefined, "the file has no name"],
  ])("name %s -> %s", (name, problem) => {
    expect(fileNameProblem(name)).toBe(problem);
  });

  it.each([
    ["productId,quantity\r\n100001,5\r\n", null],
    ["", "the file is empty"],
    ["PK\u0003\u0004\u0000\u0000binary", "the file is not text (it looks like a binary file renamed .csv)"],
    ["abc\u0000def", "the file is not text (it looks like a binary file renamed .csv)"],
    ["bad \ufffd decode", "the file is not text (it looks like a binary file renamed .csv)"],
    ["tabs\tand\r\nlines\n", null],
  ])("text %j -> %s", (text, problem) => {
    expect(textProblem(text)).toBe(problem);
  });

  it("strips a UTF-8 byte order mark and nothing else", () => {
    expect(stripBom("\ufeffproductId,quantity")).toBe("productId,quantity");
    expect(stripBom("productId")).toBe("productId");
  });

  it("quotes the spec's message with the reason", () => {
    expect(invalidCsvBecause("the file is empty")).toBe("Please select valid csv file: the file is empty");
    expect(namingIds(messages.productNotFound, [1, 2])).toBe("Product not found (1, 2)");
    expect(namingIds(messages.productNotFound, [])).toBe("Product not found");
  });
});

describe("reading the rows", () => {
  it("skips the header and blank lines and keeps valid rows with their row numbers", () => {
    const parsed = readUploadRecords(records("productId,quantity\n100001,5\n\n100002, 10 \n"));
    expect(parsed.rows).toEqual([
      { row: 2, productId: 100001, qty: 5 },
      { row: 4, productId: 100002, qty: 10 },
    ]);
    expect(parsed.dropped).toEqual([]);
    expect(parsed.dataRows).toBe(2);
  });

  it.each([
    ["100001", "expected exactly 2 values (product id, quantity) but found 1"],
    ["100001,5,7", "expected exactly 2 values (product id, quantity) but found 3"],
    ["abc,5", 'product id "abc" is not a whole number'],
    ["-5,5", 'product id "-5" is not a whole number'],
    ["1.5,5", 'product id "1.5" is not a whole number'],
    ["0,5", "product id 0 is not a product id"],
    ["3000000000,5", "product id 3000000000 is not a product id"],
    ["100001,", messages.selectQuantity],
    ["100001,0", messages.selectQuantity],
    ["100001,2.5", 'quantity "2.5" is not a whole number'],
    ["100001,x", 'quantity "x" is not a whole number'],
    [
      "100001,51",
      "Quantity 51 is not one of the offered quantities (1 to 50, then 100 to 500 in steps of 50)",
    ],
    [
      "100001,600",
      "Quantity 600 is not one of the offered quantities (1 to 50, then 100 to 500 in steps of 50)",
    ],
  ])("drops %j: %s", (line, reason) => {
    const parsed = readUploadRecords(records(`${CART_CSV_HEADER}\n${line}`));
    expect(parsed.rows).toEqual([]);
    expect(parsed.dropped).toEqual([{ row: 2, text: line, reason }]);
  });

  it("keeps the last row of a product listed twice and reports the earlier one", () => {
    const parsed = readUploadRecords(records("h,h\n100001,5\n100002,1\n100001,7\n100001,9"));
    expect(parsed.rows).toEqual([
      { row: 3, productId: 100002, qty: 1 },
      { row: 5, productId: 100001, qty: 9 },
    ]);
    expect(parsed.dropped).toEqual([
      { row: 2, text: "100001,5", reason: "product 100001 appears again in row 4; the last row is used" },
      { row: 4, text: "100001,7", reason: "product 100001 appears again in row 5; the last row is used" },
    ]);
  });

  it("does not let an invalid later row replace a valid one", () => {
    const parsed = readUploadRecords(records("h\n100001,5\n100001,51"));
    expect(parsed.rows).toEqual([{ row: 2, productId: 100001, qty: 5 }]);
    expect(parsed.dropped).toHaveLength(1);
  });

  it("warns when the first row looks like data, since it is skipped as the header", () => {
    const parsed = readUploadRecords(records("100001,5\n100002,6"));
    expect(parsed.rows).toEqual([{ row: 2, productId: 100002, qty: 6 }]);
    expect(parsed.dropped[0]).toMatchObject({ row: 1, text: "100001,5" });
    expect(parsed.dropped[0]?.reason).toContain("header");
  });

  it("shortens a long row in the report", () => {
    const long = `${"9".repeat(200)},5`;
    const parsed = readUploadRecords(records(`h\n${long}`));
    expect(parsed.dropped[0]?.text.length).toBe(80);
  });

  it("explains a file with nothing usable", () => {
    expect(noValidRowsReason(readUploadRecords(records("productId,quantity\n")))).toBe(
      "the file has no rows after the header",
    );
    const reason = noValidRowsReason(readUploadRecords(records("h\na\nb\nc\nd,1\n1,x")));
    expect(reason).toMatch(/^no row is a product id and a quantity — row 2: .*row 4: .*\(and 2 more\)$/);
  });
});

describe("merging into the cart", () => {
  const rows = [
    { row: 2, productId: 1, qty: 5 },
    { row: 3, productId: 2, qty: 3 },
    { row: 4, productId: 3, qty: 1 },
    { row: 5, productId: 4, qty: 2 },
  ];

  it("adds new products, updates changed quantities and leaves equal ones", () => {
    const plan = planUpload(
      rows,
      new Map([
        [1, 5],
        [2, 1],
      ]),
    );
    expect(plan.unchanged.map((r) => r.productId)).toEqual([1]);
    expect(plan.updated).toEqual([{ row: 3, productId: 2, qty: 3, previousQty: 1 }]);
    expect(plan.added.map((r) => r.productId)).toEqual([3, 4]);
    expect(plan.overLimit).toEqual([]);
  });

  it("leaves out new products beyond the cart limit, but still updates lines already in the cart", () => {
    const plan = planUpload(
      rows,
      new Map([
        [2, 1],
        [9, 1],
      ]),
      3,
    );
    expect(plan.updated.map((r) => r.productId)).toEqual([2]);
    expect(plan.added.map((r) => r.productId)).toEqual([1]);
    expect(plan.overLimit).toEqual([
      { row: 4, text: "3,1", reason: messages.cartLimit },
      { row: 5, text: "4,2", reason: messages.cartLimit },
    ]);
  });
});

describe("the upload's message", () => {
  it.each([
    [
      { changed: 3, unchanged: 0, unserviceableIds: [], otherDropped: 0 },
      "3 Item added/updated successfully in cart",
    ],
    [{ changed: 0, unchanged: 2, unserviceableIds: [], otherDropped: 0 }, messages.alreadyInCartSameQuantity],
    [
      { changed: 1, unchanged: 0, unserviceableIds: [7, 8], otherDropped: 1 },
      "1 Item added/updated successfully in cart. Below products are not serviceable : 7,8. Hence removing them from your cart. 1 row could not be used; see the report.",
    ],
    [
      { changed: 0, unchanged: 0, unserviceableIds: [], otherDropped: 4 },
      "No product was added to your cart. 4 rows could not be used; see the report.",
    ],
  ])("%j -> %s", (input, message) => {
    expect(uploadMessage(input)).toBe(message);
  });
});

describe("export", () => {
  it("writes the header and one row per line with Windows line endings, which reads back unchanged", () => {
    const lines = [
      { productId: 100010, qty: 5 },
      { productId: 100020, qty: 150 },
    ];
    const csv = cartCsv(lines);
    expect(csv).toBe("productId,quantity\r\n100010,5\r\n100020,150\r\n");
    const parsed = readUploadRecords(records(csv));
    expect(parsed.rows.map(({ productId, qty }) => ({ productId, qty }))).toEqual(lines);
    expect(parsed.dropped).toEqual([]);
  });

  it("writes only the header for an empty cart", () => {
    expect(cartCsv([])).toBe("productId,quantity\r\n");
  });
});

describe("upload wording", () => {
  it("never claims 0 items added: the headline says what happened", () => {
    expect(uploadHeadline({ changed: 2, unchanged: 0 })).toBe("2 Item added/updated successfully in cart");
    expect(uploadHeadline({ changed: 0, unchanged: 3 })).toBe(messages.alreadyInCartSameQuantity);
    expect(uploadHeadline({ changed: 0, unchanged: 0 })).toBe(messages.nothingAddedToCart);
  });

  it("reads a refused upload back as the spec's headline and the reason for the report", () => {
    expect(readInvalidCsv(invalidCsvBecause("the file is empty"))).toEqual({
      headline: "Please select valid csv file",
      reason: "the file is empty",
    });
    expect(readInvalidCsv(messages.invalidCsv)).toEqual({ headline: messages.invalidCsv, reason: null });
    expect(readInvalidCsv("Maximum number of item in cart is reached")).toBeNull();
  });
});
