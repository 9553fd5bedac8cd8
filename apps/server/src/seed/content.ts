/**
 * The demo world's content library, training calendar, assessments and artwork orders. Only rows
 * are written here; the files themselves (PDFs, PNGs, WAVs) are made by code the first time they
 * are needed (modules/content/demo-files.ts) and kept in the file store.
 */
import { addMonths, indiaDay } from "@portal/domain";
import type { Tx } from "../db/client";
import {
  artworks,
  assessmentQuestions,
  assessmentResults,
  assessments,
  contentFiles,
  trainingEvents,
  trainingItems,
} from "../db/schema";
import { ASSESSMENT_QUESTIONS } from "./assessment-questions";

type Row = typeof contentFiles.$inferInsert;
const pdf = (
  kind: string,
  folder: string,
  slug: string,
  title: string,
  description: string,
  extra: Partial<Row> = {},
): Row => ({
  kind,
  title,
  description,
  storageKey: `demo/${folder}/${slug}.pdf`,
  contentType: "application/pdf",
  sizeBytes: 0,
  ...extra,
});

export const DEMO_CONTENT: readonly Row[] = [
  pdf(
    "policy",
    "policies",
    "returns-exchange",
    "Returns & Exchange Policy",
    "How partners return damaged, short-shipped or slow-moving stock.",
  ),
  pdf(
    "policy",
    "policies",
    "credit-payment",
    "Credit & Payment Policy",
    "Credit limits, payment modes and the ledger.",
  ),
  pdf(
    "policy",
    "policies",
    "store-operations",
    "Store Operations Policy",
    "Opening hours, staffing, hygiene and security.",
  ),
  pdf(
    "policy",
    "policies",
    "pricing-discount",
    "Pricing & Discount Policy",
    "MRP, retailer margins and approved offers.",
  ),
  pdf(
    "releaseNote",
    "release-notes",
    "pos-4-2",
    "POS Release 4.2",
    "GST e-invoice, faster billing search and kiosk receipts.",
  ),
  pdf(
    "releaseNote",
    "release-notes",
    "pos-4-1",
    "POS Release 4.1",
    "Loyalty points at the counter and barcode re-print.",
  ),
  pdf(
    "releaseNote",
    "release-notes",
    "pos-4-0",
    "POS Release 4.0",
    "New day-end report and stock reconciliation.",
  ),
  pdf(
    "brandContact",
    "brands",
    "apparel",
    "Brand Contacts: Apparel & Footwear",
    "Category managers and brand representatives.",
  ),
  pdf(
    "brandContact",
    "brands",
    "toys-gear",
    "Brand Contacts: Toys & Gear",
    "Category managers and brand representatives.",
  ),
  pdf(
    "brandContact",
    "brands",
    "baby-care",
    "Brand Contacts: Baby Care & Food",
    "Category managers and brand representatives.",
  ),
  pdf(
    "escalation",
    "escalation",
    "north",
    "Escalation Matrix: North",
    "Delhi, Punjab, Haryana, Uttar Pradesh and the hill states.",
    { region: "north", sortOrder: 1 },
  ),
  pdf(
    "escalation",
    "escalation",
    "south",
    "Escalation Matrix: South",
    "Karnataka, Tamil Nadu, Kerala, Telangana and Andhra Pradesh.",
    { region: "south", sortOrder: 2 },
  ),
  pdf(
    "escalation",
    "escalation",
    "west",
    "Escalation Matrix: West",
    "Maharashtra, Gujarat, Goa and Rajasthan.",
    { region: "west", sortOrder: 3 },
  ),
  pdf(
    "escalation",
    "escalation",
    "east",
    "Escalation Matrix: East",
    "West Bengal, Odisha, Bihar, Jharkhand and the North East.",
    { region: "east", sortOrder: 4 },
  ),
  pdf(
    "vmEbook",
    "vm-ebook",
    "winter-2026",
    "VM E-book: Winter 2026",
    "Window, table and wall layouts for the winter range.",
  ),
  pdf(
    "vmEbook",
    "vm-ebook",
    "store-launch-kit",
    "VM E-book: Store Launch Kit",
    "Fixtures, zoning and signage for a new store.",
  ),
  pdf(
    "lookbook",
    "lookbooks",
    "winter-2026",
    "Winter 2026 Lookbook",
    "Jackets, sweaters and thermals for 0-12 years.",
    { posterKey: "demo/lookbooks/winter-2026-cover.png" },
  ),
  pdf(
    "lookbook",
    "lookbooks",
    "festive-2026",
    "Festive 2026 Lookbook",
    "Ethnic wear and party wear for the festive season.",
    { posterKey: "demo/lookbooks/festive-2026-cover.png" },
  ),
  pdf(
    "lookbook",
    "lookbooks",
    "newborn-essentials",
    "Newborn Essentials Lookbook",
    "Layette, swaddles and gifting sets.",
    { posterKey: "demo/lookbooks/newborn-essentials-cover.png" },
  ),
  pdf(
    "lookbook",
    "lookbooks",
    "summer-2027-preview",
    "Summer 2027 Preview",
    "Cottons, shorts and sun hats arriving in March.",
    { posterKey: "demo/lookbooks/summer-2027-preview-cover.png" },
  ),
  ...[
    "Story Time",
    "Play Zone",
    "New Arrivals Wall",
    "Festive Window",
    "Baby Care Aisle",
    "Checkout Counter",
  ].map(
    (title, i): Row => ({
      kind: "trainingGallery",
      title,
      description: "From the last store training",
      storageKey: `demo/training-gallery/${i + 1}.png`,
      contentType: "image/png",
      sizeBytes: 0,
      sortOrder: i + 1,
    }),
  ),
  ...(["Hindi", "Tamil"] as const).flatMap((language, l) => [
    ...["Winter Collection", "Festive Offers"].map(
      (name, i): Row => ({
        kind: "tvc",
        title: `${name} TV Commercial (${language})`,
        description: "2.5-second clip (MP4: H.264 and AAC) with its poster",
        storageKey: `demo/tvc/${language.toLowerCase()}-${i + 1}.mp4`,
        posterKey: `demo/tvc/${language.toLowerCase()}-${i + 1}-poster.png`,
        contentType: "video/mp4",
        sizeBytes: 0,
        language,
        sortOrder: l * 10 + i + 1,
      }),
    ),
    ...["Morning Playlist", "Weekend Playlist"].map(
      (name, i): Row => ({
        kind: "storeMusic",
        title: `Store Music: ${name} (${language})`,
        description: "In-store music, loop during store hours",
        storageKey: `demo/store-music/${language.toLowerCase()}-${i + 1}.wav`,
        contentType: "audio/wav",
        sizeBytes: 0,
        language,
        sortOrder: l * 10 + i + 1,
      }),
    ),
  ]),
];

