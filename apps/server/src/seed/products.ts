import { STOCK_TYPES, type StockType } from "@portal/domain";
import type { productStock, products, subcategoryTypes } from "../db/schema";
import { UNMAPPED_WAREHOUSE_ID } from "./accounts-data";
import { BRANDS, type BrandDef, type Supply } from "./brands-data";
import {
  CATEGORIES,
  type CategoryDef,
  COLOURS,
  SIZE_CHARTS,
  type SizeOption,
  type SubcategoryDef,
} from "./catalogue-data";
import type { Random } from "./random";

export type ProductRow = typeof products.$inferInsert;
export type StockRow = typeof productStock.$inferInsert;
export type SubcategoryTypeRow = typeof subcategoryTypes.$inferInsert;

/** Products that must never be shown, one per reason; each breaks exactly one visibility rule. */
export const HIDDEN_REASONS = [
  "inactive",
  "zeroMargin",
  "zeroStock",
  "unmappedWarehouse",
  "stockAtOtherMrp",
] as const;
export type HiddenReason = (typeof HIDDEN_REASONS)[number];

/** Visible products sitting exactly on and either side of the GST thresholds. */
export const GST_EDGE_CASES = [
  "clothingCostBelow1050",
  "clothingCostExactly1050",
  "clothingCostAbove1050",
  "footwearMrpBelow500",
  "footwearMrpExactly500",
  "footwearMrpAbove500",
] as const;
export type GstEdgeCase = (typeof GST_EDGE_CASES)[number];

export const FIRST_PRODUCT_ID = 100_001;

/** Company warehouses with their share of the stock, and the stockists that carry some products. */
const COMPANY_WAREHOUSES: readonly { id: number; weight: number }[] = [
  { id: 2, weight: 4 },
  { id: 5, weight: 3 },
  { id: 7, weight: 3 },
  { id: 3, weight: 2 },
];
const STOCKIST_IDS = [99, 101, 102, 103] as const;

const STOCK_TYPE_BY_SUPPLY: Record<Supply, readonly { type: StockType; weight: number }[]> = {
  owned: [
    { type: "OwnedStock", weight: 88 },
    { type: "CreditWHStock", weight: 12 },
  ],
  creditWarehouse: [
    { type: "CreditWHStock", weight: 75 },
    { type: "OwnedStock", weight: 25 },
  ],
  dropShip: [
    { type: "DropShipment", weight: 85 },
    { type: "OwnedStock", weight: 15 },
  ],
  justInTime: [
    { type: "JustInTime", weight: 85 },
    { type: "OwnedStock", weight: 15 },
  ],
  creditVendor: [
    { type: "CreditVendorStock", weight: 85 },
    { type: "OwnedStock", weight: 15 },
  ],
};

/** The supply that yields each stock type first; used to make sure every stock type appears. */
const SUPPLY_OF: Record<StockType, Supply> = {
  OwnedStock: "owned",
  CreditWHStock: "creditWarehouse",
  DropShipment: "dropShip",
  JustInTime: "justInTime",
  CreditVendorStock: "creditVendor",
};

const isOwnedGroup = (type: StockType) => type === "OwnedStock" || type === "CreditWHStock";

const DAY_MS = 86_400_000;
/** Products are created over the 18 months before the base date. */
const CATALOGUE_AGE_DAYS = 547;

export interface Catalogue {
  subcategoryTypes: SubcategoryTypeRow[];
  products: ProductRow[];
  stock: StockRow[];
  hiddenProducts: Record<HiddenReason, number>;
  gstEdgeProducts: Record<GstEdgeCase, number>;
}

/** Subcategory type rows with ids numbered in catalogue order, and a lookup by subcategory and name. */
export function buildSubcategoryTypes(): { rows: SubcategoryTypeRow[]; idOf: Map<string, number> } {
  const rows: SubcategoryTypeRow[] = [];
  const idOf = new Map<string, number>();
  for (const category of CATEGORIES) {
    for (const sub of category.subcategories) {
      for (const name of sub.types ?? []) {
        const id = rows.length + 1;
        rows.push({ id, subcategoryId: sub.id, name });
        idOf.set(`${sub.id}:${name}`, id);
      }
    }
  }
  return { rows, idOf };
}

