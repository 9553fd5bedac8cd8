import { AGE_RANGES, PAGE_SIZES, PRICE_RANGES, STOCK_TYPES } from "@portal/domain";
import { z } from "zod";
import {
  dbId,
  GstRate,
  GstType,
  Money,
  SortName,
  SortOrder,
  StockTypeName,
  text,
  WarehouseTypeKey,
} from "./common";

export const NamedRef = z.object({ id: z.number(), name: z.string() });

/** A row id: a positive PostgreSQL integer. */
export const DbId = dbId;

/** A price for one unit, for the caller's shipping state and the product's chosen warehouse. */
export const Pricing = z.object({
  mrp: Money,
  retailerMargin: Money,
  ctc: Money,
  baseCost: Money,
  vat: Money,
  netCost: Money,
  margin: Money,
});

/** A product's HSN rates: the one GST-rate shape. */
export const GstRateMaster = GstRate;

export const ProductWarehouse = z.object({
  id: z.number(),
  name: z.string(),
  mrp: Money,
  stock: z.number(),
  state: z.string(),
});

/** One size of a listing card's style, priced for the caller like the card itself. */
export const StyleSize = z
  .object({
    id: z.number(),
    size: z.string().nullable(),
    ageFromMonths: z.number().nullable(),
    ageToMonths: z.number().nullable(),
    totalStock: z.number(),
    whId: z.number(),
    mrp: Money,
    /** Absent in a kiosk guest session: a guest is shown MRP only. */
    netCost: Money.optional(),
  })
  .meta({ id: "StyleSize" });
export type StyleSize = z.infer<typeof StyleSize>;

/** A product as the listing and the detail screen see it (the spec's product fields). */
export const Product = z
  .object({
    id: z.number(),
    name: z.string(),
    size: z.string().nullable(),
    desc: z.string(),
    color: z.string().nullable(),
    groupID: z.number(),
    mrp: Money,
    /** The store's margin in percent. Absent in a kiosk guest session (MRP only), like `pricing`. */
    retailerMargin: Money.optional(),
    catId: z.number(),
    subcatId: z.number(),
    category: NamedRef,
    subcategory: NamedRef,
    subcategoryType: NamedRef.nullable(),
    brand: NamedRef,
    brandId: z.number(),
    isReturnable: z.boolean(),
    stockType: StockTypeName,
    stock: z.object({ type: StockTypeName }),
    currentStock: z.number(),
    /** Stock at MRP across the caller's mapped warehouses. */
    totalStock: z.number(),
    b2bIsActive: z.boolean(),
    HSNCode: z.string(),
    minimumShipHours: z.number(),
    estimatedShippingDays: z.number(),
    ageFromMonths: z.number().nullable(),
    ageToMonths: z.number().nullable(),
    /** The store's wholesale price. Absent in a kiosk guest session: a walk-in customer is shown MRP only. */
    pricing: Pricing.optional(),
    gstType: GstType,
    gstratemaster: GstRateMaster,
    /** The warehouse the price is computed for. */
    whId: z.number(),
    isPL: z.boolean(),
    isSale: z.boolean(),
    isSet: z.boolean(),
    isPremium: z.boolean(),
    isOffer: z.boolean(),
    /** Marked for enableARS users when the product is on their automatic replenishment list. */
    isARS: z.boolean(),
    /** The spec's reorder flag, as a mark: true only for reorder products shown to BABYHUG partners. */
    reorder: z.boolean(),
    images: z.array(z.string()),
    createdAt: z.string(),
    /**
     * On a listing card of a style (group id and colour): the style's sizes the caller may order, in
     * size order, this product among them. Absent when the listing shows one card per size.
     */
    styleSizes: z.array(StyleSize).optional(),
  })
  .meta({ id: "Product" });
export type Product = z.infer<typeof Product>;

