/**
 * Saved lists (issue 29) through the API: the store's lists and their lines, names and limits, what
 * another store sees (nothing: 404), CSV out and in (the cart upload's format and reader), and adding
 * a list to the cart through the cart's own rules with each line's outcome.
 */
import {
  CART_CSV_HEADER,
  CART_UPLOAD_MAX_BYTES,
  FOOD_SUBCATEGORY_IDS,
  invalidCsvBecause,
  LIST_LIMIT,
  listMessages,
  messages,
  tooLargeUploadMessage,
} from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productStock, products, savedLists, serviceablePincodes, users } from "../../db/schema";
import { multipartBody, requests } from "../../test/cart-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { createPartner, type Headers, productsOfType, stockUp, userIdOf } from "../../test/order-test-kit";
import {
  type CatalogueProduct,
  HIDDEN_PRODUCTS,
  loadCatalogue,
  STOCKIST_BLOCKED_BRAND_ID,
} from "../../test/test-facts";

const STOCKIST = "stockist@demo.in";
const STOCKIST_PINCODE = "560001";
/** A warehouse of the stockist's mapping. */
const MAPPED_WH = 2;
const UNMAPPED_WH = 3;

let world: TestWorld;
let plain: CatalogueProduct[];
let stockist: Headers;
let franchisee: Headers;

beforeAll(async () => {
  world = await createTestWorld();
  plain = productsOfType(await loadCatalogue(world), "OwnedStock", 16);
  // Every product these tests use is buyable by the stockist from its mapped warehouse.
  for (const p of plain) await stockUp(db(), p.id, MAPPED_WH, 500);
  [stockist, franchisee] = await Promise.all([world.signIn(STOCKIST), world.signIn("franchisee@demo.in")]);
}, 120_000);
afterAll(() => world.close());

const db = () => world.database.db;
const cartApi = () => requests(world);
const idOf = (i: number) => {
  const p = plain[i];
  if (!p) throw new Error(`no plain product ${i}`);
  return p.id;
};

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, headers: Headers, payload?: unknown) =>
  world.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const answer = (res: { statusCode: number; json: () => { message?: string } }) => ({
  status: res.statusCode,
  message: res.json().message,
});

async function newList(
  headers: Headers,
  name: string,
  lines: { productId: number; quantity: number }[] = [],
) {
  const res = await call("POST", "/api/lists", headers, { name, lines });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; lines: { productId: number; quantity: number }[] };
}

