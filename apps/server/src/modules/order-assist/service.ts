import type {
  ApparelInTransitResponse,
  ApparelQtyResponse,
  ApparelSubcategorySales,
  AssistCategoryTotals,
  AssistOrderLines,
  AssistSales,
  AssistStock,
  AssistSuggestions,
  CartUpdateResponse,
  PriceSlabConfigResponse,
  Product,
  StockInTransitResponse,
  SuggestedItem,
  SuggestionGroup,
} from "@portal/contracts";
import {
  APPAREL_SALE_WINDOW_DAYS,
  ASSIST_SALE_WINDOW_DAYS,
  apparelSuggestion,
  assistOrderBucket,
  cartParentKey,
  cartQuantityFor,
  dailySaleOver,
  groupsBySizes,
  indiaDay,
  isApparelCategory,
  isFoodSubcategory,
  messages,
  type Paise,
  paiseToDecimal,
  passesRules,
  priceSlabFor,
  priceSlabsOf,
  toPaise,
} from "@portal/domain";
import type { Db } from "../../db/client";
import { AppError, badRequest, notFound } from "../../lib/errors";
import type { CartCaller, CartService } from "../cart/public";
import { type ListingService, mappedWarehouseIds, type Viewer, visibleTo } from "../catalogue/public";
import * as repo from "./repo";
import { noTrade, storeTradeCounts, suggestedUnits, type TradeCounts } from "./trade";

export const CATEGORY_NOT_FOUND = "Category not found";
export const SUBCATEGORY_NOT_FOUND = "Subcategory not found";
export const NOT_APPAREL =
  "Order assist by type and price slab is for apparel categories (6, 21 and 22) only";

/** One product's trade at the store, with what order assist needs of the product. */
interface ProductTrade extends TradeCounts {
  id: number;
  name: string;
  size: string | null;
  color: string | null;
  groupId: number;
  mrp: string;
  categoryId: number;
  categoryName: string;
  subcategoryId: number;
  subcategoryName: string;
  typeId: number | null;
  typeName: string | null;
  visible: boolean;
}

interface Trade {
  asOf: string | null;
  from: string | null;
  weekFrom: string | null;
  products: ProductTrade[];
}

const money = (paise: Paise) => paiseToDecimal(paise);

/** An open order line as the API shows it: the order's India date instead of its timestamp. */
const asOrderLine = ({ createdAt, ...line }: Awaited<ReturnType<typeof repo.openOrderLines>>[number]) => ({
  ...line,
  orderedOn: indiaDay(createdAt),
});

function mayBrowseCategory(viewer: Viewer, categoryId: number): boolean {
  return passesRules(viewer.rules, { categoryId });
}

/** A product of the store's trade the caller's rules and licence allow in statistics. */
function inStatistics(viewer: Viewer, p: ProductTrade): boolean {
  if (isFoodSubcategory(p.subcategoryId) && !viewer.hasFoodLicense) return false;
  return passesRules(viewer.rules, { categoryId: p.categoryId, subcategoryId: p.subcategoryId });
}

function suggestionOf(p: ProductTrade, unitCost: string | null): SuggestedItem {
  const apparel = isApparelCategory(p.categoryId);
  const sale = apparel ? p.sale7 : p.sale30;
  const saleDays = apparel ? APPAREL_SALE_WINDOW_DAYS : ASSIST_SALE_WINDOW_DAYS;
  const suggested = suggestedUnits(p.categoryId, p);
  return {
    id: p.id,
    name: p.name,
    size: p.size,
    color: p.color,
    mrp: money(toPaise(p.mrp)),
    unitCost,
    sale,
    // The same days as the sale beside it (apparel: 7, non-apparel: 30).
    dailySale: dailySaleOver(sale, saleDays),
    stock: p.stock,
    pending: p.pending,
    inTransit: p.inTransit,
    suggested,
    cartQty: cartQuantityFor(suggested),
  };
}

interface Cell {
  subcategoryId: number;
  subcategoryName: string;
  typeId: number | null;
  typeName: string;
  slabId: number;
  slabLabel: string;
  sale: number;
  stock: number;
  pending: number;
  inTransit: number;
}

