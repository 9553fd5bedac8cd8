import type { CartUploadReport } from "@portal/contracts";
import {
  CART_LIMIT,
  CART_UPLOAD_MAX_BYTES,
  itemsAddedOrUpdated,
  messages,
  notServiceableUpload,
  SERVICEABILITY_STOCK_TYPES,
  tooLargeUploadMessage,
} from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems } from "../../db/schema";
import { type Headers, requests, serves, storedCart, userIdOf, visibleIds } from "../../test/cart-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { HIDDEN_PRODUCTS, loadCatalogue, sellable } from "../../test/test-facts";
import { CART_UPLOAD_DISABLED } from "./service";

let world: TestWorld;
let api: ReturnType<typeof requests>;
let franchisee: Headers;
let stockist: Headers;
let kiosk: Headers;
let coco: Headers;
let stockistId: number;
let franchiseeId: number;
/** Owned-group products the stockist sees. */
let good: number[];
/** A drop-ship or credit-vendor product the stockist sees whose brand does not deliver to 560001. */
let unserviceable: number;
let allProductIds: number[];

beforeAll(async () => {
  world = await createTestWorld({ products: 400 });
  api = requests(world);
  [franchisee, stockist, kiosk, coco] = await Promise.all([
    world.signIn("franchisee@demo.in"),
    world.signIn("stockist@demo.in"),
    world.signIn("kiosk@demo.in"),
    world.signIn("coco@demo.in"),
  ]);
  stockistId = await userIdOf(world, "stockist@demo.in");
  franchiseeId = await userIdOf(world, "franchisee@demo.in");
  const catalogue = await loadCatalogue(world);
  allProductIds = catalogue.map((p) => p.id);
  const seen = new Set(
    await visibleIds(
      world,
      stockist,
      catalogue.filter(sellable).map((p) => p.id),
    ),
  );
  const needsPincode = (t: string) => (SERVICEABILITY_STOCK_TYPES as readonly string[]).includes(t);
  good = catalogue.filter((p) => seen.has(p.id) && !needsPincode(p.stockType)).map((p) => p.id);
  let found: number | undefined;
  for (const p of catalogue.filter((p) => seen.has(p.id) && needsPincode(p.stockType))) {
    if (!(await serves(world, p.brandId, "560001"))) {
      found = p.id;
      break;
    }
  }
  if (found === undefined) throw new Error("the test world has no unserviceable product for 560001");
  unserviceable = found;
});
afterAll(() => world.close());

async function startWith(headers: Headers, lines: { id: number; qty: number }[]) {
  await world.database.db.delete(cartItems);
  if (lines.length > 0) {
    const res = await api.update(headers, { products: lines });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
}

const csv = (...lines: string[]) => `${lines.join("\r\n")}\r\n`;

describe("who may upload", () => {
  it.each([
    ["kiosk", () => kiosk],
    ["coco", () => coco],
  ])("refuses the %s account, which may not upload carts", async (_who, headers) => {
    const res = await api.upload(headers(), "cart.csv", csv("productId,quantity", `${good[0]},1`));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: CART_UPLOAD_DISABLED });
  });
});

