import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { shoot, signInFromLogin } from "./support";

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
  // The commercials are short MP4 clips the browser plays; the store music is audio.
  await expect(page.locator("video")).toHaveCount(2);
  await expect(page.locator("audio")).toHaveCount(2);
  const video = page.getByLabel("Play Winter Collection TV Commercial (Tamil)");
  const src = await video.getAttribute("src");
  const clip = await page.request.get(src ?? "");
  expect(clip.headers()["content-type"]).toBe("video/mp4");
  expect((await clip.body()).subarray(4, 8).toString()).toBe("ftyp");
  // The browser reads the clip: 2.5 seconds long, 320 × 180.
  await expect
    .poll(() =>
      video.evaluate((v: HTMLVideoElement) => [
        Math.round(v.duration * 10) / 10,
        v.videoWidth,
        v.videoHeight,
      ]),
    )
    .toEqual([2.5, 320, 180]);
});

test("a partner takes an assessment: every question answered, the score, the result downloaded", async ({
  page,
}) => {
  // A long journey (ten questions answered, a PDF fetched): room for a loaded machine.
  test.setTimeout(180_000);
  await signInFromLogin(page, "stockist@demo.in");
  await page.goto("/training");
  await page.getByRole("tab", { name: "Assessments" }).click();
  await page.getByRole("link", { name: "Take Visual Merchandising Basics" }).click();
  await expect(page).toHaveURL(/\/training\/assessment\/\d+$/);
  await expect(page).toHaveTitle("Visual Merchandising Basics | Partner Portal");
  await expect(page.getByRole("heading", { name: "Visual Merchandising Basics", level: 1 })).toBeVisible();
  const questions = page.getByRole("radiogroup");
  await expect(questions).toHaveCount(5);
  await expect(page.getByText("Answered 0 of 5")).toBeVisible();

  // Submitting with a question left open is refused, naming the first open question.
  const answers = ["Eye level", "Every season or campaign", "Right", "Smallest to largest, left to right"];
  for (const [i, answer] of answers.entries())
    await questions.nth(i).getByRole("radio", { name: answer, exact: true }).check();
  await expect(page.getByText("Answered 4 of 5")).toBeVisible();
  await shoot(page, "assessment");
  await page.getByRole("button", { name: "Submit answers" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please answer every question before you submit.");
  await expect(questions.nth(4).getByRole("radio").first()).toBeFocused();

  // The last one wrong: 4 of 5, 80%, passed.
  await questions.nth(4).getByRole("radio", { name: "The price tag", exact: true }).check();
  await page.getByRole("button", { name: "Submit answers" }).click();
  const result = page.getByTestId("assessment-result");
  await expect(result.getByTestId("assessment-score")).toHaveText("4 / 5");
  await expect(result).toContainText("80%");
  await expect(result).toContainText("Passed");
  await expect(result.getByRole("listitem")).toHaveCount(5);
  await expect(result.getByRole("listitem").nth(4)).toContainText("Your answer: The price tag · Wrong");
  await expect(page.getByRole("heading", { name: "Your result" })).toBeFocused();
  await shoot(page, "assessment-result");

  // The result downloads through a signed address, as a PDF.
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/result/download")),
    page.getByRole("button", { name: "Download result" }).click(),
  ]);
  expect(answer.status()).toBe(200);
  const { url } = (await answer.json()) as { url: string };
  expect(url).toMatch(
    /\/api\/files\/results\/\d+\/[0-9a-f-]+\.pdf\?expires=\d+&disposition=attachment&signature=/,
  );
  const file = await page.request.get(url);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Back on training, the assessment is taken and the result is listed first.
  await page.getByRole("link", { name: "Back to training" }).click();
  await page.getByRole("tab", { name: "Results" }).click();
  await expect(page.getByRole("row").nth(1)).toContainText("Visual Merchandising Basics");
  await expect(page.getByRole("row").nth(1)).toContainText("4 / 5 (80%)");
  await page.getByRole("tab", { name: "Assessments" }).click();
  await expect(page.getByRole("link", { name: "Retake Visual Merchandising Basics" })).toBeVisible();
});
