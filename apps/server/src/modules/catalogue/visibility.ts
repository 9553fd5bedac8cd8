import {
  DROPSHIP_STOCK_TYPES,
  FOOD_SUBCATEGORY_IDS,
  OWNED_STOCK_TYPES,
  type RuleSet,
  type WarehouseType,
} from "@portal/domain";
import { and, eq, inArray, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import { products } from "../../db/schema";

/**
 * The spec's product visibility as one SQL condition on `products` (the same rule as the domain's
 * hiddenReason, which the tests hold it to): active, margin and current stock above 0, stocked above 0
 * at its MRP in one of `warehouseIds` (the trigger-kept stocked_warehouse_ids, GIN-indexed), food
 * subcategories only with the licence, and the rules.
 */
export function visibleCondition(input: {
  warehouseIds: readonly number[];
  hasFoodLicense: boolean;
  rules: readonly RuleSet[];
  whType?: WarehouseType;
}): SQL {
  if (input.warehouseIds.length === 0) return sql`false`;
  const conditions: (SQL | undefined)[] = [
    eq(products.b2bIsActive, true),
    sql`${products.retailerMargin} > 0`,
    sql`${products.currentStock} > 0`,
    sql`${products.stockedWarehouseIds} && ARRAY[${sql.join(
      input.warehouseIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::integer[]`,
  ];
  if (input.whType === "owned") conditions.push(inArray(products.stockType, [...OWNED_STOCK_TYPES]));
  if (input.whType === "dropship") conditions.push(inArray(products.stockType, [...DROPSHIP_STOCK_TYPES]));
  if (!input.hasFoodLicense) conditions.push(notInArray(products.subcategoryId, [...FOOD_SUBCATEGORY_IDS]));
  for (const rule of input.rules) conditions.push(ruleCondition(rule));
  return and(...conditions) ?? sql`true`;
}

/** Mirrors the domain's passesRules. */
function ruleCondition(rule: RuleSet): SQL | undefined {
  const types = rule.subcategoryTypes;
  if (rule.type === "block") {
    return and(
      rule.categories.length ? notInArray(products.categoryId, [...rule.categories]) : undefined,
      rule.subcategories.length ? notInArray(products.subcategoryId, [...rule.subcategories]) : undefined,
      rule.brands.length ? notInArray(products.brandId, [...rule.brands]) : undefined,
      types.length
        ? or(isNull(products.subcategoryTypeId), notInArray(products.subcategoryTypeId, [...types]))
        : undefined,
    );
  }
  return and(
    rule.categories.length || rule.subcategories.length
      ? or(
          rule.categories.length ? inArray(products.categoryId, [...rule.categories]) : undefined,
          rule.subcategories.length ? inArray(products.subcategoryId, [...rule.subcategories]) : undefined,
        )
      : undefined,
    rule.brands.length ? inArray(products.brandId, [...rule.brands]) : undefined,
    types.length ? inArray(products.subcategoryTypeId, [...types]) : undefined,
  );
}
