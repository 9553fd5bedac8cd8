import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { pickDay, shoot, signInFromLogin } from "./support";

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
  await page.getByRole("button", { name: "Page 2", exact: true }).click();
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

  // The dates are the app's day fields (dd-mm-yyyy), never the browser's mm/dd/yyyy.
  await expect(page.locator('input[type="date"]')).toHaveCount(0);
  await expect(page.getByLabel("From", { exact: true })).toHaveText(dmy(today));
  const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 8)}15`;
  await pickDay(page, "To", lastYear);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByLabel("To", { exact: true })).toHaveText("dd-mm-yyyy");
  await expect(page.getByTestId("event-range")).toHaveText(`Events from ${dmy(today)} to ${dmy(nextYear)}`);

  await page.getByRole("tab", { name: "Gallery" }).click();
  await expect(page.getByTestId("gallery").getByRole("img")).toHaveCount(6);
});

test("from home, training's topic opens a real listing of its products", async ({ page }) => {
  await signInFromLogin(page, "franchisee@demo.in");
  await expect(page).toHaveURL(/\/home$/);
  await page
    .getByTestId("learn-tiles")
    .getByRole("link", { name: /Training/ })
    .click();
  await expect(page).toHaveURL(/\/training$/);
  await expect(page.getByRole("heading", { name: "Training", level: 1 })).toBeVisible();
  await page.getByRole("tab", { name: "Categories" }).click();
  await expect(page).toHaveURL(/\/training\?tab=categories$/);
  const topics = page.getByTestId("training-topic");
  await expect(topics).toHaveCount(8);
  // Winter Wear is pictured by a winter garment of its own listing (never another category's picture).
  const picture = topics.first().locator("img");
  await expect(picture).toHaveAttribute("alt", /^Winter Wear: .+/);
  await expect(picture).toHaveAttribute("src", /^\/api\/images\/products\/\d+\/a\.svg$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shoot(page, "training-topics");

  await page.getByRole("link", { name: "See the products: Winter Wear" }).click();
  await expect(page).toHaveURL(/\/products\/listing\?subcategories=606$/);
  const cards = page.getByTestId("product-card");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(0);
  await expect(page.getByTestId("active-filters")).toContainText("Winterwear");
});

test("lookbooks have covers and a page of their products", async ({ page }) => {
  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/home");
  await page
    .getByTestId("learn-tiles")
    .getByRole("link", { name: /Lookbooks/ })
    .click();
  await expect(page).toHaveURL(/\/lookbooks$/);
  const books = page.getByTestId("lookbook-card");
  await expect(books).toHaveCount(4);
  // Every lookbook shows a real picture as its cover, with words for it.
  const covers = page.getByTestId("lookbook-cover");
  await expect(covers).toHaveCount(4);
  for (const cover of await covers.all()) {
    await cover.scrollIntoViewIfNeeded();
    await expect(cover).toHaveAttribute("alt", /.+/);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await shoot(page, "lookbooks");

  await page.getByRole("link", { name: "See the looks: Winter 2026 Lookbook" }).click();
  await expect(page).toHaveURL(/\/lookbooks\?book=\d+$/);
  await expect(page.getByRole("heading", { name: "Winter 2026 Lookbook", level: 2 })).toBeVisible();
  const products = page.getByTestId("lookbook-product");
  await expect(products.first()).toBeVisible();
  await expect(products.first()).toContainText(/MRP ₹[\d,]+\.\d{2}/);
  await shoot(page, "lookbook-page");
  // At 390 px the page reads without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole("link", { name: /^See all \d+ products$/ }).click();
  await expect(page).toHaveURL(/\/products\/listing\?subcategories=606,1201,1202$/);
  await expect(page.getByTestId("product-card").first()).toBeVisible();
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
  await expect(page.getByTestId("media-card")).toHaveCount(2);
  await expect(
    page
      .getByRole("heading", { name: "Winter Collection TV Commercial (Tamil)" })
      .or(page.getByText("Winter Collection TV Commercial (Tamil)")),
  ).toBeVisible();
  // The commercials are short MP4 clips the browser plays, over and over; the store music is one
  // player over the playlist.
  await expect(page.locator("video")).toHaveCount(2);
  for (const v of await page.locator("video").all()) await expect(v).toHaveAttribute("loop", "");
  await expect(page.locator("audio")).toHaveCount(1);
  await expect(page.getByTestId("playlist-track")).toHaveCount(2);
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

test("store music plays on: the next track, back to the first, or one track on loop", async ({ page }) => {
  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/home");
  await page
    .getByTestId("learn-tiles")
    .getByRole("link", { name: /Store Music/ })
    .click();
  await expect(page).toHaveURL(/\/account\/tvc$/);
  const player = page.getByLabel("Store music player");
  const nowPlaying = page.getByTestId("now-playing");
  await expect(nowPlaying).toHaveText("Store Music: Morning Playlist (Hindi)");
  // The track is real audio the browser reads.
  await expect
    .poll(() =>
      player.evaluate((a: HTMLAudioElement) => {
        a.preload = "auto";
        a.load();
        return new Promise<number>((done) => {
          if (a.readyState >= 1) done(a.duration);
          else a.addEventListener("loadedmetadata", () => done(a.duration), { once: true });
        });
      }),
    )
    .toBeGreaterThan(0);
  // Repeat all: when a track ends the next plays, and after the last the first.
  await expect(player).not.toHaveAttribute("loop", "");
  await player.evaluate((a: HTMLAudioElement) => a.dispatchEvent(new Event("ended")));
  await expect(nowPlaying).toHaveText("Store Music: Weekend Playlist (Hindi)");
  await player.evaluate((a: HTMLAudioElement) => a.dispatchEvent(new Event("ended")));
  await expect(nowPlaying).toHaveText("Store Music: Morning Playlist (Hindi)");
  // Repeat one: the audio element loops the track.
  await page.getByText("Repeat one").click();
  await expect(player).toHaveAttribute("loop", "");
  await shoot(page, "store-music");
});