/** MRPs a shop would print: 49, 99, 149 … up to 999; then 1099, 1199 …; from 5000 in steps of 500. */
export function pricePoints(min: number, max: number): number[] {
  const points: number[] = [];
  for (let p = 49; p <= max; p += p < 999 ? 50 : p < 4999 ? 100 : 500) {
    if (p >= min) points.push(p);
  }
  return points;
}

const money = (rupees: number) => rupees.toFixed(2);

/** Colour siblings per group: one (3 in 6), two (2 in 6) or three (1 in 6). */
const COLOUR_COUNTS = [1, 2, 3] as const;
const colourCountWeight = (n: number) => 4 - n;

/** The average number of products a group of this subcategory has. */
function expectedGroupSize(subcategory: SubcategoryDef): number {
  const sizes =
    subcategory.sizes === "none"
      ? 1
      : subcategory.sizes === "pack"
        ? 2
        : subcategory.sizes === "diapers"
          ? 4
          : Math.min(SIZE_CHARTS[subcategory.sizes].length, 4.5);
  return sizes * (subcategory.colours ? 10 / 6 : 1);
}

interface GroupPlan {
  category: CategoryDef;
  subcategory: SubcategoryDef;
  brand: BrandDef;
  stockType: StockType;
}

interface ProductTemplate {
  category: CategoryDef;
  subcategory: SubcategoryDef;
  brand: BrandDef;
  typeName: string | null;
  name: string;
  description: string;
  hsnCode: string;
}

