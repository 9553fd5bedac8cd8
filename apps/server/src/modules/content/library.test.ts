import { addMonths, contentMessages, indiaDay, SIGNED_URL_TTL_SECONDS } from "@portal/domain";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, trainingItems } from "../../db/schema";
import { createUrlSigner } from "../../lib/signed-url";
import { fixClock, restoreClock, TEST_NOW } from "../../test/clock";
import { assessmentAnswers } from "../../test/content-facts";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
let franchisee: { authorization: string };
let kiosk: { authorization: string };
let stockist: { authorization: string };
let admin: { authorization: string };

beforeAll(async () => {
  fixClock();
  world = await createTestWorld();
  franchisee = await world.signIn("franchisee@demo.in");
  kiosk = await world.signIn("kiosk@demo.in");
  stockist = await world.signIn("stockist@demo.in");
  admin = await world.signIn("admin@demo.in");
}, 60_000);
afterAll(async () => {
  await world.close();
  restoreClock();
});

const get = (url: string, headers: { authorization: string } = franchisee) =>
  world.app.inject({ method: "GET", url, headers });
const post = (url: string, payload: object = {}, headers: { authorization: string } = franchisee) =>
  world.app.inject({ method: "POST", url, headers, payload });
/** Opens a signed address as a browser would: no session. */
const open = (url: string) => world.app.inject({ method: "GET", url });

