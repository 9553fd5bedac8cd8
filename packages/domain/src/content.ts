/**
 * The content library (policies, release notes, brand contacts, escalation matrix, VM e-book,
 * training, lookbooks, TV commercials and store music) and artwork orders: rules written once for
 * server and web.
 */
import { addMonths, normaliseLoadRange } from "./account";
import { isCalendarDay } from "./calendar";
import { indiaDay } from "./format";
import { contentMessages, messages } from "./messages";
import { toSearchString } from "./search";

// ---- Files and signed addresses ----

/** What a file of the library is: each kind has its own screen. */
export const CONTENT_KINDS = [
  "policy",
  "releaseNote",
  "brandContact",
  "escalation",
  "vmEbook",
  "trainingGallery",
  "trainingMaterial",
  "lookbook",
  "tvc",
  "storeMusic",
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** The escalation matrix has one PDF per region. */
export const ESCALATION_REGIONS = ["north", "south", "west", "east"] as const;
export type EscalationRegion = (typeof ESCALATION_REGIONS)[number];

/** The training gallery shows six images. */
export const TRAINING_GALLERY_SIZE = 6;

/** A signed address is good for this long. */
export const SIGNED_URL_TTL_SECONDS = 300;

/** Largest content file staff may upload (20 MB). */
export const CONTENT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** What each kind of file may be (judged by its content). */
export const CONTENT_MIME_BY_KIND: Readonly<Record<ContentKind, readonly string[]>> = {
  policy: ["application/pdf"],
  releaseNote: ["application/pdf"],
  brandContact: ["application/pdf"],
  escalation: ["application/pdf"],
  vmEbook: ["application/pdf"],
  trainingGallery: ["image/png", "image/jpeg", "image/webp"],
  trainingMaterial: ["application/pdf"],
  lookbook: ["application/pdf", "image/png", "image/jpeg"],
  tvc: ["video/mp4", "video/webm", "audio/wav", "audio/vnd.wave", "audio/mpeg", "audio/x-wav"],
  storeMusic: ["audio/wav", "audio/vnd.wave", "audio/mpeg", "audio/x-wav"],
};

/** The kinds opened as documents (getUrl, read in a new window): the PDF-only kinds. */
export const CONTENT_DOCUMENT_KINDS: readonly ContentKind[] = [
  "policy",
  "releaseNote",
  "brandContact",
  "escalation",
  "vmEbook",
  "trainingMaterial",
];

/** Clips (commercials and store music) and gallery images play a while: their addresses last an hour. */
export const MEDIA_URL_TTL_SECONDS = 3600;

const WAV_MIMES: readonly string[] = ["audio/wav", "audio/vnd.wave", "audio/x-wav"];
/** The content type a stored file is served with: every WAV flavour as audio/wav. */
export const contentTypeOf = (detectedMime: string): string =>
  WAV_MIMES.includes(detectedMime) ? "audio/wav" : detectedMime;

/** Kinds that come in a language (Tamil or Hindi clips). */
export const CLIP_KINDS: readonly ContentKind[] = ["tvc", "storeMusic"];
export const isClipKind = (kind: ContentKind) => CLIP_KINDS.includes(kind);

/**
 * What a staff upload lacks (null: nothing): the escalation matrix is one PDF per region, clips are
 * one per language.
 */
export function contentUploadProblem(f: {
  kind: ContentKind;
  region?: string | null | undefined;
  language?: string | null | undefined;
}): string | null {
  if (f.kind === "escalation" && !f.region) return contentMessages.chooseRegion;
  if (isClipKind(f.kind) && !f.language) return contentMessages.chooseLanguage;
  return null;
}

// ---- TV commercials and store music ----

export const CLIP_LANGUAGES = ["Tamil", "Hindi"] as const;
export type ClipLanguage = (typeof CLIP_LANGUAGES)[number];

/** Tamil Nadu users get the Tamil clips; everyone else the Hindi clips. */
export function clipLanguageFor(state: string | null | undefined): ClipLanguage {
  const s = (state ?? "").toLowerCase().replace(/[^a-z]/g, "");
  return s === "tamilnadu" ? "Tamil" : "Hindi";
}

// ---- Training ----

export interface DayRange {
  fromDate: string;
  toDate: string;
}

/**
 * The training event range: today through one year ahead by default; a to-date earlier than the
 * from-date is cleared (and the default year after the from-date applies).
 */
export function trainingRange(
  input: { fromDate?: string | null | undefined; toDate?: string | null | undefined },
  now: Date = new Date(),
): DayRange {
  const fromDate = input.fromDate && isCalendarDay(input.fromDate) ? input.fromDate : indiaDay(now);
  const [, given] = normaliseLoadRange(
    fromDate,
    input.toDate && isCalendarDay(input.toDate) ? input.toDate : null,
  );
  const toDate = given ?? addMonths(fromDate, 12);
  return { fromDate, toDate };
}

// ---- Links from content into the catalogue ----

/** What a content link lists: catalogue categories and subcategories (ids), or the words of a search. */
export interface CatalogueLink {
  categories: number[];
  subcategories: number[];
  search: string | null;
}

const idList = (value: string | null): number[] =>
  (value ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter((v) => /^\d{1,9}$/.test(v) && Number(v) > 0)
    .map(Number);

/**
 * What a stored "see the products" link lists, or null when it names nothing the catalogue can list.
 * Understood: the listing with its category filters (`/products/listing?categories=6&subcategories=606,2104`)
 * and a search (`/products/search/{words}`); an older `/listing?q={words}` (which no screen answers) is
 * read as the search for its words.
 */
export function catalogueLinkOf(link: string): CatalogueLink | null {
  const text = link.trim();
  // Only addresses of this app: a path, never another site's address.
  if (!text.startsWith("/") || text.startsWith("//")) return null;
  const [pathPart = "", queryPart = ""] = text.split("#")[0]?.split("?") ?? [];
  const path = pathPart.replace(/\/+$/, "");
  const params = new Map<string, string>();
  for (const pair of queryPart.split("&")) {
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const value = decoded(pair.slice(at + 1).replace(/\+/g, " "));
    if (value !== null) params.set(pair.slice(0, at), value);
  }
  if (path === "/products/listing" || path === "/home/products/listing") {
    const categories = idList(params.get("categories") ?? null);
    const subcategories = idList(params.get("subcategories") ?? null);
    return categories.length + subcategories.length > 0 ? { categories, subcategories, search: null } : null;
  }
  const searched = /^\/products\/search\/([^/]+)$/.exec(path)?.[1];
  const words =
    searched !== undefined
      ? decoded(searched)
      : path === "/listing" || path === "/search"
        ? (params.get("q") ?? null)
        : null;
  const search = words ? toSearchString(words) : "";
  return search ? { categories: [], subcategories: [], search } : null;
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The listing address of a catalogue link, as the listing screen reads it (ids in ascending order). */
export function cataloguePathOf(link: CatalogueLink): string {
  if (link.search) return `/products/search/${encodeURIComponent(link.search)}`;
  const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b).join(",");
  const parts: string[] = [];
  if (link.categories.length > 0) parts.push(`categories=${sorted(link.categories)}`);
  if (link.subcategories.length > 0) parts.push(`subcategories=${sorted(link.subcategories)}`);
  return `/products/listing?${parts.join("&")}`;
}

/**
 * A training topic's "See the products" address: a real listing for what its stored link names, or
 * the search for the topic's own name when the link names nothing the catalogue can list.
 */
export function trainingProductsPath(productsLink: string, topic: string): string {
  const link = catalogueLinkOf(productsLink);
  if (link) return cataloguePathOf(link);
  return cataloguePathOf({ categories: [], subcategories: [], search: toSearchString(topic) || "new" });
}

// ---- Lookbooks ----

/** How many of a lookbook's products its page shows (the rest are one link away, in the listing). */
export const LOOKBOOK_PRODUCTS_SHOWN = 12;

/**
 * A lookbook's collection: the catalogue subcategories its season or theme is drawn from, found
 * from the words of its title (then its description). The first theme named wins; a lookbook that
 * names none has no products of its own (its file is still listed and downloaded).
 */
export const LOOKBOOK_THEMES: readonly { words: readonly string[]; subcategories: readonly number[] }[] = [
  // Winterwear, socks & tights, caps & hats
  { words: ["winter", "woollen", "woolen"], subcategories: [606, 1201, 1202] },
  // Ethnic wear, sets & suits, infant dresses & sets
  { words: ["festive", "ethnic", "diwali", "wedding"], subcategories: [2104, 604, 2107] },
  // Infant rompers & bodysuits, infant dresses & sets, blankets & swaddles
  { words: ["newborn", "layette", "infant"], subcategories: [607, 2107, 903] },
  // T-shirts, shorts & trousers, skirts & shorts, caps & hats
  { words: ["summer", "cotton"], subcategories: [601, 603, 2105, 1202] },
  // Casual, sports and school shoes
  { words: ["footwear", "shoes"], subcategories: [2201, 2203, 2206] },
  // School bags, lunch boxes & bottles, stationery
  { words: ["school", "back to school"], subcategories: [1001, 1002, 1003] },
];

/** The subcategories of a lookbook's collection (empty when its words name no theme). */
export function lookbookSubcategories(book: { title: string; description?: string | null }): number[] {
  const wordsOf = (text: string) => ` ${text.toLowerCase().replace(/[^a-z]+/g, " ")} `;
  for (const text of [book.title, book.description ?? ""]) {
    const words = wordsOf(text);
    const theme = LOOKBOOK_THEMES.find((t) => t.words.some((w) => words.includes(` ${w} `)));
    if (theme) return [...theme.subcategories];
  }
  return [];
}

// ---- Store music ----

/** The track a playlist plays after track `index` of `count`: the next one, and after the last the first. */
export const nextTrackIndex = (index: number, count: number): number =>
  count <= 0 ? 0 : (((index + 1) % count) + count) % count;

/** An assessment result's score as a whole percentage. */
export const resultPercent = (score: number, total: number): number =>
  total > 0 ? Math.round((score / total) * 100) : 0;

// ---- Artworks ----

/** Units of an artwork's size. */
export const ARTWORK_UNITS = ["cm", "Feet", "Inches", "A4/A5"] as const;
export type ArtworkUnit = (typeof ARTWORK_UNITS)[number];

/** The artwork list shows 20 a page. */
export const ARTWORK_PAGE_SIZE = 20;

/** The leaflet is the one artwork type that needs no height or width. */
export const LEAFLET = "Leaflet";

/** The artwork category grid (cat) and, per type, its sub-types and sizes. */
export const ARTWORK_CATEGORIES = [
  { key: "In-Store Branding", description: "Shelf strips, wall panels and cash-counter branding" },
  { key: "Window Display", description: "Window vinyls and seasonal window themes" },
  { key: "Festive Campaign", description: "Diwali, Christmas and regional festival creatives" },
  { key: "Store Launch", description: "Opening banners, standees and invitation leaflets" },
  { key: "Sale & Offers", description: "End-of-season sale and offer communication" },
  { key: "Outdoor", description: "Glow-sign boards, flex and hoardings" },
] as const;
export type ArtworkCategory = (typeof ARTWORK_CATEGORIES)[number]["key"];

export const ARTWORK_TYPES = [
  { type: "Banner", subTypes: ["Flex", "Vinyl", "Fabric"], sizes: ["Small", "Medium", "Large", "Custom"] },
  { type: "Standee", subTypes: ["Roll-up", "Cut-out"], sizes: ["Standard", "Custom"] },
  { type: "Poster", subTypes: ["Paper", "Backlit"], sizes: ["Small", "Medium", "Large", "Custom"] },
  { type: "Window Vinyl", subTypes: ["One-way vision", "Frosted", "Printed"], sizes: ["Custom"] },
  { type: LEAFLET, subTypes: ["Single sided", "Double sided"], sizes: ["A4", "A5"] },
] as const;
export type ArtworkType = (typeof ARTWORK_TYPES)[number]["type"];

export const ARTWORK_STATUSES = [
  "Pending",
  "In Design",
  "Printing",
  "Dispatched",
  "Delivered",
  "Cancelled",
] as const;
export type ArtworkStatus = (typeof ARTWORK_STATUSES)[number];

export interface ArtworkOrderInput {
  type?: string | null | undefined;
  subType?: string | null | undefined;
  unit?: string | null | undefined;
  cat?: string | null | undefined;
  size?: string | null | undefined;
  bHeight?: string | number | null | undefined;
  bWidth?: string | number | null | undefined;
  address?: string | null | undefined;
}

const filled = (v: string | null | undefined) => typeof v === "string" && v.trim() !== "";
/** A height or width: a positive number (given as a number or as text). */
export function artworkDimension(v: string | number | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  const text = String(v).trim();
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

/**
 * The spec's rule: every field is required, except that a Leaflet needs no height or width;
 * otherwise height and width must be numbers and the address non-empty. The type, sub-type, unit,
 * category and size must be ones the portal offers. Null when the order may be placed, else the
 * spec's message.
 */
export function artworkOrderProblem(o: ArtworkOrderInput): string | null {
  const required = messages.artworkRequiredFields;
  if (!filled(o.type) || !filled(o.subType) || !filled(o.unit) || !filled(o.cat) || !filled(o.size))
    return required;
  if (!filled(o.address)) return required;
  const type = ARTWORK_TYPES.find((t) => t.type === o.type);
  if (!type) return required;
  if (!(type.subTypes as readonly string[]).includes(o.subType as string)) return required;
  if (!(type.sizes as readonly string[]).includes(o.size as string)) return required;
  if (!(ARTWORK_UNITS as readonly string[]).includes(o.unit as string)) return required;
  if (!ARTWORK_CATEGORIES.some((c) => c.key === o.cat)) return required;
  if (o.type === LEAFLET) return null;
  if (artworkDimension(o.bHeight) === null || artworkDimension(o.bWidth) === null) return required;
  return null;
}

/** The share of right answers an assessment is passed with (percent). */
export const ASSESSMENT_PASS_PERCENT = 60;

/** An assessment's score: the right answers, of how many, the percent (rounded) and whether it passes. */
export function scoreAssessment(
  questions: readonly { id: number; answer: number }[],
  answers: ReadonlyMap<number, number>,
): { score: number; total: number; percent: number; passed: boolean; correct: Map<number, boolean> } {
  const correct = new Map(questions.map((q) => [q.id, answers.get(q.id) === q.answer]));
  const score = [...correct.values()].filter(Boolean).length;
  const total = questions.length;
  const percent = resultPercent(score, total);
  return { score, total, percent, passed: percent >= ASSESSMENT_PASS_PERCENT, correct };
}
