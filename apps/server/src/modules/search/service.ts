import type { SuggestionsResponse } from "@portal/contracts";
import { brandAllowed, foodLicenceAllows, passesRules, productImageUrl, toSuggestText } from "@portal/domain";
import { and, desc, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { brands, categories, subcategories } from "../../db/schema";
import { TtlCache } from "../../lib/ttl-cache";
import {
  type CatalogueCacheOptions,
  type ListingService,
  type Viewer,
  viewerAnswerKey,
  visibleRows,
  warehouseIdsFor,
} from "../catalogue/public";
import * as repo from "./repo";

const EMPTY: SuggestionsResponse = { products: [], categories: [], brands: [] };

/** Names matching every word, each word as a prefix of a word in the name or close to it by trigram. */
function nameMatches(column: SQL, words: readonly string[]): SQL {
  return and(
    ...words.map((w) => or(sql`lower(${column}) ~ ${`(^|[^a-z0-9])${w}`}`, sql`lower(${column}) % ${w}`)),
  ) as SQL;
}

/** Suggestions for a prefix live longer than listing answers: they show names and a price hint. */
const SUGGESTION_CACHE_FACTOR = 6;

export function createSearchService(deps: { db: Db; listing: ListingService } & CatalogueCacheOptions) {
  const { db } = deps;
  const answers = new TtlCache<Promise<SuggestionsResponse>>(
    (deps.answerCacheMs ?? 0) * SUGGESTION_CACHE_FACTOR,
    5000,
  );
  return {
    /** Suggestions from 3 characters: visible products (an id typed in full first), categories and brands. */
    suggestions(viewer: Viewer, text: string): Promise<SuggestionsResponse> {
      return answers.getOrCompute(viewerAnswerKey(viewer, text.trim().toLowerCase()), () =>
        compute(viewer, text),
      );
    },
  };

  async function compute(viewer: Viewer, text: string): Promise<SuggestionsResponse> {
    const cleaned = toSuggestText(text);
    if (!cleaned) return EMPTY;
    const words = repo.searchWordsOf(cleaned);
    const corrected = await repo.correctWords(db, words);
    const warehouseIds = warehouseIdsFor(viewer, "all");
    const snapshot = await deps.listing.index.fresh();
    const { bits: visible } = visibleRows(snapshot, {
      warehouseIds,
      hasFoodLicense: viewer.hasFoodLicense,
      rules: viewer.rules,
      whType: "all",
    });
    const [matched, categoryRows, subcategoryRows, brandRows] = await Promise.all([
      deps.listing.matcher.find(snapshot, corrected),
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
    // What the product is named for first (diapers before diaper bags for "daiper"), then best sellers.
    const productIds: number[] = [];
    for (const i of matched.ordered("bestSeller")) {
      const row = matched.rows[i]!;
      if (visible[row] !== 1) continue;
      productIds.push(snapshot.productId[row]!);
      if (productIds.length === 8) break;
    }
    const found = await deps.listing.present(productIds, viewer, warehouseIds, snapshot);
    const subcategoryIds = subcategoryRows.map((s) => s.id);
    return {
      products: found.map((p) => ({
        id: p.id,
        name: p.name,
        image: productImageUrl(p.id),
        brand: p.brand.name,
        // a kiosk guest's product has no wholesale price to hint at
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
          .filter((s) => subcategoryIds.includes(s.id))
          .map((s) => ({ id: s.id, name: s.name, kind: "subcategory" as const })),
      ].slice(0, 6),
      brands: brandRows.filter((b) => brandAllowed(viewer.rules, b.id)),
    };
  }
}
export type SearchService = ReturnType<typeof createSearchService>;
