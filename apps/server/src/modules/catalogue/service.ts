import type { CategoryTile, GstRate, MenuCategory } from "@portal/contracts";
import { FOOD_CATEGORY_NAMES, foodLicenceAllows, passesRules, type RuleSet } from "@portal/domain";
import type { Db } from "../../db/client";
import * as repo from "./repo";
import { type Viewer as CatalogueViewer, visibleTo } from "./viewer";

interface Viewer {
  hasFoodLicense: boolean;
}

export function createCatalogueService(deps: { db: Db }) {
  return {
    async gstRates(): Promise<GstRate[]> {
      const rows = await repo.allGstRates(deps.db);
      return rows.map((r) => ({ HSNCode: r.hsnCode, CGST: r.cgst, SGST: r.sgst, IGST: r.igst }));
    },

    /**
     * The navbar menu. Food-licence users see only the two food categories (the spec's rule);
     * users without the licence never see the food subcategories 79 and 815.
     */
    async menu(viewer: Viewer, rules: readonly RuleSet[]): Promise<MenuCategory[]> {
      const rows = await repo.menuRows(deps.db);
      const menu = new Map<number, MenuCategory>();
      for (const row of rows) {
        if (viewer.hasFoodLicense && !(FOOD_CATEGORY_NAMES as readonly string[]).includes(row.categoryName))
          continue;
        if (!passesRules(rules, { categoryId: row.categoryId })) continue;
        let entry = menu.get(row.categoryId);
        if (!entry) {
          entry = { id: row.categoryId, name: row.categoryName, subcategories: [] };
          menu.set(row.categoryId, entry);
        }
        if (row.subcategoryId === null || row.subcategoryName === null) continue;
        if (!foodLicenceAllows(viewer, row.subcategoryId)) continue;
        if (!passesRules(rules, { categoryId: row.categoryId, subcategoryId: row.subcategoryId })) continue;
        entry.subcategories.push({ id: row.subcategoryId, name: row.subcategoryName });
      }
      return [...menu.values()].filter((c) => c.subcategories.length > 0);
    },

    /**
     * Category tiles of the home screen with how many products each offers the caller: the listing's
     * visibility (mapping, food licence, and every rule, brands and types included), counted in SQL.
     */
    async categoriesForHome(viewer: CatalogueViewer): Promise<CategoryTile[]> {
      const { categories, counts } = await repo.categoryCounts(deps.db, visibleTo(viewer));
      const perCategory = new Map(counts.map((row) => [row.categoryId, Number(row.count)]));
      return categories
        .map((c) => ({
          id: c.id,
          name: c.name,
          imageUrl: `/api/images/categories/${c.id}.svg`,
          productCount: perCategory.get(c.id) ?? 0,
        }))
        .filter((t) => t.productCount > 0);
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