function importCsv(headers: Headers, filename: string, content: string | Buffer, name?: string) {
  const file = multipartBody(filename, content);
  let payload = file.payload;
  if (name !== undefined) {
    const boundary = file.contentType.split("boundary=")[1];
    payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n`),
      file.payload,
    ]);
  }
  return world.app.inject({
    method: "POST",
    url: "/api/lists/import",
    headers: { ...headers, "content-type": file.contentType },
    payload,
  });
}

async function emptyCart(headers: Headers) {
  expect((await cartApi().clear(headers)).statusCode).toBe(200);
}

async function clearLists(email: string) {
  await db()
    .delete(savedLists)
    .where(eq(savedLists.storeId, await userIdOf(db(), email)));
}

describe("a store's lists", () => {
  it("saves a list with its lines and shows each line as the store sees it now", async () => {
    await clearLists(STOCKIST);
    const created = await call("POST", "/api/lists", stockist, {
      name: "  Fortnightly diapers ",
      lines: [
        { productId: idOf(0), quantity: 6 },
        { productId: idOf(1), quantity: 100 },
      ],
    });
    expect(created.statusCode).toBe(201);
    const list = created.json();
    expect(list.message).toBe('List "Fortnightly diapers" saved');
    expect(list).toMatchObject({ name: "Fortnightly diapers", lineCount: 2, updatedBy: expect.any(String) });
    const p0 = plain[0] as CatalogueProduct;
    expect(list.lines[0]).toMatchObject({
      productId: p0.id,
      quantity: 6,
      name: p0.name,
      buyable: true,
      refusal: null,
      mrp: expect.stringMatching(/^\d+\.\d{2}$/),
      netCost: expect.stringMatching(/^\d+\.\d{2}$/),
      image: expect.stringContaining(String(p0.id)),
    });
    expect(list.lines.map((l: { productId: number }) => l.productId)).toEqual([idOf(0), idOf(1)]);

    const index = (await call("GET", "/api/lists", stockist)).json();
    expect(index).toMatchObject({ listLimit: 50, lineLimit: 500 });
    expect(index.lists).toEqual([
      expect.objectContaining({ id: list.id, name: "Fortnightly diapers", lineCount: 2 }),
    ]);

    const one = await call("GET", `/api/lists/${list.id}`, stockist);
    expect(one.statusCode).toBe(200);
    expect(one.json().lines).toHaveLength(2);
  });

  it("renames, replaces the lines, adds and updates lines, and deletes", async () => {
    const list = await newList(stockist, "Winter", [{ productId: idOf(0), quantity: 1 }]);
    const renamed = await call("PUT", `/api/lists/${list.id}`, stockist, { name: "Winter stock" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ message: 'List "Winter stock" updated', name: "Winter stock" });
    // The same name in another case is the list's own name: allowed on itself.
    expect((await call("PUT", `/api/lists/${list.id}`, stockist, { name: "WINTER STOCK" })).statusCode).toBe(
      200,
    );

    const replaced = await call("PUT", `/api/lists/${list.id}`, stockist, {
      lines: [
        { productId: idOf(2), quantity: 3 },
        { productId: idOf(3), quantity: 4 },
      ],
    });
    expect(
      replaced.json().lines.map((l: { productId: number; quantity: number }) => [l.productId, l.quantity]),
    ).toEqual([
      [idOf(2), 3],
      [idOf(3), 4],
    ]);

    const added = await call("POST", `/api/lists/${list.id}/lines`, stockist, {
      lines: [
        { productId: idOf(3), quantity: 10 },
        { productId: idOf(4), quantity: 2 },
      ],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toBe("2 products saved to the list");
    expect(
      added.json().lines.map((l: { productId: number; quantity: number }) => [l.productId, l.quantity]),
    ).toEqual([
      [idOf(2), 3],
      [idOf(3), 10],
      [idOf(4), 2],
    ]);

    const deleted = await call("DELETE", `/api/lists/${list.id}`, stockist);
    expect(answer(deleted)).toEqual({ status: 200, message: 'List "WINTER STOCK" deleted' });
    expect(answer(await call("GET", `/api/lists/${list.id}`, stockist))).toEqual({
      status: 404,
      message: listMessages.notFound,
    });
  });

  it("refuses bad names, bad quantities, repeated and hidden products, writing nothing", async () => {
    await clearLists(STOCKIST);
    await newList(stockist, "Fortnightly diapers");
    const refused = async (body: unknown) => answer(await call("POST", "/api/lists", stockist, body));
    expect(await refused({ name: "   " })).toEqual({ status: 400, message: "name is required" });
    expect(await refused({ name: "x".repeat(61) })).toEqual({
      status: 400,
      message: "name must be at most 60 characters",
    });
    expect(await refused({ name: "Diapers\u0007" })).toEqual({
      status: 400,
      message: "name must not contain control characters",
    });
    expect(await refused({ name: "fortnightly DIAPERS " })).toEqual({
      status: 409,
      message: listMessages.nameTaken("Fortnightly diapers"),
    });
    expect(await refused({ name: "Odd", lines: [{ productId: idOf(0), quantity: 51 }] })).toEqual({
      status: 400,
      message: "Quantity 51 is not one of the offered quantities (1 to 50, then 100 to 500 in steps of 50)",
    });
    expect(await refused({ name: "Odd", lines: [{ productId: idOf(0), quantity: 0 }] })).toEqual({
      status: 400,
      message: messages.selectQuantity,
    });
    expect(
      await refused({
        name: "Odd",
        lines: [
          { productId: idOf(0), quantity: 1 },
          { productId: idOf(0), quantity: 2 },
        ],
      }),
    ).toEqual({ status: 400, message: listMessages.duplicateLine(idOf(0)) });
    const hidden = HIDDEN_PRODUCTS.inactive;
    expect(await refused({ name: "Odd", lines: [{ productId: hidden, quantity: 1 }] })).toEqual({
      status: 404,
      message: `${messages.productNotFound} (${hidden})`,
    });
    expect(await refused({ name: "Odd", lines: [{ productId: 2_000_000_000, quantity: 1 }] })).toEqual({
      status: 404,
      message: `${messages.productNotFound} (2000000000)`,
    });
    expect(
      await refused({
        name: "Odd",
        lines: Array.from({ length: 501 }, (_, i) => ({ productId: i + 1, quantity: 1 })),
      }),
    ).toEqual({
      status: 400,
      message: "lines: a list holds at most 500 products",
    });
    expect(
      (await call("GET", "/api/lists", stockist)).json().lists.map((l: { name: string }) => l.name),
    ).toEqual(["Fortnightly diapers"]);
  });

  it("keeps at most 50 lists", async () => {
    await clearLists(STOCKIST);
    const storeId = await userIdOf(db(), STOCKIST);
    const at = new Date("2026-11-18T05:30:00Z");
    await db()
      .insert(savedLists)
      .values(
        Array.from({ length: LIST_LIMIT }, (_, i) => ({
          storeId,
          name: `List ${i + 1}`,
          createdAt: at,
          updatedAt: at,
        })),
      );
    expect(answer(await call("POST", "/api/lists", stockist, { name: "One more" }))).toEqual({
      status: 400,
      message: listMessages.listLimit,
    });
    await clearLists(STOCKIST);
  });

  it("are the store's own: another partner's list is a 404 on every route", async () => {
    const list = await newList(franchisee, "Franchisee's own");
    const notFound = { status: 404, message: listMessages.notFound };
    expect(answer(await call("GET", `/api/lists/${list.id}`, stockist))).toEqual(notFound);
    expect(answer(await call("PUT", `/api/lists/${list.id}`, stockist, { name: "Mine now" }))).toEqual(
      notFound,
    );
    expect(
      answer(
        await call("POST", `/api/lists/${list.id}/lines`, stockist, {
          lines: [{ productId: idOf(0), quantity: 1 }],
        }),
      ),
    ).toEqual(notFound);
    expect(answer(await call("POST", `/api/lists/${list.id}/addToCart`, stockist, {}))).toEqual(notFound);
    expect(answer(await call("GET", `/api/lists/${list.id}.csv`, stockist))).toEqual(notFound);
    expect(answer(await call("DELETE", `/api/lists/${list.id}`, stockist))).toEqual(notFound);
    expect(
      (await call("GET", "/api/lists", stockist)).json().lists.map((l: { id: number }) => l.id),
    ).not.toContain(list.id);
    // and the franchisee's list is untouched
    expect((await call("GET", `/api/lists/${list.id}`, franchisee)).json().name).toBe("Franchisee's own");
    expect((await world.app.inject({ method: "GET", url: `/api/lists/${list.id}` })).statusCode).toBe(401);
  });
});

describe("CSV export and import (the cart upload's format)", () => {
  it("exports a list and imports it back as a new list", async () => {
    await clearLists(STOCKIST);
    const list = await newList(stockist, "Fortnightly diapers", [
      { productId: idOf(0), quantity: 6 },
      { productId: idOf(1), quantity: 150 },
    ]);
    const csv = await call("GET", `/api/lists/${list.id}.csv`, stockist);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="fortnightly-diapers.csv"');
    expect(csv.body).toBe(`${CART_CSV_HEADER}\r\n${idOf(0)},6\r\n${idOf(1)},150\r\n`);

    // The file's name names the list, made free of the store's names.
    const again = await importCsv(stockist, "fortnightly diapers.csv", csv.body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({
      name: "fortnightly diapers (2)",
      message: 'List "fortnightly diapers (2)" saved with 2 products',
      dropped: [],
    });
    expect(
      again.json().lines.map((l: { productId: number; quantity: number }) => [l.productId, l.quantity]),
    ).toEqual([
      [idOf(0), 6],
      [idOf(1), 150],
    ]);

    const named = await importCsv(
      stockist,
      "export.csv",
      `${CART_CSV_HEADER}\n${idOf(2)},4\nabc,1\n${HIDDEN_PRODUCTS.inactive},2\n`,
      "Imported",
    );
    expect(named.statusCode).toBe(201);
    expect(named.json()).toMatchObject({
      name: "Imported",
      message: 'List "Imported" saved with 1 product; 2 rows skipped',
      dropped: [
        { row: 3, text: "abc,1", reason: expect.any(String) },
        { row: 4, text: `${HIDDEN_PRODUCTS.inactive},2`, reason: messages.productNotFound },
      ],
    });
  });

  it("judges the upload by its content and size", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const binary = await importCsv(stockist, "list.csv", png);
    expect(binary.statusCode).toBe(400);
    expect(binary.json().message).toMatch(/^Please select valid csv file: /);
    expect(answer(await importCsv(stockist, "list.xlsx", `${CART_CSV_HEADER}\n${idOf(0)},1\n`))).toEqual({
      status: 400,
      message: invalidCsvBecause('"list.xlsx" is not a .csv file'),
    });
    expect(
      answer(await importCsv(stockist, "list.csv", `${CART_CSV_HEADER}\n${HIDDEN_PRODUCTS.inactive},1\n`)),
    ).toEqual({
      status: 404,
      message: `${messages.productNotFound} (${HIDDEN_PRODUCTS.inactive})`,
    });
    expect(answer(await importCsv(stockist, "list.csv", `${CART_CSV_HEADER}\n`))).toEqual({
      status: 400,
      message: invalidCsvBecause("the file has no rows after the header"),
    });
    const big = await importCsv(
      stockist,
      "list.csv",
      `${CART_CSV_HEADER}\n${"1,1\n".repeat(CART_UPLOAD_MAX_BYTES / 4 + 10)}`,
    );
    expect(answer(big)).toEqual({ status: 413, message: tooLargeUploadMessage() });
    const many = Array.from({ length: 501 }, (_, i) => `${i + 1},1`).join("\n");
    expect(
      answer(await importCsv(stockist, "list.csv", `${CART_CSV_HEADER}\n${many}\n`, "Too long")),
    ).toEqual({
      status: 400,
      message: listMessages.lineLimit("Too long"),
    });
    expect(
      answer(await importCsv(stockist, "list.csv", `${CART_CSV_HEADER}\n${idOf(0)},1\n`, "Bad\u0001name")),
    ).toEqual({
      status: 400,
      message: "name must not contain control characters",
    });
  });
});

describe("adding a list to the cart", () => {
  it("adds every line through the cart, then reports them unchanged, and adds chosen lines only", async () => {
    await emptyCart(stockist);
    await clearLists(STOCKIST);
    const list = await newList(stockist, "Weekly", [
      { productId: idOf(5), quantity: 2 },
      { productId: idOf(6), quantity: 3 },
    ]);
    const first = await call("POST", `/api/lists/${list.id}/addToCart`, stockist, {});
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: "2 products added to the cart",
      outcomes: [
        { productId: idOf(5), quantity: 2, outcome: "added", reason: null },
        { productId: idOf(6), quantity: 3, outcome: "added", reason: null },
      ],
    });
    expect(
      (await cartApi().getCart(stockist))
        .json()
        .products.map((p: { productId: number; qty: number }) => [p.productId, p.qty]),
    ).toEqual([
      [idOf(5), 2],
      [idOf(6), 3],
    ]);
    const second = (await call("POST", `/api/lists/${list.id}/addToCart`, stockist, {})).json();
    expect(second.message).toBe(messages.alreadyInCartSameQuantity);
    expect(second.outcomes.map((o: { outcome: string }) => o.outcome)).toEqual(["unchanged", "unchanged"]);

    await call("POST", `/api/lists/${list.id}/lines`, stockist, {
      lines: [{ productId: idOf(6), quantity: 5 }],
    });
    const chosen = (
      await call("POST", `/api/lists/${list.id}/addToCart`, stockist, { productIds: [idOf(6)] })
    ).json();
    expect(chosen.outcomes).toEqual([{ productId: idOf(6), quantity: 5, outcome: "updated", reason: null }]);
    expect(
      answer(await call("POST", `/api/lists/${list.id}/addToCart`, stockist, { productIds: [idOf(9)] })),
    ).toEqual({ status: 404, message: listMessages.notInList([idOf(9)]) });
    await emptyCart(stockist);
  });

  const setProduct = (id: number, values: Partial<typeof products.$inferInsert>) =>
    db()
      .update(products)
      .set(values)
      .where(eq(products.id, id))
      .then(() => undefined);

  /** Each purchase rule, broken for one product: the cart's message for it (the same rule as the cart's). */
  const RULES: {
    rule: string;
    breakRule: (id: number) => Promise<void>;
    reason: string;
    cart: (id: number) => { status: number; message: string };
  }[] = [
    {
      rule: "the product's ordering flag (b2bIsActive)",
      breakRule: (id) => setProduct(id, { b2bIsActive: false }),
      reason: messages.productNotFound,
      cart: (id) => ({ status: 404, message: `${messages.productNotFound} (${id})` }),
    },
    {
      rule: "mapping (stock only outside the partner's warehouses)",
      breakRule: async (id) => {
        await db().delete(productStock).where(eq(productStock.productId, id));
        await stockUp(db(), id, UNMAPPED_WH, 500);
      },
      reason: messages.productNotFound,
      cart: (id) => ({ status: 404, message: `${messages.productNotFound} (${id})` }),
    },
    {
      rule: "food licence",
      breakRule: (id) => setProduct(id, { subcategoryId: FOOD_SUBCATEGORY_IDS[0] }),
      reason: messages.productNotFound,
      cart: (id) => ({ status: 404, message: `${messages.productNotFound} (${id})` }),
    },
    {
      rule: "the partner's rules (a blocked brand)",
      breakRule: (id) => setProduct(id, { brandId: STOCKIST_BLOCKED_BRAND_ID }),
      reason: messages.productNotFound,
      cart: (id) => ({ status: 404, message: `${messages.productNotFound} (${id})` }),
    },
    {
      rule: "serviceability (drop-ship brand not delivering to the pincode)",
      breakRule: async (id) => {
        await setProduct(id, { stockType: "DropShipment" });
        const [row] = await db()
          .select({ brandId: products.brandId })
          .from(products)
          .where(eq(products.id, id));
        await db()
          .delete(serviceablePincodes)
          .where(
            and(
              eq(serviceablePincodes.brandId, row?.brandId ?? 0),
              eq(serviceablePincodes.pincode, STOCKIST_PINCODE),
            ),
          );
      },
      reason: messages.productNotServiceable,
      cart: () => ({ status: 400, message: messages.productNotServiceable }),
    },
  ];

  for (const [i, { rule, breakRule, reason, cart }] of RULES.entries()) {
    it(`refuses a line for ${rule} with the cart's message and adds the rest`, async () => {
      await emptyCart(stockist);
      const broken = idOf(10 + i);
      const fine = idOf(7);
      const list = await newList(stockist, `Rule ${i}`, [
        { productId: broken, quantity: 2 },
        { productId: fine, quantity: 1 },
      ]);
      await breakRule(broken);

      const shown = (await call("GET", `/api/lists/${list.id}`, stockist)).json();
      expect(shown.lines[0]).toMatchObject({ productId: broken, buyable: false, refusal: reason });
      expect(shown.lines[1]).toMatchObject({ productId: fine, buyable: true, refusal: null });

      const res = await call("POST", `/api/lists/${list.id}/addToCart`, stockist, {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: "1 of 2 products added to the cart; 1 could not be added",
        outcomes: [
          { productId: broken, quantity: 2, outcome: "refused", reason },
          { productId: fine, quantity: 1, outcome: "added", reason: null },
        ],
      });
      // The cart itself refuses the product for the same rule, in the same words.
      expect(
        answer(await cartApi().update(stockist, { products: [{ id: broken, qty: 2 }], mode: "add" })),
      ).toEqual(cart(broken));
      expect(
        (await cartApi().getCart(stockist)).json().products.map((p: { productId: number }) => p.productId),
      ).toEqual([fine]);
    });
  }

  it("answers the cart's own refusal to a store that may not order, and still shows its lists", async () => {
    const email = "lists-no-order@example.com";
    await createPartner(db(), { email, canOrder: true, warehouses: [MAPPED_WH] });
    const headers = await world.signIn(email);
    const list = await newList(headers, "Kept", [{ productId: idOf(8), quantity: 1 }]);
    await db().update(users).set({ canOrder: false }).where(eq(users.email, email));
    expect(answer(await call("POST", `/api/lists/${list.id}/addToCart`, headers, {}))).toEqual({
      status: 403,
      message: messages.orderingDisabled,
    });
    expect(answer(await cartApi().update(headers, { products: [{ id: idOf(8), qty: 1 }] }))).toEqual({
      status: 403,
      message: messages.orderingDisabled,
    });
    const shown = (await call("GET", `/api/lists/${list.id}`, headers)).json();
    expect(shown.lines[0]).toMatchObject({ buyable: false, refusal: messages.orderingDisabled });
  });
});
