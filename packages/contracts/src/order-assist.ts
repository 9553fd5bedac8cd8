/**
 * Order assist: the store's own sales, stock and orders, and the quantities it should reorder.
 * "asOf" is the store's latest sales date (its last point-of-sale sync); "from" the first day of
 * the window the sale is counted over (30 days for non-apparel, 7 for apparel). Both are null when
 * the store has reported no sales.
 */
import { APPAREL_CATEGORY_IDS } from "@portal/domain";
import { z } from "zod";
import { DbId } from "./catalogue";
import { Money } from "./common";

const MAX_ASSIST_IDS = 1000;

export const AssistCategoryParam = z.object({ cat: DbId("cat") });
/** The calls by type and price slab take an apparel category (others: 400, by the service). */
export const ApparelCategoryParam = z.object({
  cat: DbId("cat").meta({ enum: [...APPAREL_CATEGORY_IDS], description: "An apparel category" }),
});
export const AssistSubcategoryParam = z.object({ id: DbId("id") });

export const AssistProductIdsBody = z.object({
  productIds: z
    .array(DbId("product id"), { error: "productIds must be a list of product ids" })
    .min(1, "productIds: give at least one product id")
    .max(MAX_ASSIST_IDS, `at most ${MAX_ASSIST_IDS} product ids per request`),
});

const Window = {
  asOf: z.string().nullable(),
  from: z.string().nullable(),
  saleDays: z.number(),
};

/** GET /api/orderAssist/catTotal: the store's sale per category over 30 days, every category it may see. */
export const AssistCategoryTotals = z.object({
  ...Window,
  qty: z.number(),
  amount: Money,
  categories: z.array(
    z.object({
      categoryId: z.number(),
      name: z.string(),
      apparel: z.boolean(),
      qty: z.number(),
      amount: Money,
    }),
  ),
});

/** GET /api/orderAssist/sales (per category) and sales/{cat} (per subcategory of it): 30 days of sale. */
export const AssistSalesRow = z.object({ id: z.number(), name: z.string(), qty: z.number(), amount: Money });
export const AssistSales = z.object({
  ...Window,
  category: z.object({ id: z.number(), name: z.string() }).nullable(),
  rows: z.array(AssistSalesRow),
});

/** GET /api/orderAssist/stock (per category) and stock/{cat} (per subcategory): stock in hand and on order. */
export const AssistStockRow = z.object({
  id: z.number(),
  name: z.string(),
  stock: z.number(),
  /** Stock in hand at MRP. */
  value: Money,
  pending: z.number(),
  inTransit: z.number(),
});
export const AssistStock = z.object({
  category: z.object({ id: z.number(), name: z.string() }).nullable(),
  rows: z.array(AssistStockRow),
});

export const PriceSlabSchema = z.object({
  id: z.number(),
  label: z.string(),
  fromRupees: z.number(),
  toRupees: z.number().nullable(),
});
export const PriceSlabConfigResponse = z.object({ categoryId: z.number(), slabs: z.array(PriceSlabSchema) });

/** One cell of an apparel category: subcategory × type × price slab. */
const ApparelCellKey = {
  subcategoryId: z.number(),
  subcategoryName: z.string(),
  typeId: z.number().nullable(),
  typeName: z.string(),
  slabId: z.number(),
  slabLabel: z.string(),
};
export const ApparelQtyResponse = z.object({
  ...Window,
  categoryId: z.number(),
  rows: z.array(z.object({ ...ApparelCellKey, qty: z.number() })),
});
export const ApparelInTransitResponse = z.object({
  categoryId: z.number(),
  rows: z.array(z.object({ ...ApparelCellKey, pending: z.number(), inTransit: z.number() })),
});

/** The store's order lines still on their way (Pending, Confirmed or Shipped). */
export const AssistOrderLine = z.object({
  poid: z.string(),
  status: z.string(),
  orderedOn: z.string(),
  productId: z.number(),
  productName: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  qty: z.number(),
});
export const AssistOrderLines = z.object({ rows: z.array(AssistOrderLine) });