/** Apparel products summed by subcategory, type and price slab. */
function apparelCells(items: readonly ProductTrade[]): Cell[] {
  const cells = new Map<string, Cell>();
  for (const p of items) {
    const slab = priceSlabFor(p.categoryId, toPaise(p.mrp));
    if (!slab) continue;
    const key = `${p.subcategoryId}|${p.typeId ?? 0}|${slab.id}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = {
        subcategoryId: p.subcategoryId,
        subcategoryName: p.subcategoryName,
        typeId: p.typeId,
        typeName: p.typeName ?? "Other",
        slabId: slab.id,
        slabLabel: slab.label,
        sale: 0,
        stock: 0,
        pending: 0,
        inTransit: 0,
      };
      cells.set(key, cell);
    }
    cell.sale += p.sale7;
    cell.stock += p.stock;
    cell.pending += p.pending;
    cell.inTransit += p.inTransit;
  }
  return [...cells.values()].sort(
    (a, b) =>
      a.subcategoryId - b.subcategoryId || a.typeName.localeCompare(b.typeName) || a.slabId - b.slabId,
  );
}

export function createOrderAssistService(deps: { db: Db; listing: ListingService; cart: CartService }) {
  const { db, listing, cart } = deps;

  /** The store's trade: every product it sold in the 30 days up to its last sales date, holds, or has on order. */
  async function trade(viewer: Viewer): Promise<Trade> {
    const { asOf, from, weekFrom, counts } = await storeTradeCounts(db, viewer.userId);
    const attributes = await repo.productAttributes(db, [...counts.keys()], visibleTo(viewer));
    const products = attributes.map((a) => ({
      ...a,
      visible: Boolean(a.visible),
      ...(counts.get(a.id) ?? noTrade()),
    }));
    return { asOf, from, weekFrom, products };
  }

  async function category(viewer: Viewer, id: number) {
    const found = await repo.categoryById(db, id);
    if (!found || !mayBrowseCategory(viewer, id)) throw notFound(CATEGORY_NOT_FOUND);
    return found;
  }

  async function apparelCategory(viewer: Viewer, id: number) {
    const found = await category(viewer, id);
    if (!isApparelCategory(id)) throw badRequest(NOT_APPAREL);
    return found;
  }

  /** The partner's unit cost (net cost with GST) of each product, from the warehouse the catalogue prices it from. */
  async function unitCosts(viewer: Viewer, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const presented = await listing.present(ids, viewer, mappedWarehouseIds(viewer));
    return new Map(presented.flatMap((p) => (p.pricing ? [[p.id, p.pricing.netCost] as const] : [])));
  }

  function groupSuggestions(
    categoryId: number,
    items: readonly ProductTrade[],
    costs: ReadonlyMap<number, string>,
  ) {
    const grouped = groupsBySizes(categoryId);
    const subcategories = new Map<
      number,
      { id: number; name: string; groups: Map<string, SuggestionGroup> }
    >();
    for (const p of items) {
      let sub = subcategories.get(p.subcategoryId);
      if (!sub) {
        sub = { id: p.subcategoryId, name: p.subcategoryName, groups: new Map() };
        subcategories.set(p.subcategoryId, sub);
      }
      const key = cartParentKey({ id: p.id, groupId: p.groupId, categoryId: p.categoryId, color: p.color });
      let group = sub.groups.get(key);
      if (!group) {
        group = { key, groupId: p.groupId, name: p.name, color: p.color, children: [] };
        sub.groups.set(key, group);
      }
      group.children.push(suggestionOf(p, costs.get(p.id) ?? null));
    }
    return {
      grouped,
      subcategories: [...subcategories.values()].map((s) => ({
        id: s.id,
        name: s.name,
        groups: [...s.groups.values()],
      })),
    };
  }

  return {
    /** GET /api/orderAssist/catTotal */
    async categoryTotals(viewer: Viewer): Promise<AssistCategoryTotals> {
      const [t, all] = await Promise.all([trade(viewer), repo.allCategories(db)]);
      const mine = t.products.filter((p) => inStatistics(viewer, p));
      const rows = all
        .filter((c) => mayBrowseCategory(viewer, c.id))
        .map((c) => {
          const of = mine.filter((p) => p.categoryId === c.id);
          return {
            categoryId: c.id,
            name: c.name,
            apparel: isApparelCategory(c.id),
            qty: of.reduce((n, p) => n + p.sale30, 0),
            amount: money(of.reduce((n, p) => n + p.amount30, 0n)),
          };
        });
      return {
        asOf: t.asOf,
        from: t.from,
        saleDays: ASSIST_SALE_WINDOW_DAYS,
        qty: mine.reduce((n, p) => n + p.sale30, 0),
        amount: money(mine.reduce((n, p) => n + p.amount30, 0n)),
        categories: rows,
      };
    },

    /** GET /api/orderAssist/sales (non-apparel categories) and sales/{cat} (its subcategories). */
    async sales(viewer: Viewer, categoryId?: number): Promise<AssistSales> {
      const chosen = categoryId === undefined ? null : await category(viewer, categoryId);
      const t = await trade(viewer);
      const mine = t.products.filter((p) => inStatistics(viewer, p) && p.sale30 > 0);
      const rows = new Map<number, { id: number; name: string; qty: number; amount: Paise }>();
      for (const p of mine) {
        if (chosen ? p.categoryId !== chosen.id : isApparelCategory(p.categoryId)) continue;
        const [id, name] = chosen ? [p.subcategoryId, p.subcategoryName] : [p.categoryId, p.categoryName];
        const row = rows.get(id) ?? { id, name, qty: 0, amount: 0n };
        row.qty += p.sale30;
        row.amount += p.amount30;
        rows.set(id, row);
      }
      return {
        asOf: t.asOf,
        from: t.from,
        saleDays: ASSIST_SALE_WINDOW_DAYS,
        category: chosen,
        rows: [...rows.values()]
          .sort((a, b) => b.qty - a.qty || a.id - b.id)
          .map((r) => ({ ...r, amount: money(r.amount) })),
      };
    },

    /** GET /api/orderAssist/stock (non-apparel categories) and stock/{cat} (its subcategories). */
    async stock(viewer: Viewer, categoryId?: number): Promise<AssistStock> {
      const chosen = categoryId === undefined ? null : await category(viewer, categoryId);
      const t = await trade(viewer);
      const rows = new Map<
        number,
        { id: number; name: string; stock: number; value: Paise; pending: number; inTransit: number }
      >();
      for (const p of t.products) {
        if (!inStatistics(viewer, p)) continue;
        if (p.stock + p.pending + p.inTransit === 0) continue;
        if (chosen ? p.categoryId !== chosen.id : isApparelCategory(p.categoryId)) continue;
        const [id, name] = chosen ? [p.subcategoryId, p.subcategoryName] : [p.categoryId, p.categoryName];
        const row = rows.get(id) ?? { id, name, stock: 0, value: 0n, pending: 0, inTransit: 0 };
        row.stock += p.stock;
        row.value += BigInt(p.stock) * toPaise(p.mrp);
        row.pending += p.pending;
        row.inTransit += p.inTransit;
        rows.set(id, row);
      }
      return {
        category: chosen,
        rows: [...rows.values()]
          .sort((a, b) => b.stock - a.stock || a.id - b.id)
          .map((r) => ({ ...r, value: money(r.value) })),
      };
    },

    /** GET /api/orderAssist/priceSlabConfig/{cat} */
    async priceSlabConfig(viewer: Viewer, categoryId: number): Promise<PriceSlabConfigResponse> {
      await apparelCategory(viewer, categoryId);
      return { categoryId, slabs: [...(priceSlabsOf(categoryId) ?? [])] };
    },

    /** GET /api/orderAssist/apparelSales/{cat} and apparelStock/{cat}: a week's sale or stock by subcategory, type and slab. */
    async apparelQuantities(
      viewer: Viewer,
      categoryId: number,
      what: "sale" | "stock",
    ): Promise<ApparelQtyResponse> {
      await apparelCategory(viewer, categoryId);
      const t = await trade(viewer);
      const cells = apparelCells(
        t.products.filter((p) => p.categoryId === categoryId && inStatistics(viewer, p)),
      );
      return {
        asOf: t.asOf,
        from: t.weekFrom,
        saleDays: APPAREL_SALE_WINDOW_DAYS,
        categoryId,
        rows: cells
          .filter((c) => c[what] > 0)
          .map(({ sale, stock, pending: _p, inTransit: _t, ...key }) => ({
            ...key,
            qty: what === "sale" ? sale : stock,
          })),
      };
    },

    /** GET /api/orderAssist/apparelStockInTransit/{cat} */
    async apparelInTransit(viewer: Viewer, categoryId: number): Promise<ApparelInTransitResponse> {
      await apparelCategory(viewer, categoryId);
      const t = await trade(viewer);
      const cells = apparelCells(
        t.products.filter((p) => p.categoryId === categoryId && inStatistics(viewer, p)),
      );
      return {
        categoryId,
        rows: cells
          .filter((c) => c.pending + c.inTransit > 0)
          .map(({ sale: _s, stock: _k, ...rest }) => rest),
      };
    },

    /** GET /api/orderAssist/apparelInvoice/{cat}: the store's open order lines of the category. */
    async apparelOrderLines(viewer: Viewer, categoryId: number): Promise<AssistOrderLines> {
      await apparelCategory(viewer, categoryId);
      const rows = await repo.openOrderLines(db, viewer.userId, { categoryId });
      return { rows: rows.map(asOrderLine) };
    },

    /** POST /api/orderAssist/invoiceDetails: the store's open order lines of these products. */
    async orderLines(viewer: Viewer, productIds: readonly number[]): Promise<AssistOrderLines> {
      const rows = await repo.openOrderLines(db, viewer.userId, { productIds: [...new Set(productIds)] });
      return { rows: rows.map(asOrderLine) };
    },

    /** POST /api/orderAssist/stockInTransit: pending and in-transit units of these products. */
    async stockInTransit(viewer: Viewer, productIds: readonly number[]): Promise<StockInTransitResponse> {
      const orders = await repo.openOrderQuantities(db, viewer.userId);
      return [...new Set(productIds)].map((productId) => {
        const of = orders.filter((o) => o.productId === productId);
        const sum = (bucket: "pending" | "inTransit") =>
          of.filter((o) => assistOrderBucket(o.status) === bucket).reduce((n, o) => n + o.qty, 0);
        return { productId, pending: sum("pending"), inTransit: sum("inTransit") };
      });
    },

    /** GET /api/orderAssist/apparelSubcatLevelSales/{id}: suggestion by type and price slab. */
    async apparelSubcategory(viewer: Viewer, subcategoryId: number): Promise<ApparelSubcategorySales> {
      const sub = await repo.subcategoryById(db, subcategoryId);
      if (
        !sub ||
        !passesRules(viewer.rules, { categoryId: sub.categoryId, subcategoryId }) ||
        (isFoodSubcategory(subcategoryId) && !viewer.hasFoodLicense)
      )
        throw notFound(SUBCATEGORY_NOT_FOUND);
      if (!isApparelCategory(sub.categoryId)) throw badRequest(NOT_APPAREL);
      const t = await trade(viewer);
      const cells = apparelCells(t.products.filter((p) => p.subcategoryId === subcategoryId));
      return {
        asOf: t.asOf,
        from: t.weekFrom,
        saleDays: APPAREL_SALE_WINDOW_DAYS,
        categoryId: sub.categoryId,
        subcategory: { id: sub.id, name: sub.name },
        rows: cells.map(({ subcategoryId: _i, subcategoryName: _n, ...c }) => ({
          ...c,
          suggested: apparelSuggestion(c),
        })),
      };
    },

    /**
     * GET /api/products/getSuggestedProducts/{id} and POST /api/products/suggestedProducts: the
     * category's products the caller may buy, per subcategory, with their suggested quantities.
     */
    async suggestions(
      viewer: Viewer,
      categoryId: number,
      productIds?: readonly number[],
    ): Promise<AssistSuggestions> {
      const chosen = await category(viewer, categoryId);
      const t = await trade(viewer);
      const only = productIds && productIds.length > 0 ? new Set(productIds) : null;
      const items = t.products.filter(
        (p) => p.categoryId === categoryId && p.visible && (!only || only.has(p.id)),
      );
      const apparel = isApparelCategory(categoryId);
      return {
        asOf: t.asOf,
        from: apparel ? t.weekFrom : t.from,
        saleDays: apparel ? APPAREL_SALE_WINDOW_DAYS : ASSIST_SALE_WINDOW_DAYS,
        category: chosen,
        apparel,
        ...groupSuggestions(
          categoryId,
          items,
          await unitCosts(
            viewer,
            items.map((p) => p.id),
          ),
        ),
      };
    },

    /** POST /api/products/getProductList: these products as the listing shows them, only those the caller may see. */
    async productList(viewer: Viewer, productIds: readonly number[]): Promise<Product[]> {
      const unique = [...new Set(productIds)];
      const visible = (await repo.productAttributes(db, unique, visibleTo(viewer)))
        .filter((p) => p.visible)
        .map((p) => p.id);
      const allowed = new Set(visible);
      return listing.present(
        unique.filter((id) => allowed.has(id)),
        viewer,
        mappedWarehouseIds(viewer),
      );
    },

    /**
     * POST /api/orderAssist/addToCart: the suggested products go into the cart through the cart's
     * own rules (visibility, serviceability, quantities, 300 lines); past the limit the answer is
     * the spec's order-assist message.
     */
    async addToCart(
      caller: CartCaller,
      items: readonly { id: number; qty: number }[],
    ): Promise<CartUpdateResponse> {
      try {
        return await cart.update(caller, { products: [...items], mode: "update" });
      } catch (error) {
        if (error instanceof AppError && error.message === messages.cartLimit)
          throw new AppError(error.status, messages.cartLimitOrderAssist);
        throw error;
      }
    },
  };
}

export type OrderAssistService = ReturnType<typeof createOrderAssistService>;
