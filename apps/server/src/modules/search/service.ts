import type { SuggestionsResponse } from "@portal/contracts";
import { brandAllowed, foodLicenceAllows, passesRules, productImageUrl, toSuggestText } from "@portal/domain";
import type { Db } from "../../db/client";
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
import { createSuggestionReferences } from "./vocabulary";

const EMPTY: SuggestionsResponse = { products: [], categories: [], brands: [] };

/** Suggestions for a prefix live longer than listing answers: they show names and a price hint. */
const SUGGESTION_CACHE_FACTOR = 6;

export function createSearchService(deps: { db: Db; listing: ListingService } & CatalogueCacheOptions) {
  const references = createSuggestionReferences(deps.db);
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
    const warehouseIds = warehouseIdsFor(viewer, "all");
    // The look is the one round trip: the vocabulary and the names are held per catalogue epoch, the
    // text matches per query and the cards per product (each while unchanged).
    const snapshot = await deps.listing.index.fresh();
    const reference = await references(snapshot.epoch);
    const corrected = reference.correct(words);
    const { bits: visible } = visibleRows(snapshot, {
      warehouseIds,
      hasFoodLicense: viewer.hasFoodLicense,
      rules: viewer.rules,
      whType: "all",
    });
    const matched = await deps.listing.matcher.find(snapshot, corrected);
    const {
      categories: categoryRows,
      subcategories: subcategoryRows,
      brands: brandRows,
    } = reference.names(corrected);
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
