import { expect, type Page, test } from "@playwright/test";
import { shoot, signInFromLogin } from "./support";

interface ResolvedRow {
  row: number;
  code: string;
  product: { id: number; name: string } | null;
  buyable: boolean;
  refusal: { rule: string; message: string } | null;
  alternatives: { id: number }[];
}

/**
 * What the pad will be pasted: 38 products the franchisee may buy, a size it may not (sold out in its
 * warehouses, with other sizes of its style in stock) and a product nobody sees (inactive, 100001),
 * asked of the pad's own resolve call over the first 500 product ids.
 */
async function padFacts(page: Page) {
  return page.evaluate(async () => {
    const headers = {
      authorization: `Bearer ${localStorage.getItem("portal.token")}`,
      "content-type": "application/json",
    };
    // an empty cart to begin with (no body, so no content type)
    const emptied = await fetch("/api/users/cart", {
      method: "DELETE",
      headers: { authorization: headers.authorization },
    });
    if (!emptied.ok) throw new Error(`the cart was not emptied: ${emptied.status}`);
    const rows = Array.from({ length: 500 }, (_, i) => ({
      row: i + 1,
      code: String(100_001 + i),
      quantity: 1,
    }));
    const answer = await (
      await fetch("/api/quickOrder/resolve", { method: "POST", headers, body: JSON.stringify({ rows }) })
    ).json();
    const resolved = answer.rows as ResolvedRow[];
    const soldOut = resolved.find((r) => r.refusal?.rule === "visibility" && r.alternatives.length > 0);
    if (!soldOut) throw new Error("no refused size with alternatives among the first 500 products");
    const offered = new Set(soldOut.alternatives.map((a) => a.id));
    const buyable = resolved
      .filter((r) => r.buyable && r.product && !offered.has(r.product.id))
      .map((r) => r.product?.id as number);
    return {
      soldOut: Number(soldOut.code),
      firstAlternative: soldOut.alternatives[0]?.id as number,
      listed: buyable.slice(0, 38),
      replacement: buyable[38] as number,
    };
  });
}

test("paste 40 spreadsheet lines into the quick order pad, fix two refused rows, add all to the cart, save as a list", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signInFromLogin(page, "franchisee@demo.in");
  const facts = await padFacts(page);
  const hidden = 100_001;

  // A spreadsheet's copy: a header row, tab separated, a name column between id and quantity.
  const lines = [
    ...facts.listed.slice(0, 10).map((id, i) => `${id}\tItem ${i + 1}\t${(i % 5) + 1}`),
    `${facts.soldOut}\tSold out size\t2`,
    ...facts.listed.slice(10, 30).map((id, i) => `${id}\tItem ${i + 11}\t${(i % 5) + 1}`),
    `${hidden}\tGone product\t3`,
    ...facts.listed.slice(30).map((id, i) => `${id}\tItem ${i + 31}\t${(i % 5) + 1}`),
  ];
  expect(lines).toHaveLength(40);
  const sheet = ["Product ID\tProduct\tQty", ...lines].join("\r\n");

  // The header's link next to the cart opens the pad.
  await page.getByTestId("nav-quick-order").click();
  await expect(page).toHaveURL(/\/quickOrder$/);
  await expect(page.getByRole("heading", { level: 1, name: "Quick order pad" })).toBeVisible();

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate((text) => navigator.clipboard.writeText(text), sheet);
  const firstCode = page.getByTestId("pad-code").first();
  await firstCode.click();
  await page.keyboard.press("ControlOrMeta+V");

  // 40 rows and an empty one to type into; two refused, in the cart's words.
  await expect(page.getByTestId("pad-row")).toHaveCount(41);
  const summary = page.getByTestId("pad-summary");
  await expect(summary).toHaveText("40 rows · 38 ready · 2 refused", { timeout: 30_000 });
  const refusals = page.getByTestId("pad-refusal");
  await expect(refusals).toHaveText(["Product not found", "Product not found"]);
  await shoot(page, "quick-order-refused");

  // Row 11: the sold-out size is swapped for the nearest size in stock.
  const soldOutRow = page.getByTestId("pad-row").nth(10);
  await soldOutRow.getByTestId("pad-alternative").first().click();
  await expect(soldOutRow.getByTestId("pad-code")).toHaveValue(String(facts.firstAlternative));
  // Row 32: the unknown product's id is changed by hand.
  const hiddenRow = page.getByTestId("pad-row").nth(31);
  await hiddenRow.getByTestId("pad-code").fill(String(facts.replacement));
  await expect(summary).toHaveText("40 rows · 40 ready · 0 refused", { timeout: 30_000 });

  await page.getByTestId("pad-add-all").click();
  await expect(page.getByText("40 rows are in the cart")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveAttribute("data-count", "40");
  await expect(page.getByTestId("pad-status").filter({ hasText: "In the cart" })).toHaveCount(40);

  // The same rows kept as a list of the store.
  await page.getByTestId("save-as-list").click();
  await page.getByTestId("save-list-name").fill("Fortnightly pad");
  await page.getByTestId("save-list-submit").click();
  await expect(page.getByTestId("save-list-done")).toContainText("Saved 40 products as “Fortnightly pad”");
  const saved = await page.evaluate(async () => {
    const res = await fetch("/api/lists", {
      headers: { authorization: `Bearer ${localStorage.getItem("portal.token")}` },
    });
    return res.json();
  });
  expect(JSON.stringify(saved)).toContain("Fortnightly pad");
  await page.keyboard.press("Escape");
  await shoot(page, "quick-order-added");
});

test("keyboard first: type a code, Enter to the next row, the code field suggests products", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInFromLogin(page, "franchisee@demo.in");
  const facts = await padFacts(page);
  await page.goto("/quickOrder");
  const code = page.getByTestId("pad-code");
  await code.first().fill(String(facts.listed[0]));
  await page.keyboard.press("Tab");
  await page.keyboard.type("4");
  await page.keyboard.press("Enter");
  await expect(code.nth(1)).toBeFocused();
  await page.keyboard.type(String(facts.listed[1]));
  await page.keyboard.press("Enter");
  await expect(code.nth(2)).toBeFocused();
  await expect(page.getByTestId("pad-summary")).toHaveText("2 rows · 2 ready · 0 refused", {
    timeout: 30_000,
  });

  // A name typed in the code field: the search suggestions, and choosing one puts its id in the row.
  await page.keyboard.type("fleece");
  const option = page.getByRole("option").first();
  await expect(option).toBeVisible({ timeout: 15_000 });
  await option.click();
  await expect(code.nth(2)).toHaveValue(/^\d+$/);
  await expect(page.getByTestId("pad-summary")).toContainText("3 rows", { timeout: 30_000 });
  await shoot(page, "quick-order-typed");
});