/** The detail screen adds warehouses, tax rates and siblings. */
export const ProductDetail = Product.extend({
  warehouses: z.array(ProductWarehouse),
  /** The GST rates and amounts of the store's purchase (worked out on its cost): absent in a kiosk guest session. */
  gstRates: z.object({ cgst: Money, sgst: Money, igst: Money, total: Money }).optional(),
  tax: z.object({ cgst: Money, sgst: Money, igst: Money }).optional(),
  otherProducts: z.array(
    z.object({
      id: z.number(),
      size: z.string().nullable(),
      color: z.string().nullable(),
      sellable: z.boolean(),
    }),
  ),
}).meta({ id: "ProductDetail" });
export type ProductDetail = z.infer<typeof ProductDetail>;

export const FILTER_KEYS = [
  "categories",
  "subcategories",
  "brands",
  "prices",
  "age",
  "offer",
  "stocktype",
  "premium",
  "Type",
  "isSet",
  "isNonSet",
  "sizes",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** Ids are PostgreSQL integers; the original client sends them as numbers or digit strings. */
const MAX_ID = 2_147_483_647;
const FilterId = (key: string) =>
  z.union([z.number(), z.string().max(12)]).transform((v, ctx) => {
    const n = typeof v === "number" ? v : v.trim() === "" ? Number.NaN : Number(v);
    if (Number.isSafeInteger(n) && n > 0 && n <= MAX_ID) return n;
    ctx.addIssue({ code: "custom", message: `filter ${key}: "${v}" is not an id` });
    return z.NEVER;
  });
/** A flag filter's value: true or false (also "true", "false", 1, 0 as the original client sent them). */
const FilterFlag = (key: string) =>
  z.union([z.boolean(), z.number(), z.string().max(5)]).transform((v, ctx) => {
    const text = String(v).toLowerCase();
    if (text === "true" || text === "1") return true;
    if (text === "false" || text === "0") return false;
    ctx.addIssue({ code: "custom", message: `filter ${key}: use true or false, not "${v}"` });
    return z.NEVER;
  });
const FilterRange = (key: string, ranges: readonly { key: string }[]) =>
  z.string().refine((v) => ranges.some((r) => r.key === v), {
    error: (issue) =>
      `filter ${key}: "${String(issue.input)}" is not a range (${ranges.map((r) => r.key).join(", ")})`,
  });
const values = <T extends z.ZodType>(value: T) => z.array(value).max(500);

/**
 * One listing filter, keyed by its name: the contract validates each filter's values (ids, flags,
 * ranges, stock types), so the service receives them typed.
 */
export const ListingFilter = z.discriminatedUnion(
  "key",
  [
    z.object({ key: z.literal("categories"), values: values(FilterId("categories")) }),
    z.object({ key: z.literal("subcategories"), values: values(FilterId("subcategories")) }),
    z.object({ key: z.literal("brands"), values: values(FilterId("brands")) }),
    z.object({ key: z.literal("Type"), values: values(FilterId("Type")) }),
    z.object({ key: z.literal("prices"), values: values(FilterRange("prices", PRICE_RANGES)) }),
    z.object({ key: z.literal("age"), values: values(FilterRange("age", AGE_RANGES)) }),
    z.object({
      key: z.literal("stocktype"),
      values: values(
        z.string().refine((v) => (STOCK_TYPES as readonly string[]).includes(v), {
          error: (issue) =>
            `filter stocktype: "${String(issue.input)}" is not a stock type (${STOCK_TYPES.join(", ")})`,
        }),
      ),
    }),
    z.object({ key: z.literal("offer"), values: values(FilterFlag("offer")) }),
    z.object({ key: z.literal("premium"), values: values(FilterFlag("premium")) }),
    z.object({ key: z.literal("isSet"), values: values(FilterFlag("isSet")) }),
    z.object({ key: z.literal("isNonSet"), values: values(FilterFlag("isNonSet")) }),
    /** Size labels: asking for sizes lists one card per size instead of one per style. */
    z.object({ key: z.literal("sizes"), values: values(text("sizes").trim().min(1).max(60)) }),
  ],
  { error: `filter key must be one of ${FILTER_KEYS.join(", ")}` },
);
export type ListingFilter = z.output<typeof ListingFilter>;

export const SortSpec = z.object({
  name: SortName,
  order: SortOrder.default("desc"),
});

export const ListingBody = z.object({
  filters: z.array(ListingFilter).max(20).default([]),
  sort: SortSpec.optional(),
  search: text("search").max(200).optional(),
  page: z.coerce.number().int().min(1, "page must be 1 or more").default(1),
  size: z.coerce
    .number()
    .int()
    .refine(
      (n) => (PAGE_SIZES as readonly number[]).includes(n),
      `size must be one of ${PAGE_SIZES.join(", ")}`,
    )
    .meta({ enum: [...PAGE_SIZES] })
    .default(10),
  /** A warehouse of the caller's mapping to list from. */
  whId: DbId("whId").optional(),
  whType: WarehouseTypeKey.default("all"),
  typeFilters: z.array(z.unknown()).optional(),
  /** Accepted for compatibility with the original client; never trusted. */
  misc: z.record(z.string(), z.unknown()).optional(),
});
export type ListingBody = z.input<typeof ListingBody>;

export const FacetValue = z.object({
  value: z.union([z.string(), z.number()]),
  label: z.string(),
  count: z.number(),
});
export type FacetValue = z.infer<typeof FacetValue>;

/** What a listing's cards and total count: styles (group id and colour, sizes inside) or sizes. */
export const LISTING_UNITS = ["styles", "products"] as const;

export const ListingResponse = z.object({
  products: z.array(Product),
  /** How many `counts` the filters leave (the facets count the same). */
  total: z.number(),
  counts: z.enum(LISTING_UNITS),
  /** How many products (every size its own) the filters leave: the total when `counts` is "products". */
  productTotal: z.number(),
  page: z.number(),
  size: z.number(),
  totalPages: z.number(),
  facets: z.record(z.enum(FILTER_KEYS), z.array(FacetValue)),
});
export type ListingResponse = z.infer<typeof ListingResponse>;

export const SuggestionsBody = z.object({
  search: text("search").max(200),
  misc: z.record(z.string(), z.unknown()).optional(),
});
export const SuggestionsResponse = z.object({
  products: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      image: z.string(),
      brand: z.string(),
      /** The store's net cost; absent in a kiosk guest session (MRP only). */
      netCost: Money.optional(),
    }),
  ),
  categories: z.array(
    z.object({ id: z.number(), name: z.string(), kind: z.enum(["category", "subcategory"]) }),
  ),
  brands: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type SuggestionsResponse = z.infer<typeof SuggestionsResponse>;