describe("files that are not a cart change nothing and say why", () => {
  const kept = () => [
    { id: good[0]!, qty: 2 },
    { id: good[1]!, qty: 3 },
  ];

  async function expectRefused(
    res: Awaited<ReturnType<typeof api.upload>>,
    status: number,
    message: string | RegExp,
  ) {
    expect(res.statusCode).toBe(status);
    if (typeof message === "string") expect(res.json()).toEqual({ message });
    else expect(res.json().message).toMatch(message);
    expect(await storedCart(world, stockistId)).toEqual({ [good[0]!]: 2, [good[1]!]: 3 });
  }

  it("an empty file", async () => {
    await startWith(stockist, kept());
    await expectRefused(
      await api.upload(stockist, "cart.csv", ""),
      400,
      `${messages.invalidCsv}: the file is empty`,
    );
  });

  it("a header and nothing else", async () => {
    await startWith(stockist, kept());
    await expectRefused(
      await api.upload(stockist, "cart.csv", csv("productId,quantity")),
      400,
      `${messages.invalidCsv}: the file has no rows after the header`,
    );
  });

  it("rows that are all invalid", async () => {
    await startWith(stockist, kept());
    await expectRefused(
      await api.upload(stockist, "cart.csv", csv("productId,quantity", "abc,1", `${good[2]},51`, "1;2")),
      400,
      /^Please select valid csv file: no row is a product id and a quantity — row 2: product id "abc" is not a whole number; row 3: Quantity 51/,
    );
  });

  it("a 50 MB file, refused before it is read", async () => {
    await startWith(stockist, kept());
    const huge = Buffer.alloc(50 * 1024 * 1024, "100001,1\n");
    const res = await api.upload(stockist, "cart.csv", huge);
    await expectRefused(res, 413, tooLargeUploadMessage());
  });

  it("a file just over 1 MB, cut off while it streams", async () => {
    await startWith(stockist, kept());
    const body = `productId,quantity\n${`${good[0]},1\n`.repeat(Math.ceil((CART_UPLOAD_MAX_BYTES + 10_000) / 9))}`;
    expect(body.length).toBeGreaterThan(CART_UPLOAD_MAX_BYTES);
    expect(body.length).toBeLessThan(CART_UPLOAD_MAX_BYTES + 64 * 1024);
    await expectRefused(await api.upload(stockist, "cart.csv", body), 413, tooLargeUploadMessage());
  });

  it("a binary file renamed .csv", async () => {
    await startWith(stockist, kept());
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48,
    ]);
    await expectRefused(
      await api.upload(stockist, "photo.csv", png),
      400,
      /^Please select valid csv file: the file is not (text|UTF-8)/,
    );
  });

  it("a text file that is not UTF-8", async () => {
    await startWith(stockist, kept());
    const latin1 = Buffer.from("productId,quantité\n100001,1\n", "latin1");
    await expectRefused(
      await api.upload(stockist, "cart.csv", latin1),
      400,
      `${messages.invalidCsv}: the file is not text (it is not UTF-8; save it as CSV UTF-8)`,
    );
  });

  it("a file that is not named .csv", async () => {
    await startWith(stockist, kept());
    await expectRefused(
      await api.upload(stockist, "cart.xlsx", csv("productId,quantity", `${good[2]},1`)),
      400,
      `${messages.invalidCsv}: "cart.xlsx" is not a .csv file`,
    );
  });

  it("a form without the file field, or no form at all", async () => {
    await startWith(stockist, kept());
    await expectRefused(
      await api.upload(stockist, "cart.csv", csv("h", `${good[2]},1`), "attachment"),
      400,
      'Choose a CSV file to upload (form field "file")',
    );
    const json = await world.app.inject({
      method: "POST",
      url: "/api/users/cart/upload",
      headers: stockist,
      payload: { products: [] },
    });
    await expectRefused(json, 400, 'Send the file as multipart/form-data in the field "file"');
  });

  it("a CSV sent as the body itself, not as a form: 415 saying the route wants multipart", async () => {
    await startWith(stockist, kept());
    const res = await world.app.inject({
      method: "POST",
      url: "/api/users/cart/upload",
      headers: { ...stockist, "content-type": "text/csv" },
      payload: csv("productId,quantity", `${good[2]},1`),
    });
    await expectRefused(res, 415, 'Send the file as multipart/form-data in the field "file".');
  });
});