/** Generates the products and their stock. Pure: the same random sequence gives the same rows. */
export function generateCatalogue(rng: Random, productCount: number, baseDate: Date): Catalogue {
  const { rows: typeRows, idOf: typeIdOf } = buildSubcategoryTypes();
  const productRows: ProductRow[] = [];
  const stockRows: StockRow[] = [];
  let nextId = FIRST_PRODUCT_ID;

  const categoryById = new Map(CATEGORIES.map((c) => [c.id, c]));
  const brandById = new Map(BRANDS.map((b) => [b.id, b]));
  const brandsByCategory = new Map<number, BrandDef[]>(
    CATEGORIES.map((c) => [c.id, BRANDS.filter((b) => b.categories.includes(c.id))]),
  );
  // A subcategory's weight is its share of products; groups of many sizes and colours are picked
  // less often so that they do not crowd out the rest. Apparel and footwear get half again.
  const allSubcategories = CATEGORIES.flatMap((category) =>
    category.subcategories.map((subcategory) => ({
      category,
      subcategory,
      weight:
        (subcategory.weight * (category.kind === "apparel" || category.kind === "footwear" ? 1.5 : 1)) /
        expectedGroupSize(subcategory),
    })),
  );

  const createdAt = () =>
    new Date(baseDate.getTime() - rng.int(0, CATALOGUE_AGE_DAYS) * DAY_MS - rng.int(0, 86_399) * 1000);

  /** A product name and description from the subcategory's vocabulary. */
  const describe = (category: CategoryDef, subcategory: SubcategoryDef, brand: BrandDef): ProductTemplate => {
    const typeName = subcategory.types ? rng.pick(subcategory.types) : null;
    const noun = rng
      .pick(subcategory.nouns)
      .replace("{type}", typeName ?? "")
      .trim();
    const style = rng.pick(subcategory.styles);
    const detail = rng.pick(subcategory.details);
    const name = `${brand.name} ${style} ${noun} ${detail}`.replace(/\s+/g, " ");
    const care =
      category.kind === "apparel"
        ? " Machine washable; wash dark colours separately."
        : category.kind === "footwear"
          ? " Cushioned insole and anti-skid sole."
          : category.kind === "food"
            ? " Store in a cool, dry place; use within 4 weeks of opening."
            : "";
    const description = `${style} ${noun.toLowerCase()} from ${brand.name}. ${brand.tagline}.${care}`;
    return {
      category,
      subcategory,
      brand,
      typeName,
      name,
      description,
      hsnCode: rng.pick(subcategory.hsn),
    };
  };

  const baseRow = (t: ProductTemplate, id: number, groupId: number): ProductRow => ({
    id,
    name: t.name,
    description: t.description,
    size: null,
    color: null,
    groupId,
    categoryId: t.category.id,
    subcategoryId: t.subcategory.id,
    subcategoryTypeId: t.typeName ? (typeIdOf.get(`${t.subcategory.id}:${t.typeName}`) ?? null) : null,
    brandId: t.brand.id,
    hsnCode: t.hsnCode,
    mrp: "0.00",
    retailerMargin: "25.00",
    stockType: "OwnedStock",
    isReturnable: true,
    b2bIsActive: true,
    currentStock: 0,
    minimumShipHours: 24,
    isSet: false,
    isPremium: false,
    isSale: false,
    reorder: false,
    isOffer: false,
    ageFromMonths: null,
    ageToMonths: null,
    bestSellerRank: null,
    imageCount: 8,
    createdAt: baseDate,
  });

  const subcategoryOf = (categoryId: number, subcategoryId: number) => {
    const category = categoryById.get(categoryId);
    const subcategory = category?.subcategories.find((s) => s.id === subcategoryId);
    if (!category || !subcategory) throw new Error(`Unknown subcategory ${subcategoryId}`);
    return { category, subcategory };
  };
  const brandOf = (id: number) => {
    const brand = brandById.get(id);
    if (!brand) throw new Error(`Unknown brand ${id}`);
    return brand;
  };

  /** A single product stocked at its MRP in the given warehouses, for the hand-made cases. */
  const single = (options: {
    categoryId: number;
    subcategoryId: number;
    brandId: number;
    hsnCode?: string;
    mrp: number;
    margin: string;
    size?: SizeOption;
    warehouses: readonly number[];
    stockEach: number;
    stockMrp?: number;
    b2bIsActive?: boolean;
  }): number => {
    const { category, subcategory } = subcategoryOf(options.categoryId, options.subcategoryId);
    const template = describe(category, subcategory, brandOf(options.brandId));
    const colour = subcategory.colours ? rng.pick(COLOURS) : null;
    const id = nextId++;
    const row = baseRow(template, id, id);
    row.name = colour ? `${template.name} - ${colour}` : template.name;
    row.color = colour;
    row.hsnCode = options.hsnCode ?? template.hsnCode;
    row.mrp = money(options.mrp);
    row.retailerMargin = options.margin;
    row.b2bIsActive = options.b2bIsActive ?? true;
    row.size = options.size?.label ?? null;
    row.ageFromMonths = options.size?.ageFromMonths ?? null;
    row.ageToMonths = options.size?.ageToMonths ?? null;
    row.createdAt = createdAt();
    for (const warehouseId of options.warehouses) {
      stockRows.push({
        productId: id,
        warehouseId,
        mrp: money(options.stockMrp ?? options.mrp),
        stock: options.stockEach,
      });
    }
    row.currentStock = options.stockEach * options.warehouses.length;
    productRows.push(row);
    return id;
  };

  // 1. Products that must never be shown. Each is an ordinary, otherwise visible product in the
  //    learning toys of the private label Babyhug, stocked in Pune (warehouse 2, mapped to every
  //    partner), and breaks exactly one rule.
  const toy = { categoryId: 4, subcategoryId: 407, brandId: 621, margin: "25.00", stockEach: 40 };
  const hiddenProducts: Record<HiddenReason, number> = {
    inactive: single({ ...toy, mrp: 599, warehouses: [2], b2bIsActive: false }),
    zeroMargin: single({ ...toy, mrp: 599, warehouses: [2], margin: "0.00" }),
    zeroStock: single({ ...toy, mrp: 599, warehouses: [2], stockEach: 0 }),
    unmappedWarehouse: single({ ...toy, mrp: 599, warehouses: [UNMAPPED_WAREHOUSE_ID] }),
    // Stock only at an old MRP: no warehouse holds it at the product's MRP.
    stockAtOtherMrp: single({ ...toy, mrp: 699, stockMrp: 599, warehouses: [2] }),
  };

  // 2. Products exactly on and either side of the GST thresholds, in every company warehouse.
  const kidsSize = SIZE_CHARTS.kids[3] as SizeOption;
  const shoeSize = SIZE_CHARTS.shoes[6] as SizeOption;
  const jacket = {
    categoryId: 6,
    subcategoryId: 606,
    brandId: 621,
    hsnCode: "6110",
    margin: "30.00",
    size: kidsSize,
    warehouses: [2, 3, 5, 7],
    stockEach: 60,
  };
  const shoe = {
    categoryId: 22,
    subcategoryId: 2201,
    brandId: 231,
    hsnCode: "6404",
    margin: "25.00",
    size: shoeSize,
    warehouses: [2, 3, 5, 7],
    stockEach: 60,
  };
  const gstEdgeProducts: Record<GstEdgeCase, number> = {
    clothingCostBelow1050: single({ ...jacket, mrp: 1499 }), // cost 1049.30
    clothingCostExactly1050: single({ ...jacket, mrp: 1500 }), // cost 1050.00
    clothingCostAbove1050: single({ ...jacket, mrp: 1599 }), // cost 1119.30
    footwearMrpBelow500: single({ ...shoe, mrp: 499 }),
    footwearMrpExactly500: single({ ...shoe, mrp: 500 }),
    footwearMrpAbove500: single({ ...shoe, mrp: 549 }),
  };

  // 3. The generated catalogue. The first five groups cover the five stock types; the rest follow
  //    the brands' supply.
  const pickSubcategory = (category: CategoryDef) => rng.weighted(category.subcategories, (s) => s.weight);
  const planGroup = (forcedType: StockType | undefined): GroupPlan => {
    if (forcedType) {
      const supply = SUPPLY_OF[forcedType];
      const brand = rng.weighted(
        BRANDS.filter((b) => b.supply === supply),
        (b) => b.weight,
      );
      const category = categoryById.get(rng.pick(brand.categories));
      if (!category) throw new Error(`Brand ${brand.id} names an unknown category`);
      return { category, subcategory: pickSubcategory(category), brand, stockType: forcedType };
    }
    const { category, subcategory } = rng.weighted(allSubcategories, (s) => s.weight);
    const brand = rng.weighted(brandsByCategory.get(category.id) ?? [], (b) => b.weight);
    const stockType = rng.weighted(STOCK_TYPE_BY_SUPPLY[brand.supply], (s) => s.weight).type;
    return { category, subcategory, brand, stockType };
  };

  function addGroup(plan: GroupPlan, room: number): void {
    const { category, subcategory, brand, stockType } = plan;
    const template = describe(category, subcategory, brand);
    const sizes = chooseSizes(subcategory);
    const colours = subcategory.colours
      ? rng.sample(COLOURS, rng.weighted(COLOUR_COUNTS, colourCountWeight))
      : [null];
    const ladder = pricePoints(subcategory.mrp[0], subcategory.mrp[1]);
    // Cheap things are more common than dear ones.
    const baseIndex = Math.floor(rng.next() ** 1.6 * ladder.length);
    const stepEvery =
      subcategory.sizes === "pack"
        ? 1
        : (category.kind === "apparel" || category.kind === "footwear") && rng.chance(0.4)
          ? 2
          : 0;
    const stepSize = subcategory.sizes === "pack" ? rng.int(2, 4) : 1;
    const margin = brand.isPrivateLabel ? rng.int(60, 80) / 2 : rng.int(20, 70) / 2;
    const owned = isOwnedGroup(stockType);
    const shipHours = owned ? (rng.chance(0.85) ? 24 : 48) : rng.pick([48, 72]);
    const isSet = subcategory.isSet === true || /\bSet\b/.test(template.name);
    const isPremium = rng.chance(baseIndex > ladder.length * 0.6 ? 0.25 : 0.04);
    const isSale = rng.chance(0.1);
    const wearable = category.kind === "apparel" || category.kind === "footwear";
    const isOffer = rng.chance(wearable ? 0.22 : 0.03);
    const isReturnable =
      category.kind === "food" || [102, 104, 301, 302, 303, 304].includes(subcategory.id)
        ? false
        : rng.chance(0.97);
    const created = createdAt();
    const warehouses = chooseWarehouses(stockType);
    const groupId = nextId;
    const soldOutAllowed = sizes.length * colours.length >= 3;

    let made = 0;
    for (const colour of colours) {
      for (let s = 0; s < sizes.length && made < room; s++) {
        const size = sizes[s];
        const id = nextId++;
        const row = baseRow(template, id, groupId);
        const priceIndex = Math.min(
          ladder.length - 1,
          baseIndex + (stepEvery ? Math.floor(s / stepEvery) : 0) * stepSize,
        );
        const mrp = ladder[priceIndex] as number;
        row.name = colour ? `${template.name} - ${colour}` : template.name;
        row.color = colour;
        row.size = size?.label ?? null;
        row.ageFromMonths = size?.ageFromMonths ?? null;
        row.ageToMonths = size?.ageToMonths ?? null;
        row.mrp = money(mrp);
        row.retailerMargin = money(margin);
        row.stockType = stockType;
        row.minimumShipHours = shipHours;
        row.isSet = isSet;
        row.isPremium = isPremium;
        row.isSale = isSale;
        // every fourth style is a reorder line (no random draw, so the rest of the world is unchanged)
        row.reorder = groupId % 4 === 0;
        row.isOffer = isOffer;
        row.isReturnable = isReturnable;
        row.createdAt = created;
        row.currentStock = addStock(
          id,
          mrp,
          warehouses,
          stockType,
          soldOutAllowed && made > 0 && rng.chance(0.03),
        );
        productRows.push(row);
        made++;
      }
    }
  }

  function chooseSizes(subcategory: SubcategoryDef): (SizeOption | null)[] {
    if (subcategory.sizes === "none") return [null];
    const chart = SIZE_CHARTS[subcategory.sizes];
    const [min, max] =
      subcategory.sizes === "pack" ? [1, 3] : subcategory.sizes === "diapers" ? [3, 5] : [3, 6];
    const count = Math.min(chart.length, rng.int(min, max));
    const start = rng.int(0, chart.length - count);
    return chart.slice(start, start + count);
  }

  function chooseWarehouses(stockType: StockType): number[] {
    const company = (count: number) => {
      const chosen: number[] = [];
      let pool = [...COMPANY_WAREHOUSES];
      while (chosen.length < count && pool.length > 0) {
        const pick = rng.weighted(pool, (w) => w.weight);
        chosen.push(pick.id);
        pool = pool.filter((w) => w.id !== pick.id);
      }
      return chosen;
    };
    if (!isOwnedGroup(stockType)) return company(rng.int(1, 2));
    if (rng.chance(0.06)) return rng.sample(STOCKIST_IDS, rng.int(1, 2));
    const chosen = company(rng.weighted([1, 2, 3], (n) => (n === 2 ? 3 : 2)));
    if (rng.chance(0.22)) chosen.push(rng.pick(STOCKIST_IDS));
    return chosen;
  }

  /** Adds the stock rows of one product and returns its total stock. */
  function addStock(
    productId: number,
    mrp: number,
    warehouses: readonly number[],
    stockType: StockType,
    soldOut: boolean,
  ): number {
    let total = 0;
    warehouses.forEach((warehouseId, index) => {
      const stockist = warehouseId === 99 || warehouseId >= 100;
      const [low, high] = stockist ? [5, 120] : isOwnedGroup(stockType) ? [10, 400] : [50, 500];
      let stock = low + Math.floor(rng.next() ** 2 * (high - low));
      if (soldOut || (index > 0 && rng.chance(0.08))) stock = 0;
      stockRows.push({ productId, warehouseId, mrp: money(mrp), stock });
      total += stock;
    });
    // A little stock left over at the previous MRP, as after a price change.
    const first = warehouses[0];
    if (!soldOut && first !== undefined && mrp > 149 && rng.chance(0.02)) {
      const stock = rng.int(1, 30);
      stockRows.push({ productId, warehouseId: first, mrp: money(mrp - 50), stock });
      total += stock;
    }
    return total;
  }

  let groupIndex = 0;
  while (productRows.length < productCount) {
    const plan = planGroup(STOCK_TYPES[groupIndex]);
    groupIndex++;
    addGroup(plan, productCount - productRows.length);
  }

  // 4. Best sellers: about one product in ten, ranked, never a hidden one.
  const hiddenIds = new Set<number>(Object.values(hiddenProducts));
  const rankable = productRows.filter((p) => !hiddenIds.has(p.id) && (p.currentStock ?? 0) > 0);
  rng.sample(rankable, Math.round(productRows.length / 10)).forEach((p, index) => {
    p.bestSellerRank = index + 1;
  });

  return {
    subcategoryTypes: typeRows,
    products: productRows,
    stock: stockRows,
    hiddenProducts,
    gstEdgeProducts,
  };
}