/** GET /api/orderAssist/apparelSubcatLevelSales/{id}: a subcategory's suggestion by type and price slab. */
export const ApparelSubcategorySales = z.object({
  ...Window,
  categoryId: z.number(),
  subcategory: z.object({ id: z.number(), name: z.string() }),
  rows: z.array(
    z.object({
      typeId: z.number().nullable(),
      typeName: z.string(),
      slabId: z.number(),
      slabLabel: z.string(),
      sale: z.number(),
      stock: z.number(),
      pending: z.number(),
      inTransit: z.number(),
      suggested: z.number(),
    }),
  ),
});

/** POST /api/orderAssist/stockInTransit. */
export const StockInTransitResponse = z.array(
  z.object({ productId: z.number(), pending: z.number(), inTransit: z.number() }),
);

/** One product's suggestion. */
export const SuggestedItem = z.object({
  id: z.number(),
  name: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  mrp: Money,
  /** The partner's unit cost (net cost with GST) from the warehouse it would come from; null when no mapped warehouse prices it. */
  unitCost: Money.nullable(),
  /** Sale over the window (30 days non-apparel, 7 days apparel). */
  sale: z.number(),
  /** Units a day over the same window as `sale` (sale ÷ 30 non-apparel, ÷ 7 apparel), 2 decimals. */
  dailySale: z.number(),
  stock: z.number(),
  pending: z.number(),
  inTransit: z.number(),
  suggested: z.number(),
  /** The quantity it goes into the cart with (a dropdown choice). */
  cartQty: z.number(),
});
/** A product, or for categories 6 and 21 a group id and colour with its sizes as children. */
export const SuggestionGroup = z.object({
  key: z.string(),
  groupId: z.number(),
  name: z.string(),
  color: z.string().nullable(),
  children: z.array(SuggestedItem),
});
export const AssistSuggestions = z.object({
  ...Window,
  category: z.object({ id: z.number(), name: z.string() }),
  apparel: z.boolean(),
  grouped: z.boolean(),
  subcategories: z.array(z.object({ id: z.number(), name: z.string(), groups: z.array(SuggestionGroup) })),
});

/** POST /api/products/suggestedProducts: a category's suggestions, optionally only some product ids. */
export const SuggestedProductsBody = z.object({
  category: DbId("category"),
  productIds: z
    .array(DbId("product id"), { error: "productIds must be a list of product ids" })
    .max(MAX_ASSIST_IDS, `at most ${MAX_ASSIST_IDS} product ids per request`)
    .optional(),
});

/** POST /api/products/getProductList. */
export const ProductListBody = AssistProductIdsBody;

export type AssistCategoryTotals = z.infer<typeof AssistCategoryTotals>;
export type AssistSales = z.infer<typeof AssistSales>;
export type AssistStock = z.infer<typeof AssistStock>;
export type PriceSlabConfigResponse = z.infer<typeof PriceSlabConfigResponse>;
export type ApparelQtyResponse = z.infer<typeof ApparelQtyResponse>;
export type ApparelInTransitResponse = z.infer<typeof ApparelInTransitResponse>;
export type AssistOrderLine = z.infer<typeof AssistOrderLine>;
export type AssistOrderLines = z.infer<typeof AssistOrderLines>;
export type ApparelSubcategorySales = z.infer<typeof ApparelSubcategorySales>;
export type StockInTransitResponse = z.infer<typeof StockInTransitResponse>;
export type SuggestedItem = z.infer<typeof SuggestedItem>;
export type SuggestionGroup = z.infer<typeof SuggestionGroup>;
export type AssistSuggestions = z.infer<typeof AssistSuggestions>;
export type SuggestedProductsBody = z.infer<typeof SuggestedProductsBody>;
export type AssistProductIdsBody = z.infer<typeof AssistProductIdsBody>;
