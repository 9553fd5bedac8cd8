import type { SuggestionsResponse } from "@portal/contracts";
import {
  brandAllowed,
  foodLicenceAllows,
  passesRules,
  productImageUrl,
  type RuleSet,
  toSuggestText,
} from "@portal/domain";
import { and, desc, or, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { brands, categories, subcategories } from "../../db/schema";
import { createTestWorld, type TestWorld } from "../../test/harness";
import {
  createListingService,
  type ListingService,
  type Viewer,
  visibleRows,
  warehouseIdsFor,
} from "../catalogue/public";
import { createSearchMatcher } from "./matches";
import { correctWords, searchWordsOf } from "./repo";
import { createSearchService } from "./service";
import { similarityOf, trigramsOf } from "./vocabulary";

/**
 * Suggestions answer from the vocabulary and names held per catalogue epoch (vocabulary.ts): the same
 * answers, byte for byte, as the SQL they replace (kept here as it was) for random texts and viewers,
 * and the trigram similarity is pg_trgm's to the last bit.
 */
let world: TestWorld;
let db: Db;
let listing: ListingService;
let search: ReturnType<typeof createSearchService>;

let seed = 20261127;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

beforeAll(async () => {
  world = await createTestWorld({ products: 1500 });
  db = world.database.db as Db;
  listing = createListingService({
    db,
    search: { wordsOf: searchWordsOf, correctWords, matcher: createSearchMatcher(db) },
    answerCacheMs: 0,
  });
  search = createSearchService({ db, listing, answerCacheMs: 0 });
});
afterAll(() => world.close());

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

/** The suggestions as they were computed before (several SQL queries a request). */
async function sqlSuggestions(viewer: Viewer, text: string): Promise<SuggestionsResponse> {
  const nameMatches = (column: SQL, words: readonly string[]) =>
    and(
      ...words.map((w) => or(sql`lower(${column}) ~ ${`(^|[^a-z0-9])${w}`}`, sql`lower(${column}) % ${w}`)),
    ) as SQL;
  const cleaned = toSuggestText(text);
  if (!cleaned) return { products: [], categories: [], brands: [] };
  const words = searchWordsOf(cleaned);
  const corrected = await correctWords(db, words);
  const warehouseIds = warehouseIdsFor(viewer, "all");
  const snapshot = await listing.index.fresh();
  const { bits: visible } = visibleRows(snapshot, {
    warehouseIds,
    hasFoodLicense: viewer.hasFoodLicense,
    rules: viewer.rules,
    whType: "all",
  });
  const [matched, categoryRows, subcategoryRows, brandRows] = await Promise.all([
    listing.matcher.find(snapshot, corrected),
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(nameMatches(sql`${categories.name}`, corrected))
      .limit(10),
    db
      .select({ id: subcategories.id, name: subcategories.name, categoryId: subcategories.categoryId })
      .from(subcategories)
      .where(nameMatches(sql`${subcategories.name}`, corrected))
      .limit(10),
    db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(nameMatches(sql`${brands.name}`, corrected))
      .orderBy(desc(brands.isPrivateLabel), brands.name)
      .limit(5),
  ]);
  const productIds: number[] = [];
  for (const i of matched.ordered("bestSeller")) {
    const row = matched.rows[i]!;
    if (visible[row] !== 1) continue;
    productIds.push(snapshot.productId[row]!);
    if (productIds.length === 8) break;
  }
  const found = await listing.present(productIds, viewer, warehouseIds, snapshot);
  return {
    products: found.map((p) => ({
      id: p.id,
      name: p.name,
      image: productImageUrl(p.id),
      brand: p.brand.name,
      ...(p.pricing ? { netCost: p.pricing.netCost } : {}),
    })),
    categories: [
      ...categoryRows
        .filter((c) => passesRules(viewer.rules, { categoryId: c.id }))
        .map((c) => ({ ...c, kind: "category" as const })),
      ...subcategoryRows
        .filter(
          (s) =>
            foodLicenceAllows(viewer, s.id) &&
            passesRules(viewer.rules, { categoryId: s.categoryId, subcategoryId: s.id }),
        )
        .map((s) => ({ id: s.id, name: s.name, kind: "subcategory" as const })),
    ].slice(0, 6),
    brands: brandRows.filter((b) => brandAllowed(viewer.rules, b.id)),
  };
}

describe("suggestions from the held vocabulary and names", () => {
  it("equal the SQL's answers for random texts and viewers", async () => {
    const vocabulary = rowsOf<{ word: string }>(await db.execute(sql`SELECT word FROM search_words`)).map(
      (r) => r.word,
    );
    const warehouses = rowsOf<{ id: number; state: string; name: string }>(
      await db.execute(sql`SELECT id, state, name FROM warehouses ORDER BY id`),
    ).map((w) => ({ id: Number(w.id), state: w.state, name: w.name }));
    const ids = async (table: string) =>
      rowsOf<{ id: number }>(await db.execute(sql.raw(`SELECT id FROM ${table}`))).map((r) => Number(r.id));
    const [categoryIds, subcategoryIds, brandIds] = [
      await ids("categories"),
      await ids("subcategories"),
      await ids("brands"),
    ];
    const letters = "abcdefghijklmnopqrstuvwxyz";
    const mangle = (w: string) => {
      const r = rand();
      const at = Math.floor(rand() * w.length);
      if (r < 0.25 && w.length > 3) return w.slice(0, at) + w.slice(at + 1); // a letter left out
      if (r < 0.5 && w.length > 2) return w.slice(0, at) + (w[at + 1] ?? "") + w[at] + w.slice(at + 2); // swapped
      if (r < 0.7) return w.slice(0, at) + pick([...letters]) + w.slice(at + 1); // a wrong letter
      return w.slice(0, 3 + Math.floor(rand() * Math.max(1, w.length - 2))); // a prefix
    };
    const text = () => {
      const words = Array.from({ length: 1 + Math.floor(rand() * 2) }, () => mangle(pick(vocabulary)));
      const r = rand();
      if (r < 0.05) return String(Math.floor(rand() * 3000));
      if (r < 0.1) return Array.from({ length: 4 }, () => pick([...letters])).join("");
      return words.join(pick([" ", "  ", "-", " & "]));
    };
    const some = (xs: readonly number[], n: number) => Array.from({ length: n }, () => pick(xs));
    const viewer = (): Viewer => {
      const mapped = warehouses.filter(() => rand() < 0.6);
      const rules: RuleSet[] = [];
      if (rand() < 0.3)
        rules.push({
          type: "block",
          categories: some(categoryIds, 2),
          subcategories: some(subcategoryIds, 3),
          brands: some(brandIds, 3),
          subcategoryTypes: [],
        });
      if (rand() < 0.2)
        rules.push({
          type: "allow",
          categories: some(categoryIds, 3),
          subcategories: [],
          brands: [],
          subcategoryTypes: [],
        });
      return {
        userId: 1,
        hasFoodLicense: rand() < 0.5,
        enableARS: false,
        concept: null,
        shipToState: pick(warehouses).state,
        warehouses: mapped.length ? mapped : warehouses.slice(0, 1),
        rules,
        mrpOnly: rand() < 0.1,
      };
    };
    let withProducts = 0;
    let withNames = 0;
    for (let i = 0; i < 400; i++) {
      const v = viewer();
      const t = text();
      const before = await sqlSuggestions(v, t);
      const after = await search.suggestions(v, t);
      expect(JSON.stringify(after), t).toBe(JSON.stringify(before));
      if (before.products.length) withProducts++;
      if (before.categories.length + before.brands.length) withNames++;
    }
    // the texts found something often enough for the comparison to mean something
    expect(withProducts).toBeGreaterThan(100);
    expect(withNames).toBeGreaterThan(50);
  }, 300_000);

  it("computes pg_trgm's similarity to the last bit", async () => {
    const names = rowsOf<{ name: string }>(
      await db.execute(
        sql`SELECT name FROM categories UNION ALL SELECT name FROM subcategories UNION ALL SELECT name FROM brands`,
      ),
    ).map((r) => r.name);
    const words = rowsOf<{ word: string }>(
      await db.execute(sql`SELECT word FROM search_words LIMIT 300`),
    ).map((r) => r.word);
    const pairs = Array.from({ length: 300 }, () => [
      pick(names),
      pick(words).slice(0, 2 + Math.floor(rand() * 6)),
    ]);
    const result = rowsOf<{ s: number }>(
      await db.execute(
        sql`SELECT similarity(lower(a), b)::float8 AS s FROM unnest(${`{${pairs.map((p) => JSON.stringify(p[0])).join(",")}}`}::text[], ${`{${pairs.map((p) => JSON.stringify(p[1])).join(",")}}`}::text[]) WITH ORDINALITY AS x(a, b, n) ORDER BY n`,
      ),
    );
    pairs.forEach(([name, word], i) => {
      expect(similarityOf(trigramsOf(name!), trigramsOf(word!)), `${name} ~ ${word}`).toBe(
        Number(result[i]!.s),
      );
    });
  });
});
