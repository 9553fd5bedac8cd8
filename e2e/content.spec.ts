import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signInFromLogin } from "./support";

/** dd-MM-yyyy of a yyyy-MM-dd day. */
const dmy = (day: string) => day.split("-").reverse().join("-");
const indiaToday = () =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Kolkata",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());

test("an artwork order: category, the required-fields message, the order, the paged list", async ({
  page,
}) => {
  await signInFromLogin(page, "franchisee@demo.in");
  // Without a category the order form goes back to the grid.
  await page.goto("/artworks/artworksSubcat");
  await expect(page).toHaveURL(/\/artworks\/category$/);
  await expect(page.getByTestId("artwork-category")).toHaveCount(6);
  await page.getByRole("button", { name: "Order Festive Campaign artwork" }).click();
  await expect(page).toHaveURL(/\/artworks\/artworksSubcat\?cat=Festive/);
  await expect(page.getByRole("heading", { name: "Festive Campaign artwork" })).toBeVisible();

  await page.getByRole("button", { name: "Place artwork order" }).click();
  await expect(page.getByTestId("notice-error")).toContainText("Please Fill the required fields");

  const choose = async (label: string, option: string) => {
    await page.getByRole("textbox", { name: label, exact: true }).click();
    await page.getByRole("option", { name: option, exact: true }).click();
  };
  await choose("Type", "Banner");
  await choose("Sub-type", "Flex");
  await choose("Size", "Large");
  await choose("Unit", "Feet");
  await page.getByLabel("Height").fill("3");
  await page.getByLabel("Width").fill("8.5");
  await expect(page.getByLabel("Delivery address")).not.toHaveValue("");
  await page.getByRole("button", { name: "Place artwork order" }).click();

  const notice = page.getByTestId("notice-success");
  await expect(notice).toContainText("Artwork Created");
  await expect(notice).toContainText("Your artwork request has been placed.");
  await expect(page).toHaveURL(/\/artworks\/artworksPlaceOrder$/);
  // 22 demo orders and this one: 20 on the first page, the newest first.
  await expect(page.getByText("23 artwork orders")).toBeVisible();
  const rows = page.getByTestId("artwork-row");
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText("Festive Campaign");
  await expect(rows.first()).toContainText("Banner · Flex");
  await expect(rows.first()).toContainText("3.00 × 8.50 Feet");
  await expect(rows.first()).toContainText("Pending");
  await page.getByRole("button", { name: "2", exact: true }).click();
  await expect(rows).toHaveCount(3);
});

test("a policy PDF opens in a new window through a signed address", async ({ page, context }) => {
  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/account/policies");
  await expect(page.getByTestId("document-card")).toHaveCount(4);
  const [popup] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("button", { name: "Open Returns & Exchange Policy" }).click(),
  ]);
  await popup.waitForURL(
    /\/api\/files\/demo\/policies\/returns-exchange\.pdf\?expires=\d+&disposition=inline&signature=/,
  );
  const file = await page.request.get(popup.url());
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // The same address with its signature changed is refused.
  const tampered = await page.request.get(popup.url().replace(/signature=./, "signature=_"));
  expect(tampered.status()).toBe(403);
});

test("the training event list: today to a year ahead, and a to-date before the from-date cleared", async ({
  page,
}) => {
  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/training");
  const today = indiaToday();
  const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  await expect(page.getByTestId("event-range")).toHaveText(`Events from ${dmy(today)} to ${dmy(nextYear)}`);
  const events = page.getByTestId("event-card");
  await expect(events).toHaveCount(8);
  await expect(events.first()).toContainText("Visual Merchandising Basics");

  await page.getByLabel("To").fill(`${Number(today.slice(0, 4)) - 1}${today.slice(4)}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByLabel("To")).toHaveValue("");
  await expect(page.getByTestId("event-range")).toHaveText(`Events from ${dmy(today)} to ${dmy(nextYear)}`);

  await page.getByRole("tab", { name: "Gallery" }).click();
  await expect(page.getByTestId("gallery").getByRole("img")).toHaveCount(6);
});

test("a lookbook is downloaded", async ({ page }) => {
  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/lookbooks");
  await expect(page.getByTestId("lookbook-card")).toHaveCount(4);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download Winter 2026 Lookbook" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Winter 2026 Lookbook.pdf");
  const saved = await download.path();
  expect((await readFile(saved)).subarray(0, 5).toString()).toBe("%PDF-");
  await expect(page.getByTestId("notice-success")).toContainText(
    "Winter 2026 Lookbook is ready to download.",
  );
});

test("a Tamil Nadu store hears the Tamil clips", async ({ page }) => {
  await signInFromLogin(page, "kiosk@demo.in");
  await page.goto("/account/tvc");
  await expect(page.getByText("Tamil clips")).toBeVisible();
  await expect(page.getByTestId("media-card")).toHaveCount(4);
  await expect(
    page
      .getByRole("heading", { name: "Winter Collection TV Commercial (Tamil)" })
      .or(page.getByText("Winter Collection TV Commercial (Tamil)")),
  ).toBeVisible();
  const src = await page.locator("audio").first().getAttribute("src");
  const clip = await page.request.get(src ?? "");
  expect(clip.headers()["content-type"]).toBe("audio/wav");
});