const EVENTS = [
  {
    title: "New Season Product Knowledge",
    category: "Product",
    trainer: "Anita Rao",
    mode: "Online",
    location: "Video call",
  },
  {
    title: "Visual Merchandising Basics",
    category: "VM",
    trainer: "Rahul Mehta",
    mode: "Classroom",
    location: "Mumbai office",
  },
  {
    title: "POS 4.2: What's New",
    category: "Systems",
    trainer: "Kiran Shah",
    mode: "Online",
    location: "Video call",
  },
  {
    title: "Customer Service Excellence",
    category: "Service",
    trainer: "Priya Nair",
    mode: "Classroom",
    location: "Bengaluru office",
  },
  {
    title: "Inventory & Reordering with Order Assist",
    category: "Operations",
    trainer: "Vikram Singh",
    mode: "Online",
    location: "Video call",
  },
  {
    title: "Baby Care Category Deep Dive",
    category: "Product",
    trainer: "Meera Iyer",
    mode: "Classroom",
    location: "Chennai office",
  },
];

/** Training: events from next week to 11 months ahead (one in the past), categories, assessments, results. */
export async function seedContent(tx: Tx, userIds: ReadonlyMap<string, number>, now: Date, base: Date) {
  await tx.insert(contentFiles).values([...DEMO_CONTENT]);
  const today = indiaDay(now);
  const day = (offsetDays: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offsetDays);
    return d.toISOString().slice(0, 10);
  };
  // Ten events: one last month (not in the default range), eight within the year, one beyond it.
  const offsets = [-20, 3, 10, 24, 45, 75, 120, 180, 300, 400];
  await tx.insert(trainingEvents).values(
    offsets.map((offset, i) => {
      const e = EVENTS[i % EVENTS.length] as (typeof EVENTS)[number];
      return { ...e, eventDate: day(offset), startTime: i % 2 ? "15:00" : "11:00", seats: 20 + (i % 3) * 10 };
    }),
  );
  // Each topic links to the catalogue subcategories it teaches (ids from catalogue-data.ts); its
  // picture is chosen by the server from the products of that listing (the category's drawing until then).
  const ITEMS: { category: string; categoryId: number; topic: string; subcategories: number[] }[] = [
    { category: "Boys Clothing", categoryId: 6, topic: "Winter Wear", subcategories: [606] },
    { category: "Girls Clothing", categoryId: 21, topic: "Ethnic Wear", subcategories: [2104] },
    { category: "Footwear", categoryId: 22, topic: "First Walkers", subcategories: [2204] },
    { category: "Toys & Gaming", categoryId: 4, topic: "Learning Toys", subcategories: [407] },
    { category: "Baby Gear", categoryId: 5, topic: "Strollers & Prams", subcategories: [501] },
    { category: "Bath & Skin Care", categoryId: 3, topic: "Skin Care", subcategories: [301, 304] },
    { category: "Feeding & Nursing", categoryId: 2, topic: "Bottles & Sippers", subcategories: [201, 202] },
    { category: "Nursery & Furniture", categoryId: 9, topic: "Cribs & Cots", subcategories: [901] },
  ];
  await tx.insert(trainingItems).values(
    ITEMS.map((item, i) => ({
      category: item.category,
      subcategory: item.topic,
      image: `/api/images/categories/${item.categoryId}.svg`,
      productsLink: `/products/listing?subcategories=${item.subcategories.join(",")}`,
      sortOrder: i + 1,
    })),
  );
  const assessmentRows = await tx
    .insert(assessments)
    .values([
      {
        title: "Product Knowledge: Winter 2026",
        category: "Product",
        questions: ASSESSMENT_QUESTIONS["Product Knowledge: Winter 2026"]?.length ?? 0,
        durationMinutes: 30,
        dueOn: addMonths(today, 1),
      },
      {
        title: "Visual Merchandising Basics",
        category: "VM",
        questions: ASSESSMENT_QUESTIONS["Visual Merchandising Basics"]?.length ?? 0,
        durationMinutes: 20,
        dueOn: addMonths(today, 2),
      },
      {
        title: "POS Billing and Returns",
        category: "Systems",
        questions: ASSESSMENT_QUESTIONS["POS Billing and Returns"]?.length ?? 0,
        durationMinutes: 15,
        dueOn: addMonths(today, -1),
      },
      {
        title: "Customer Service",
        category: "Service",
        questions: ASSESSMENT_QUESTIONS["Customer Service"]?.length ?? 0,
        durationMinutes: 20,
        dueOn: addMonths(today, -2),
      },
    ])
    .returning({ id: assessments.id, title: assessments.title, questions: assessments.questions });
  await tx
    .insert(assessmentQuestions)
    .values(
      assessmentRows.flatMap((a) =>
        (ASSESSMENT_QUESTIONS[a.title] ?? []).map((q, i) => ({ assessmentId: a.id, position: i + 1, ...q })),
      ),
    );
  const results: (typeof assessmentResults.$inferInsert)[] = [];
  for (const [u, email] of [
    "franchisee@demo.in",
    "stockist@demo.in",
    "kiosk@demo.in",
    "coco@demo.in",
  ].entries()) {
    const userId = userIds.get(email);
    if (userId === undefined) continue;
    for (const [a, assessment] of assessmentRows.entries()) {
      if (a < 2 && u !== 0) continue; // the franchisee has taken all four; the others the last two
      results.push({
        userId,
        assessmentId: assessment.id,
        total: assessment.questions,
        score: Math.max(1, assessment.questions - ((u + a * 3) % 6)),
        takenOn: addMonths(indiaDay(base), -(a + 1)),
        storageKey: `demo/results/${userId}-${assessment.id}.pdf`,
      });
    }
  }
  await tx.insert(assessmentResults).values(results);

  // Artwork orders of the franchisee: 22 (two pages of 20), newest first.
  const franchisee = userIds.get("franchisee@demo.in");
  if (franchisee !== undefined) {
    const kinds = [
      {
        type: "Banner",
        subType: "Flex",
        unit: "Feet",
        size: "Large",
        bHeight: "3.00",
        bWidth: "8.00",
        cat: "Sale & Offers",
      },
      {
        type: "Standee",
        subType: "Roll-up",
        unit: "Feet",
        size: "Standard",
        bHeight: "6.00",
        bWidth: "2.50",
        cat: "Store Launch",
      },
      {
        type: "Poster",
        subType: "Paper",
        unit: "Inches",
        size: "Medium",
        bHeight: "24.00",
        bWidth: "18.00",
        cat: "Festive Campaign",
      },
      {
        type: "Leaflet",
        subType: "Double sided",
        unit: "A4/A5",
        size: "A5",
        bHeight: null,
        bWidth: null,
        cat: "Store Launch",
      },
      {
        type: "Window Vinyl",
        subType: "Frosted",
        unit: "cm",
        size: "Custom",
        bHeight: "120.00",
        bWidth: "240.00",
        cat: "Window Display",
      },
    ];
    const statuses = [
      "Delivered",
      "Delivered",
      "Dispatched",
      "Printing",
      "In Design",
      "Pending",
      "Cancelled",
    ];
    await tx.insert(artworks).values(
      Array.from({ length: 22 }, (_, i) => {
        const at = new Date(base.getTime() - (22 - i) * 6 * 86_400_000);
        return {
          userId: franchisee,
          ...(kinds[i % kinds.length] as (typeof kinds)[number]),
          address: "Shop 12, Palm Court, Baner Road, Pune 411045",
          status: i >= 20 ? "Pending" : (statuses[i % statuses.length] as string),
          createdAt: at,
          updatedAt: at,
        };
      }),
    );
  }
}