describe("reading a good file", () => {
  it("accepts a UTF-8 byte order mark and Windows line endings, skipping the header", async () => {
    await startWith(stockist, []);
    const res = await api.upload(
      stockist,
      "Cart.CSV",
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(`productId,quantity\r\n${good[0]},5\r\n${good[1]},100\r\n`),
      ]),
    );
    expect(res.statusCode).toBe(200);
    const report = res.json() as CartUploadReport;
    expect(report.added).toEqual([
      { row: 2, productId: good[0], qty: 5 },
      { row: 3, productId: good[1], qty: 100 },
    ]);
    expect(report.dropped).toEqual([]);
    expect(report.message).toBe(itemsAddedOrUpdated(2));
    expect(await storedCart(world, stockistId)).toEqual({ [good[0]!]: 5, [good[1]!]: 100 });
  });

  it("accepts plain line endings and quoted numbers", async () => {
    await startWith(stockist, []);
    const res = await api.upload(stockist, "cart.csv", `productId,quantity\n"${good[0]}","7"\n`);
    expect(res.statusCode).toBe(200);
    expect(await storedCart(world, stockistId)).toEqual({ [good[0]!]: 7 });
  });

  it("merges a mixed file and reports every row", async () => {
    const [kept, updated, same, fresh, dup] = good;
    await startWith(stockist, [
      { id: kept!, qty: 1 },
      { id: updated!, qty: 2 },
      { id: same!, qty: 3 },
    ]);
    const file = csv(
      "productId,quantity", // 1
      `${updated},4`, // 2: updated
      `${same},3`, // 3: unchanged
      "hello,world", // 4
      `${fresh},51`, // 5: not an offered quantity
      `${dup},1`, // 6: replaced by row 10
      "", // 7: blank, ignored
      `${HIDDEN_PRODUCTS.inactive},1`, // 8: not visible
      `${unserviceable},2`, // 9: not serviceable for 560001
      `${dup},6`, // 10: added
      `${fresh},1,2`, // 11: three values
    );
    const res = await api.upload(stockist, "cart.csv", file);
    expect(res.statusCode).toBe(200);
    const report = res.json() as CartUploadReport;
    expect(report.added).toEqual([{ row: 10, productId: dup, qty: 6 }]);
    expect(report.updated).toEqual([{ row: 2, productId: updated, qty: 4, previousQty: 2 }]);
    expect(report.unchanged).toEqual([{ row: 3, productId: same, qty: 3 }]);
    expect(report.unserviceable).toEqual([unserviceable]);
    expect(report.dropped).toEqual([
      { row: 4, text: "hello,world", reason: 'product id "hello" is not a whole number' },
      {
        row: 5,
        text: `${fresh},51`,
        reason: "Quantity 51 is not one of the offered quantities (1 to 50, then 100 to 500 in steps of 50)",
      },
      { row: 6, text: `${dup},1`, reason: `product ${dup} appears again in row 10; the last row is used` },
      { row: 8, text: `${HIDDEN_PRODUCTS.inactive},1`, reason: messages.productNotFound },
      { row: 9, text: `${unserviceable},2`, reason: `${messages.productNotServiceable} for pincode 560001` },
      {
        row: 11,
        text: `${fresh},1,2`,
        reason: "expected exactly 2 values (product id, quantity) but found 3",
      },
    ]);
    expect(report.message).toBe(
      `${itemsAddedOrUpdated(2)}. ${notServiceableUpload([unserviceable])} 5 rows could not be used; see the report.`,
    );
    expect(await storedCart(world, stockistId)).toEqual({
      [kept!]: 1,
      [updated!]: 4,
      [same!]: 3,
      [dup!]: 6,
    });
    expect(report.products.map((p) => p.id).sort()).toEqual([kept, updated, same, dup].sort());
  });

  it("drops new products beyond the cart limit of 300 with the spec's message", async () => {
    await world.database.db.delete(cartItems);
    const filler = allProductIds.filter((id) => !good.slice(0, 3).includes(id)).slice(0, CART_LIMIT - 1);
    await world.database.db.insert(cartItems).values(
      filler.map((productId) => ({
        userId: stockistId,
        productId,
        qty: 1,
        parent: `${productId}^`,
        stockType: "OwnedStock",
        mrp: "100.00",
        whId: 2,
      })),
    );
    const res = await api.upload(
      stockist,
      "cart.csv",
      csv("productId,quantity", ...good.slice(0, 3).map((id) => `${id},1`)),
    );
    expect(res.statusCode).toBe(200);
    const report = res.json() as CartUploadReport;
    expect(report.added).toEqual([{ row: 2, productId: good[0], qty: 1 }]);
    expect(report.dropped).toEqual([
      { row: 3, text: `${good[1]},1`, reason: messages.cartLimit },
      { row: 4, text: `${good[2]},1`, reason: messages.cartLimit },
    ]);
    expect(Object.keys(await storedCart(world, stockistId))).toHaveLength(CART_LIMIT);
  });

  // How long large files take is measured by bench/upload.mjs (npm run bench:upload), not asserted here.
  it("answers 10,000 rows, listing the first 100 problems and counting the rest", async () => {
    await startWith(stockist, []);
    const products = good.slice(0, 40);
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      i % 11 === 10 ? `oops,${i}` : `${products[i % products.length]},${1 + (i % 50)}`,
    );
    const res = await api.upload(stockist, "big.csv", csv("productId,quantity", ...rows));
    expect(res.statusCode).toBe(200);
    const report = res.json() as CartUploadReport;
    expect(report.added).toHaveLength(40);
    expect(
      report.added.length +
        report.updated.length +
        report.unchanged.length +
        report.dropped.length +
        report.droppedNotListed,
    ).toBe(10_000);
    expect(report.dropped).toHaveLength(100);
    expect(report.dropped.filter((d) => d.reason.startsWith("product id"))).toEqual(
      report.dropped.filter((d) => d.text.startsWith("oops")),
    );
    // A report of a 10,000-row file stays small.
    expect(res.body.length).toBeLessThan(100_000);
    expect(report.message).toBe(`${itemsAddedOrUpdated(40)}. 9960 rows could not be used; see the report.`);
    // The last row of each product wins.
    const last = new Map<number, number>();
    rows.forEach((r) => {
      const [id, qty] = r.split(",").map(Number);
      if (!Number.isNaN(id)) last.set(id!, qty!);
    });
    expect(await storedCart(world, stockistId)).toEqual(Object.fromEntries(last));
  });

  it("answers 10,000 different product ids, adding the ones the caller may buy", async () => {
    await startWith(stockist, []);
    const ids = Array.from({ length: 10_000 }, (_, i) => 100_001 + i);
    const res = await api.upload(
      stockist,
      "big.csv",
      csv("productId,quantity", ...ids.map((id) => `${id},2`)),
    );
    expect(res.statusCode).toBe(200);
    const report = res.json() as CartUploadReport;
    const seen = new Set(await visibleIds(world, stockist, ids));
    expect(report.unserviceable).toContain(unserviceable);
    expect(report.added.length).toBe(Math.min(seen.size - report.unserviceable.length, CART_LIMIT));
    expect(report.added.length + report.dropped.length + report.droppedNotListed).toBe(10_000);
    expect(report.dropped).toHaveLength(100);
    expect(
      report.dropped.every((d) => d.reason === messages.productNotFound || d.reason.includes("serviceable")),
    ).toBe(10_000 - seen.size >= 100);
  });

  it("reads each line as one record: a stray quote makes only its own line a bad row", async () => {
    await startWith(stockist, []);
    const res = await api.upload(
      stockist,
      "quote.csv",
      csv("productId,quantity", `${good[0]},1`, `"${good[1]},2`, `${good[2]},3`, `${good[3]},4`),
    );
    expect(res.statusCode).toBe(200);
    const report = res.json() as CartUploadReport;
    expect(report.added.map((a) => a.productId)).toEqual([good[0], good[2], good[3]]);
    expect(report.dropped).toHaveLength(1);
    expect(report.dropped[0]?.row).toBe(3);
  });

  it("refuses a form with two files, changing nothing", async () => {
    await startWith(stockist, []);
    const boundary = "----TwoFiles";
    const part = (name: string, content: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n`;
    const res = await world.app.inject({
      method: "POST",
      url: "/api/users/cart/upload",
      headers: { ...stockist, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `${part("a.csv", `productId,quantity\n${good[0]},1`)}${part("b.csv", `productId,quantity\n${good[1]},1`)}--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Upload one file only, in the form field "file"');
    expect(await storedCart(world, stockistId)).toEqual({});
  });

  it("reads an export back unchanged", async () => {
    await startWith(stockist, [
      { id: good[0]!, qty: 5 },
      { id: good[1]!, qty: 150 },
      { id: good[2]!, qty: 1 },
    ]);
    const before = (await api.getCart(stockist)).json();
    const exported = await api.exportCsv(stockist);
    const res = await api.upload(stockist, "cart.csv", exported.rawPayload);
    expect(res.statusCode).toBe(200);
    const report = res.json() as CartUploadReport;
    expect(report.message).toBe(messages.alreadyInCartSameQuantity);
    expect(report.unchanged.map((r) => r.productId)).toEqual([good[0], good[1], good[2]]);
    expect(report.added).toEqual([]);
    expect(report.updated).toEqual([]);
    expect(report.dropped).toEqual([]);
    expect((await api.getCart(stockist)).json()).toEqual(before);
    expect((await api.exportCsv(stockist)).body).toBe(exported.body);
  });

  it("never touches another partner's cart", async () => {
    await world.database.db.delete(cartItems);
    await api.update(franchisee, { products: [{ id: good[0], qty: 9 }] });
    await api.upload(stockist, "cart.csv", csv("productId,quantity", `${good[0]},1`, `${good[1]},2`));
    expect(await storedCart(world, franchiseeId)).toEqual({ [good[0]!]: 9 });
    expect(await storedCart(world, stockistId)).toEqual({ [good[0]!]: 1, [good[1]!]: 2 });
  });
});