describe("policies and POS release notes", () => {
  it("lists the four policies and three release notes", async () => {
    const policies = await get("/api/policies");
    expect(policies.statusCode).toBe(200);
    expect(policies.json().map((p: { title: string }) => p.title)).toEqual([
      "Returns & Exchange Policy",
      "Credit & Payment Policy",
      "Store Operations Policy",
      "Pricing & Discount Policy",
    ]);
    const notes = await get("/api/policies/getAllReleaseNotes");
    expect(notes.json().map((p: { title: string }) => p.title)).toEqual([
      "POS Release 4.2",
      "POS Release 4.1",
      "POS Release 4.0",
    ]);
  });

  it("getUrl answers a short-lived signed address that opens a real PDF without a session", async () => {
    const res = await get("/api/policies/getUrl?path=demo/policies/returns-exchange.pdf");
    expect(res.statusCode).toBe(200);
    const { url, expiresAt } = res.json();
    expect(url).toMatch(
      /^\/api\/files\/demo\/policies\/returns-exchange\.pdf\?expires=\d+&disposition=inline&signature=/,
    );
    const ttl = (Date.parse(expiresAt) - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(SIGNED_URL_TTL_SECONDS - 5);
    expect(ttl).toBeLessThanOrEqual(SIGNED_URL_TTL_SECONDS);
    const file = await open(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toBe('inline; filename="Returns & Exchange Policy.pdf"');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("refuses a path that is not a document of these screens", async () => {
    for (const path of [
      "demo/lookbooks/winter-2026.pdf",
      "demo/policies/nope.pdf",
      "../etc/passwd",
      "demo/tvc/hindi-1.mp4",
    ]) {
      const res = await get(`/api/policies/getUrl?path=${encodeURIComponent(path)}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe(contentMessages.fileNotFound);
    }
    expect((await get("/api/policies/getUrl")).statusCode).toBe(400);
  });

  it("needs a session", async () => {
    expect((await world.app.inject({ method: "GET", url: "/api/policies" })).statusCode).toBe(401);
  });
});

describe("signed addresses", () => {
  const signed = async () =>
    (await get("/api/policies/getUrl?path=demo/policies/credit-payment.pdf")).json().url as string;

  it("refuses a tampered signature, key, expiry or disposition with 403", async () => {
    const url = await signed();
    const tampered = [
      url.replace(/signature=(.)/, (_, c) => `signature=${c === "A" ? "B" : "A"}`),
      url.replace("credit-payment", "returns-exchange"),
      url.replace(/expires=(\d+)/, (_, n) => `expires=${Number(n) + 3600}`),
      url.replace("disposition=inline", "disposition=attachment"),
      url.replace(/&signature=[^&]+/, ""),
    ];
    for (const bad of tampered) {
      const res = await open(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().message).toBe(contentMessages.linkInvalid);
    }
  });

  it("refuses an expired address with 410", async () => {
    const { url } = world.app.library.sign("demo/policies/credit-payment.pdf", -1);
    const res = await open(url);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(contentMessages.linkExpired);
    // The same file with a good address still opens.
    expect((await open(await signed())).statusCode).toBe(200);
  });

  it("a file signed with another secret is refused", async () => {
    const other = createUrlSigner("another-secret-of-32-characters!!");
    const { url } = other.sign("demo/policies/credit-payment.pdf", 60);
    expect((await open(url)).statusCode).toBe(403);
  });
});

describe("brands, escalation matrix and VM e-book", () => {
  it("lists brand contacts and the four regional escalation PDFs", async () => {
    const res = await get("/api/brands");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.brandContacts).toHaveLength(3);
    expect(body.escalationMatrix.map((e: { region: string }) => e.region)).toEqual([
      "north",
      "south",
      "west",
      "east",
    ]);
    const url = (await get(`/api/policies/getUrl?path=${body.escalationMatrix[1].path}`)).json().url;
    const file = await open(url);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.length).toBeGreaterThan(1000);
  });

  it("lists the VM e-books, which open through getUrl", async () => {
    const books = (await get("/api/vmEbook")).json();
    expect(books.map((b: { title: string }) => b.title)).toEqual([
      "VM E-book: Winter 2026",
      "VM E-book: Store Launch Kit",
    ]);
    expect((await get(`/api/policies/getUrl?path=${books[0].path}`)).statusCode).toBe(200);
  });
});

describe("TV commercials and store music", () => {
  it("gives a Tamil Nadu partner the Tamil clips and everyone else the Hindi clips", async () => {
    const tamil = (await get("/api/tvc", kiosk)).json();
    expect(tamil.language).toBe("Tamil");
    expect(tamil.commercials.map((c: { title: string }) => c.title)).toEqual([
      "Winter Collection TV Commercial (Tamil)",
      "Festive Offers TV Commercial (Tamil)",
    ]);
    expect(tamil.storeMusic).toHaveLength(2);
    for (const who of [franchisee, stockist]) {
      const hindi = (await get("/api/tvc", who)).json();
      expect(hindi.language).toBe("Hindi");
      expect(hindi.commercials.every((c: { language: string }) => c.language === "Hindi")).toBe(true);
      expect(hindi.storeMusic.map((c: { title: string }) => c.title)).toEqual([
        "Store Music: Morning Playlist (Hindi)",
        "Store Music: Weekend Playlist (Hindi)",
      ]);
    }
  });

  it("plays: the commercial is a real MP4 clip (H.264 and AAC) and its poster a real PNG", async () => {
    const [clip] = (await get("/api/tvc")).json().commercials;
    expect(clip.contentType).toBe("video/mp4");
    expect(clip.path).toBe("demo/tvc/hindi-1.mp4");
    const video = await open(clip.url);
    expect(video.statusCode).toBe(200);
    expect(video.headers["content-type"]).toBe("video/mp4");
    expect(video.headers["content-disposition"]).toBe(
      'inline; filename="Winter Collection TV Commercial (Hindi).mp4"',
    );
    // An ISO media file: the ftyp box first, then the H.264 video and AAC audio tracks.
    expect(video.rawPayload.subarray(4, 12).toString("latin1")).toBe("ftypisom");
    const body = video.rawPayload.toString("latin1");
    expect(body).toContain("avc1");
    expect(body).toContain("mp4a");
    expect(video.rawPayload.length).toBeGreaterThan(10_000);
    expect(video.rawPayload.length).toBeLessThan(200_000);
    // Made once: the row now carries the clip's size and the store keeps the same bytes.
    expect((await get("/api/tvc")).json().commercials[0].sizeBytes).toBe(video.rawPayload.length);
    expect((await world.app.fileStore.get("demo/tvc/hindi-1.mp4"))?.equals(video.rawPayload)).toBe(true);
    const poster = await open(clip.posterUrl);
    expect(poster.headers["content-type"]).toBe("image/png");
    expect([...poster.rawPayload.subarray(1, 4)].map((c) => String.fromCharCode(c)).join("")).toBe("PNG");
  });
});

describe("byte ranges on signed addresses (Safari asks for them before it plays a <video>)", () => {
  const ranged = (url: string, range: string, more: Record<string, string> = {}) =>
    world.app.inject({ method: "GET", url, headers: { range, ...more } });

  it("answers 206 with exactly the bytes asked, 416 outside the file, the whole file otherwise", async () => {
    const { url } = world.app.library.sign("demo/tvc/hindi-2.mp4", 60);
    // Not made yet: the clip is made now and cut from memory.
    const probe = await ranged(url, "bytes=0-1");
    expect(probe.statusCode).toBe(206);
    expect(probe.headers["accept-ranges"]).toBe("bytes");
    expect(probe.headers["content-type"]).toBe("video/mp4");
    expect(probe.headers["content-length"]).toBe("2");
    const whole = await world.app.fileStore.get("demo/tvc/hindi-2.mp4");
    if (!whole) throw new Error("the clip was not kept");
    const size = whole.length;
    expect(probe.headers["content-range"]).toBe(`bytes 0-1/${size}`);
    expect(probe.rawPayload.equals(whole.subarray(0, 2))).toBe(true);

    // Kept now: read from the store as a range.
    const box = await ranged(url, "bytes=4-11");
    expect(box.statusCode).toBe(206);
    expect(box.headers["content-range"]).toBe(`bytes 4-11/${size}`);
    expect(box.headers["content-length"]).toBe("8");
    expect(box.rawPayload.toString("latin1")).toBe("ftypisom");

    const tail = await ranged(url, "bytes=-100");
    expect(tail.statusCode).toBe(206);
    expect(tail.headers["content-range"]).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect(tail.rawPayload.equals(whole.subarray(size - 100))).toBe(true);

    const rest = await ranged(url, `bytes=${size - 10}-`);
    expect(rest.statusCode).toBe(206);
    expect(rest.headers["content-range"]).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(rest.headers["content-length"]).toBe("10");
    expect(rest.rawPayload.equals(whole.subarray(size - 10))).toBe(true);

    // A last byte past the end stops at the end.
    const over = await ranged(url, `bytes=${size - 3}-${size + 500}`);
    expect(over.statusCode).toBe(206);
    expect(over.headers["content-range"]).toBe(`bytes ${size - 3}-${size - 1}/${size}`);
    expect(over.rawPayload.length).toBe(3);

    for (const outside of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, "bytes=-0"]) {
      const refused = await ranged(url, outside);
      expect(refused.statusCode, outside).toBe(416);
      expect(refused.headers["content-range"], outside).toBe(`bytes */${size}`);
      expect(refused.json().message).toBe("The requested range of this file is not available.");
    }

    // Several ranges, a malformed header, or an If-Range: the whole file.
    for (const [range, more] of [
      ["bytes=0-1,4-11", {}],
      ["bytes=9-3", {}],
      ["items=0-1", {}],
      ["bytes=0-1", { "if-range": '"some-etag"' }],
    ] as const) {
      const all = await ranged(url, range, more);
      expect(all.statusCode, range).toBe(200);
      expect(all.headers["accept-ranges"]).toBe("bytes");
      expect(all.headers["content-length"], range).toBe(String(size));
      expect(all.headers["content-range"], range).toBeUndefined();
      expect(all.rawPayload.equals(whole), range).toBe(true);
    }
  });

  it("checks the address before any range: a tampered one is still 403", async () => {
    const { url } = world.app.library.sign("demo/tvc/hindi-2.mp4", 60);
    const res = await ranged(url.replace("hindi-2", "hindi-1"), "bytes=0-1");
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(contentMessages.linkInvalid);
  });
});

describe("training", () => {
  /** The tests run on a fixed clock; the demo events are dated from the day the world was made. */
  const today = indiaDay(TEST_NOW);

  it("lists events from today to a year ahead by default", async () => {
    const res = await post("/api/training/getEventList", {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fromDate).toBe(today);
    expect(body.toDate).toBe(addMonths(today, 12));
    // Of the ten demo events one was last month and one is beyond the year.
    expect(body.events).toHaveLength(8);
    expect(body.events[0].title).toBe("Visual Merchandising Basics");
    expect(
      body.events.every((e: { date: string }) => e.date >= today && e.date <= addMonths(today, 12)),
    ).toBe(true);
  });

  it("clears a to-date earlier than the from-date", async () => {
    const from = addMonths(today, -2);
    const body = (
      await post("/api/training/getEventList", { fromDate: from, toDate: addMonths(today, -3) })
    ).json();
    expect(body.fromDate).toBe(from);
    expect(body.toDate).toBe(addMonths(from, 12));
    // Now last month's event is in, and the one 400 days ahead still out.
    expect(body.events).toHaveLength(9);
    expect(body.events[0].title).toBe("New Season Product Knowledge");
  });

  it("honours a given range and refuses a malformed date", async () => {
    const body = (
      await post("/api/training/getEventList", { fromDate: today, toDate: addMonths(today, 1) })
    ).json();
    expect(body.events.map((e: { title: string }) => e.title)).toEqual([
      "Visual Merchandising Basics",
      "POS 4.2: What's New",
      "Customer Service Excellence",
    ]);
    expect((await post("/api/training/getEventList", { fromDate: "12-01-2026" })).statusCode).toBe(400);
  });

  it("has categories and a gallery of six real images", async () => {
    const items = (await get("/api/training/categories")).json();
    expect(items).toHaveLength(8);
    expect(items[0]).toMatchObject({ category: "Boys Clothing", subcategory: "Winter Wear" });
    const gallery = (await get("/api/training/gallery")).json();
    expect(gallery).toHaveLength(6);
    const png = await open(gallery[0].url);
    expect(png.headers["content-type"]).toBe("image/png");
  });

  it("links each topic to a real listing whose products it pictures", async () => {
    const items = (await get("/api/training/categories")).json();
    expect(
      items.map((t: { subcategory: string; productsLink: string; image: string }) => [
        t.subcategory,
        t.productsLink,
        t.image,
      ]),
    ).toEqual([
      ["Winter Wear", "/products/listing?subcategories=606", "/api/images/products/100006/a.svg"],
      // No product of these on sale in the test catalogue: the category's own drawing.
      ["Ethnic Wear", "/products/listing?subcategories=2104", "/api/images/categories/21.svg"],
      ["First Walkers", "/products/listing?subcategories=2204", "/api/images/products/100082/a.svg"],
      ["Learning Toys", "/products/listing?subcategories=407", "/api/images/products/100004/a.svg"],
      ["Strollers & Prams", "/products/listing?subcategories=501", "/api/images/categories/5.svg"],
      ["Skin Care", "/products/listing?subcategories=301,304", "/api/images/products/100026/a.svg"],
      ["Bottles & Sippers", "/products/listing?subcategories=201,202", "/api/images/products/100035/a.svg"],
      ["Cribs & Cots", "/products/listing?subcategories=901", "/api/images/categories/9.svg"],
    ]);
    expect(items[0].imageAlt).toBe("Winter Wear: Babyhug Fleece Hooded Sweatshirt Solid - Purple");
    // The pictured product is in the topic's subcategory, and the listing the link opens holds it.
    const [product] = await world.database.db
      .select({ subcategoryId: products.subcategoryId })
      .from(products)
      .where(eq(products.id, 100006));
    expect(product).toEqual({ subcategoryId: 606 });
    const listing = await post("/api/listing/b2b", {
      filters: [{ key: "subcategories", values: [606] }],
      page: 1,
      size: 20,
      whType: "all",
    });
    expect(listing.statusCode).toBe(200);
    expect(listing.json().total).toBe(3);
    expect(listing.json().products.map((p: { id: number }) => p.id)).toContain(100006);
    // A picture is a real drawing of a winter garment, not another category's (a diaper).
    const picture = await open(items[0].image);
    expect(picture.headers["content-type"]).toBe("image/svg+xml");
  });

  it("turns an old link no screen answers into the search for its words", async () => {
    const db = world.database.db;
    const [first] = await db.select().from(trainingItems).orderBy(asc(trainingItems.id)).limit(1);
    if (!first) throw new Error("no training item");
    await db
      .update(trainingItems)
      .set({ productsLink: "/listing?q=Winter%20Wear" })
      .where(eq(trainingItems.id, first.id));
    try {
      const items = (await get("/api/training/categories")).json();
      expect(items[0]).toMatchObject({
        subcategory: "Winter Wear",
        productsLink: "/products/search/Winter%20Wear",
        // No listing filter to pick from: the stored picture (the category's drawing).
        image: "/api/images/categories/6.svg",
        imageAlt: "Winter Wear",
      });
    } finally {
      await db
        .update(trainingItems)
        .set({ productsLink: first.productsLink })
        .where(eq(trainingItems.id, first.id));
    }
  });

  it("lists assessments and the caller's own results, whose download is theirs alone", async () => {
    const assessments = (await post("/api/assessment", {})).json();
    expect(assessments).toHaveLength(4);
    expect(assessments.every((a: { taken: boolean }) => a.taken)).toBe(true);
    const mine = (await post("/api/result", {})).json();
    expect(mine).toHaveLength(4);
    const theirs = (await post("/api/result", {}, stockist)).json();
    expect(theirs).toHaveLength(2);
    expect(
      (await post("/api/assessment", {}, stockist)).json().filter((a: { taken: boolean }) => a.taken),
    ).toHaveLength(2);

    const download = await post("/api/result/download", { key: mine[0].key });
    expect(download.statusCode).toBe(200);
    const file = await open(download.json().url);
    expect(file.headers["content-type"]).toBe("application/pdf");
    // (the name's colon is written as "_")
    expect(mine[0].assessment).toBe("Product Knowledge: Winter 2026");
    expect(file.headers["content-disposition"]).toBe(
      'attachment; filename="Product Knowledge_ Winter 2026 result.pdf"',
    );

    const stolen = await post("/api/result/download", { key: mine[0].key }, stockist);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(contentMessages.resultNotFound);
    expect((await post("/api/result/download", {})).statusCode).toBe(400);
  });

  it("takes an assessment: its questions without answers, the score, a stored result and its certificate", async () => {
    const list = (await post("/api/assessment", {}, stockist)).json();
    const pos = list.find((a: { title: string }) => a.title === "Visual Merchandising Basics");
    expect(pos).toMatchObject({ questions: 5, taken: false });
    const paper = await get(`/api/assessment/${pos.id}`, stockist);
    expect(paper.statusCode).toBe(200);
    const body = paper.json();
    expect(body.title).toBe("Visual Merchandising Basics");
    expect(body.questionList).toHaveLength(5);
    expect(body.questionList[0]).toEqual({
      id: expect.any(Number),
      position: 1,
      text: "At what height should the best-selling products be placed?",
      choices: ["Floor level", "Eye level", "Top shelf", "Behind the counter"],
    });
    expect(JSON.stringify(body)).not.toContain('"answer"');

    const right = assessmentAnswers("Visual Merchandising Basics");
    // Four right, the last one wrong.
    const answers = body.questionList.map((q: { id: number }, i: number) => ({
      questionId: q.id,
      choice: i < 4 ? (right[i] ?? 0) : ((right[i] ?? 0) + 1) % 4,
    }));
    const refused: [object, string][] = [
      [{ answers: answers.slice(0, 4) }, contentMessages.answerEveryQuestion],
      [
        { answers: [...answers.slice(0, 4), { questionId: 999_999, choice: 0 }] },
        contentMessages.unknownQuestion,
      ],
      [{ answers: [...answers.slice(0, 4), { ...answers[4], choice: 7 }] }, contentMessages.unknownChoice],
      [{ answers: [...answers, answers[0]] }, contentMessages.unknownQuestion],
    ];
    for (const [payload, message] of refused) {
      const res = await post(`/api/assessment/${pos.id}/submit`, payload, stockist);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await post(`/api/assessment/${pos.id}/submit`, { answers: [] }, stockist)).statusCode).toBe(400);
    expect((await post(`/api/assessment/${pos.id}/submit`, { answers: "all" }, stockist)).statusCode).toBe(
      400,
    );
    expect((await post("/api/assessment/999999/submit", { answers }, stockist)).statusCode).toBe(404);
    expect((await get("/api/assessment/999999", stockist)).json().message).toBe(
      contentMessages.assessmentNotFound,
    );
    expect((await get("/api/assessment/abc", stockist)).statusCode).toBe(400);
    // (nothing refused was stored)
    expect((await post("/api/result", {}, stockist)).json()).toHaveLength(2);

    const submitted = await post(`/api/assessment/${pos.id}/submit`, { answers }, stockist);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const outcome = submitted.json();
    expect(outcome.result).toMatchObject({
      assessment: "Visual Merchandising Basics",
      score: 4,
      total: 5,
      percent: 80,
      takenOn: "2026-11-18",
    });
    expect(outcome.passed).toBe(true);
    expect(outcome.passPercent).toBe(60);
    expect(outcome.review.map((r: { correct: boolean }) => r.correct)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);

    // The result is listed first, the assessment is taken, and the certificate downloads as a PDF.
    const results = (await post("/api/result", {}, stockist)).json();
    expect(results).toHaveLength(3);
    expect(results[0]).toEqual(outcome.result);
    expect(
      (await post("/api/assessment", {}, stockist)).json().find((a: { id: number }) => a.id === pos.id).taken,
    ).toBe(true);
    const download = await post("/api/result/download", { key: outcome.result.key }, stockist);
    expect(download.statusCode).toBe(200);
    const file = await open(download.json().url);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // another partner's result is not theirs to download
    expect((await post("/api/result/download", { key: outcome.result.key })).statusCode).toBe(404);
  });
});

describe("lookbooks", () => {
  it("lists them and answers a download address with a message", async () => {
    const books = (await get("/api/lookbooks")).json();
    expect(books.map((b: { title: string }) => b.title)).toEqual([
      "Winter 2026 Lookbook",
      "Festive 2026 Lookbook",
      "Newborn Essentials Lookbook",
      "Summer 2027 Preview",
    ]);
    const res = await get(`/api/lookbooks/getLookbook?path=${books[0].path}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Winter 2026 Lookbook is ready to download.");
    const file = await open(res.json().url);
    expect(file.headers["content-disposition"]).toBe('attachment; filename="Winter 2026 Lookbook.pdf"');
  });

  it("gives each lookbook a cover: its collection's first product, else the picture stored with it", async () => {
    const books = (await get("/api/lookbooks")).json();
    expect(
      books.map(
        (b: {
          title: string;
          cover: { url: string; alt: string } | null;
          productCount: number;
          listingPath: string;
        }) => [b.title, b.cover?.url.replace(/\?.*/, ""), b.productCount, b.listingPath],
      ),
    ).toEqual([
      [
        "Winter 2026 Lookbook",
        "/api/images/products/100053/a.svg",
        10,
        "/products/listing?subcategories=606,1201,1202",
      ],
      // No product of its collection on sale in the test catalogue: the cover stored by the seed.
      [
        "Festive 2026 Lookbook",
        "/api/files/demo/lookbooks/festive-2026-cover.png",
        0,
        "/products/listing?subcategories=604,2104,2107",
      ],
      [
        "Newborn Essentials Lookbook",
        "/api/images/products/100015/a.svg",
        7,
        "/products/listing?subcategories=607,903,2107",
      ],
      [
        "Summer 2027 Preview",
        "/api/images/products/100135/a.svg",
        29,
        "/products/listing?subcategories=601,603,1202,2105",
      ],
    ]);
    expect(books[0].cover.alt).toBe(
      "Winter 2026 Lookbook: Kookie Kids Woollen Ankle Socks Printed - Navy Blue",
    );
    expect(books[1].cover.alt).toBe("Cover of Festive 2026 Lookbook");
    // Every cover is a real picture.
    const stored = await open(books[1].cover.url);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers["content-type"]).toBe("image/png");
    expect(stored.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    const product = await open(books[0].cover.url);
    expect(product.headers["content-type"]).toBe("image/svg+xml");
  });

  it("has a page of its collection's products: one per style, best sellers first, MRP in paise", async () => {
    const [winter] = (await get("/api/lookbooks")).json();
    const page = await get(`/api/lookbooks/${winter.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ title: "Winter 2026 Lookbook", productCount: 10 });
    expect(
      page
        .json()
        .products.map((p: { id: number; brand: string; subcategory: string; mrpPaise: number }) => [
          p.id,
          p.brand,
          p.subcategory,
          p.mrpPaise,
        ]),
    ).toEqual([
      [100053, "Kookie Kids", "Socks & Tights", 14900],
      [100006, "Babyhug", "Winterwear", 149900],
      [100007, "Babyhug", "Winterwear", 150000],
      [100008, "Babyhug", "Winterwear", 159900],
      [100097, "Kookie Kids", "Caps & Hats", 79900],
      [100098, "Kookie Kids", "Caps & Hats", 79900],
    ]);
    expect(page.json().products[0].image).toEqual({
      url: "/api/images/products/100053/a.svg",
      alt: "Kookie Kids Woollen Ankle Socks Printed - Navy Blue",
    });
  });

  it("answers 404 with the spec's message for a lookbook that is not one, and 400 for a bad id", async () => {
    const policy = (await get("/api/policies")).json()[0];
    for (const id of [policy.id, 999_999]) {
      const res = await get(`/api/lookbooks/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Error While Fetching Lookbook Details");
    }
    expect((await get("/api/lookbooks/abc")).statusCode).toBe(400);
  });

  it("answers the spec's message for an unknown lookbook", async () => {
    const res = await get("/api/lookbooks/getLookbook?path=demo/policies/returns-exchange.pdf");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Error While Fetching Lookbook Details");
  });
});

describe("staff: the content library", () => {
  const pdfBytes = async () =>
    (await open((await get("/api/policies/getUrl?path=demo/policies/store-operations.pdf")).json().url))
      .rawPayload;

  const multipart = (fields: Record<string, string>, file: { name: string; bytes: Buffer } | null) => {
    const boundary = "----portal-test";
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(fields))
      parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    if (file)
      parts.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from("\r\n"),
      );
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return {
      payload: Buffer.concat(parts),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    };
  };

  it("refuses partners (403)", async () => {
    expect((await get("/api/admin/content")).statusCode).toBe(403);
    const body = multipart({ kind: "policy", title: "Mine" }, { name: "a.pdf", bytes: await pdfBytes() });
    const res = await world.app.inject({
      method: "POST",
      url: "/api/admin/content",
      payload: body.payload,
      headers: { ...franchisee, ...body.headers },
    });
    expect(res.statusCode).toBe(403);
  });

  it("uploads a policy judged by content, replaces it and removes it", async () => {
    const bytes = await pdfBytes();
    const body = multipart(
      { kind: "policy", title: "Festive Returns Policy", description: "Festive season only" },
      { name: "x.pdf", bytes },
    );
    const made = await world.app.inject({
      method: "POST",
      url: "/api/admin/content",
      payload: body.payload,
      headers: { ...admin, ...body.headers },
    });
    expect(made.statusCode).toBe(200);
    const file = made.json();
    expect(file).toMatchObject({
      kind: "policy",
      title: "Festive Returns Policy",
      contentType: "application/pdf",
      sizeBytes: bytes.length,
    });
    expect(file.path).toMatch(/^policy\/[0-9a-f]{24}\.pdf$/);
    expect((await get("/api/policies")).json().map((p: { title: string }) => p.title)).toContain(
      "Festive Returns Policy",
    );

    // A PNG is not a policy.
    const png = (await open((await get("/api/training/gallery")).json()[0].url)).rawPayload;
    const wrong = multipart({}, { name: "fake.pdf", bytes: png });
    const refused = await world.app.inject({
      method: "PUT",
      url: `/api/admin/content/${file.id}/file`,
      payload: wrong.payload,
      headers: { ...admin, ...wrong.headers },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("This file type is not accepted here. Allowed: application/pdf.");

    const again = multipart({}, { name: "y.pdf", bytes });
    const replaced = await world.app.inject({
      method: "PUT",
      url: `/api/admin/content/${file.id}/file`,
      payload: again.payload,
      headers: { ...admin, ...again.headers },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().path).not.toBe(file.path);
    // The old address no longer opens a file.
    expect((await get(`/api/policies/getUrl?path=${file.path}`)).statusCode).toBe(404);
    expect(
      (await open((await get(`/api/policies/getUrl?path=${replaced.json().path}`)).json().url)).statusCode,
    ).toBe(200);

    const gone = await world.app.inject({
      method: "DELETE",
      url: `/api/admin/content/${file.id}`,
      headers: admin,
    });
    expect(gone.json().message).toBe("Festive Returns Policy was removed.");
    expect((await get("/api/policies")).json()).toHaveLength(4);
  });

  it("refuses an upload without a file or with bad fields", async () => {
    const noFile = multipart({ kind: "policy", title: "x" }, null);
    const a = await world.app.inject({
      method: "POST",
      url: "/api/admin/content",
      payload: noFile.payload,
      headers: { ...admin, ...noFile.headers },
    });
    expect(a.statusCode).toBe(400);
    const badKind = multipart({ kind: "movie", title: "x" }, { name: "a.pdf", bytes: await pdfBytes() });
    const b = await world.app.inject({
      method: "POST",
      url: "/api/admin/content",
      payload: badKind.payload,
      headers: { ...admin, ...badKind.headers },
    });
    expect(b.statusCode).toBe(400);
    const noRegion = multipart(
      { kind: "escalation", title: "x" },
      { name: "a.pdf", bytes: await pdfBytes() },
    );
    const c = await world.app.inject({
      method: "POST",
      url: "/api/admin/content",
      payload: noRegion.payload,
      headers: { ...admin, ...noRegion.headers },
    });
    expect(c.json().message).toBe("Choose the region (north, south, west or east).");
  });
});