export const ProductIdParam = z.object({ id: DbId("id") });
export const BrandIdParam = z.object({ id: DbId("id") });

export const Brand = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  isPrivateLabel: z.boolean(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
});

export const ChildrenBody = z.object({
  products: z
    .array(
      z.object({
        groupID: DbId("groupID"),
        color: text("color").max(60).nullable().optional(),
      }),
    )
    .min(1, "products must list at least one groupID")
    .max(100),
  fields: z.array(text("fields").max(60)).max(100).optional(),
});
export const ChildrenResponse = z.array(
  z.object({
    id: z.number(),
    groupID: z.number(),
    size: z.string().nullable(),
    color: z.string().nullable(),
    ageFromMonths: z.number().nullable(),
    ageToMonths: z.number().nullable(),
    mrp: Money,
  }),
);

export const LikeDislikeBody = z.object({
  productId: DbId("productId"),
  likeDislike: z.union([z.literal(0), z.literal(1)], {
    error: "likeDislike must be 1 (like) or 0 (dislike)",
  }),
  reason: text("reason", { multiline: true })
    .trim()
    .max(500, "reason must be at most 500 characters")
    .default(""),
});
export const LikeDislikeRecord = z.object({
  id: z.number(),
  productId: z.number(),
  productName: z.string(),
  categoryId: z.number(),
  subCategoryId: z.number(),
  likeDislike: z.union([z.literal(0), z.literal(1)]),
  reason: z.string(),
});
export const LikeDislikeResponse = LikeDislikeRecord.nullable();

/** Ids in batches: the spec sends info requests 1000 ids at a time. */
export const ProductIdList = z.array(DbId("product id")).max(1000, "at most 1000 ids per request");

export const InfoBody = z.object({
  products: ProductIdList,
  wh: z.array(DbId("wh")).optional(),
  fields: z.array(text("fields").max(60)).max(100).optional(),
});
/**
 * A list of product ids sent bare (`[1, 2]`) or wrapped (`{ products: [1, 2] }`), normalised to the
 * wrapped form so that a bad id or a batch above 1000 answers with the field it concerns.
 */
export const ProductIdsBody = z.preprocess(
  (body) => (Array.isArray(body) ? { products: body } : body),
  z.object({ products: ProductIdList }),
);
export const CurrentStockResponse = z.array(z.object({ productid: z.number(), totalStock: z.number() }));
export const ProductWarehouseBody = z.object({ products: ProductIdList });
export const ProductWarehouseResponse = z.array(
  z.object({ productId: z.number(), warehouses: z.array(ProductWarehouse) }),
);

export const CategoryWithSubs = z.object({
  id: z.number(),
  name: z.string(),
  subcategories: z.array(NamedRef),
});
export const SubcategoryType = z.object({ id: z.number(), name: z.string(), subcategoryId: z.number() });

export const SaleResponse = z.array(z.object({ productId: z.number(), isSale: z.boolean() }));
export const DetailQuery = z.object({ whId: DbId("whId").optional() });
export const BestsellerQuery = z.object({ category: DbId("category").optional() });
export const ArsProductsResponse = z.array(z.object({ productId: z.number(), targetStock: z.number() }));

// Inferred types of the schemas above, for server and web alike.
export type NamedRef = z.infer<typeof NamedRef>;
export type Pricing = z.infer<typeof Pricing>;
export type ProductWarehouse = z.infer<typeof ProductWarehouse>;
export type SortSpec = z.infer<typeof SortSpec>;
export type SuggestionsBody = z.infer<typeof SuggestionsBody>;
export type ProductIdParam = z.infer<typeof ProductIdParam>;
export type BrandIdParam = z.infer<typeof BrandIdParam>;
export type Brand = z.infer<typeof Brand>;
export type ChildrenBody = z.infer<typeof ChildrenBody>;
export type ChildrenResponse = z.infer<typeof ChildrenResponse>;
export type LikeDislikeBody = z.infer<typeof LikeDislikeBody>;
export type LikeDislikeRecord = z.infer<typeof LikeDislikeRecord>;
export type ProductIdList = z.infer<typeof ProductIdList>;
export type InfoBody = z.infer<typeof InfoBody>;
export type ProductIdsBody = z.infer<typeof ProductIdsBody>;
export type CurrentStockResponse = z.infer<typeof CurrentStockResponse>;
export type ProductWarehouseBody = z.infer<typeof ProductWarehouseBody>;
export type ProductWarehouseResponse = z.infer<typeof ProductWarehouseResponse>;
export type CategoryWithSubs = z.infer<typeof CategoryWithSubs>;
export type SubcategoryType = z.infer<typeof SubcategoryType>;
export type SaleResponse = z.infer<typeof SaleResponse>;
export type DetailQuery = z.infer<typeof DetailQuery>;
export type BestsellerQuery = z.infer<typeof BestsellerQuery>;
export type ArsProductsResponse = z.infer<typeof ArsProductsResponse>;
