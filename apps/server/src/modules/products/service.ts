import type { LikeDislikeRecord as LikeDislikeRecordSchema, Product, ProductDetail } from "@portal/contracts";
import {
  APPAREL_CATEGORY_IDS,
  BESTSELLER_REQUEST_SIZE,
  brandAllowed,
  foodLicenceAllows,
  isSellableSize,
  messages,
  passesRules,
  priceUnit,
  sameAmount,
  sortBySize,
} from "@portal/domain";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { notFound } from "../../lib/errors";
import { TtlCache } from "../../lib/ttl-cache";
import {
  type CatalogueCacheOptions,
  type ListingService,
  mappedOrRefuse,
  mappedWarehouseIds,
  type StockRow,
  stockRows,
  type Viewer,
  viewerAnswerKey,
  visibleRows,
  visibleTo,
  warehouseIdsFor,
} from "../catalogue/public";
import * as repo from "./repo";

type ProductWarehouse = ProductDetail["warehouses"][number];
type LikeDislikeRecord = z.infer<typeof LikeDislikeRecordSchema>;

/** Distinct ids in the order first asked. */
function askedIds(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** The warehouses holding a product at its MRP with stock above 0, in id order. */
function holdingWarehouses(mrp: string, stock: readonly StockRow[]): ProductWarehouse[] {
  return stock
    .filter((s) => s.stock > 0 && sameAmount(s.mrp, mrp))
    .sort((a, b) => a.warehouseId - b.warehouseId)
    .map((s) => ({ id: s.warehouseId, name: s.name, mrp: s.mrp, stock: s.stock, state: s.state }));
}

/** Stock rows grouped by product. */
function stockByProduct(stock: readonly StockRow[]): (productId: number) => StockRow[] {
  const byProduct = new Map<number, StockRow[]>();
  for (const row of stock) {
    const list = byProduct.get(row.productId);
    if (list) list.push(row);
    else byProduct.set(row.productId, [row]);
  }
  return (productId) => byProduct.get(productId) ?? [];
}

export function createProductsService(deps: { db: Db; listing: ListingService } & CatalogueCacheOptions) {
  const { db, listing } = deps;
  const details = new TtlCache<Promise<ProductDetail>>(deps.answerCacheMs ?? 0, 5000);

  /** Visible products among `ids`, in the order asked, with their stock rows in `warehouseIds`. */
  async function visibleWithStock(viewer: Viewer, ids: readonly number[], warehouseIds: readonly number[]) {
    const asked = askedIds(ids);
    const mrpOf = await repo.visibleMrps(db, asked, visibleTo(viewer, warehouseIds));
    const shown = asked.filter((id) => mrpOf.has(id));
    const stockOf = stockByProduct(await stockRows(db, shown, warehouseIds));
    return shown.flatMap((id) => {
      const mrp = mrpOf.get(id);
      return mrp === undefined ? [] : [{ id, mrp, stock: stockOf(id) }];
    });
  }

  /** The caller's own like or dislike of a product, or null. */
  async function like(viewer: Viewer, productId: number): Promise<LikeDislikeRecord | null> {
    const row = await repo.findLike(db, viewer.userId, productId);
    return row ? { ...row, likeDislike: row.likeDislike === 1 ? 1 : 0 } : null;
  }

  return {
    /**
     * The detail screen's product: 404 unless visible to the caller. Priced from `whId` when that
     * warehouse (which must be mapped) holds it at its MRP, otherwise from the usual choice among
     * the caller's warehouses. Adds the holding warehouses, the GST rates and amounts applied, and
     * the size and colour siblings.
     */
    detail(viewer: Viewer, id: number, whId?: number): Promise<ProductDetail> {
      return details.getOrCompute(viewerAnswerKey(viewer, id, whId), () => computeDetail(viewer, id, whId));
    },

    /** Forget cached answers (after stock or catalogue changes). */
    invalidate: () => details.clear(),

    /** A brand, unless missing or hidden by the caller's rules. */
    async brand(viewer: Viewer, id: number) {
      if (!brandAllowed(viewer.rules, id)) throw notFound(messages.brandNotFound);
      const brand = await repo.brandById(db, id);
      if (!brand) throw notFound(messages.brandNotFound);
      return brand;
    },

    /** Sellable, visible sizes of each group (in one colour when given), groups in the order asked. */
    async children(viewer: Viewer, asked: readonly { groupID: number; color?: string | null | undefined }[]) {
      const groups = asked.map((g) => ({ groupId: g.groupID, color: g.color ?? null }));
      const mapped = mappedWarehouseIds(viewer);
      const rows = await repo.visibleGroupMembers(db, groups, visibleTo(viewer, mapped));
      const stockOf = stockByProduct(
        await stockRows(
          db,
          rows.map((r) => r.id),
          mapped,
        ),
      );
      const sellable = rows.filter((r) =>
        isSellableSize({
          ...r,
          warehouses: stockOf(r.id).map((s) => ({ id: s.warehouseId, mrp: s.mrp, stock: s.stock })),
        }),
      );
      const seen = new Set<number>();
      return groups.flatMap((g) =>
        sortBySize(
          sellable.filter((r) => r.groupId === g.groupId && (g.color === null || r.color === g.color)),
          (r) => r.size,
        )
          .filter((r) => {
            if (seen.has(r.id)) return false;
            seen.add(r.id);
            return true;
          })
          .map((r) => ({
            id: r.id,
            groupID: r.groupId,
            size: r.size,
            color: r.color,
            ageFromMonths: r.ageFromMonths,
            ageToMonths: r.ageToMonths,
            mrp: r.mrp,
          })),
      );
    },

    like,

    /** Likes (1) or dislikes (0) a product the caller may see; one record per user and product. */
    async saveLike(viewer: Viewer, body: { productId: number; likeDislike: 0 | 1; reason: string }) {
      const visible = await repo.visibleMrps(db, askedIds([body.productId]), visibleTo(viewer));
      if (!visible.has(body.productId)) throw notFound(messages.productNotFound);
      await repo.upsertLike(db, { userId: viewer.userId, ...body });
      const saved = await like(viewer, body.productId);
      if (!saved) throw notFound(messages.productNotFound);
      return saved;
    },

    /** The visible ones among `ids` as listing products, in the order asked. */
    async info(viewer: Viewer, ids: readonly number[], wh?: readonly number[]): Promise<Product[]> {
      const warehouseIds = mappedOrRefuse(viewer, wh);
      const asked = askedIds(ids);
      const visible = await repo.visibleMrps(db, asked, visibleTo(viewer, warehouseIds));
      return listing.present(
        asked.filter((id) => visible.has(id)),
        viewer,
        warehouseIds,
      );
    },

    /** Stock at MRP in the caller's warehouses of each visible product. */
    async currentStock(viewer: Viewer, ids: readonly number[]) {
      const found = await visibleWithStock(viewer, ids, mappedWarehouseIds(viewer));
      return found.map((p) => ({
        productid: p.id,
        totalStock: holdingWarehouses(p.mrp, p.stock).reduce((sum, w) => sum + w.stock, 0),
      }));
    },

    /** The caller's warehouses holding each visible product at its MRP. */
    async warehouses(viewer: Viewer, ids: readonly number[]) {
      const found = await visibleWithStock(viewer, ids, mappedWarehouseIds(viewer));
      return found.map((p) => ({ productId: p.id, warehouses: holdingWarehouses(p.mrp, p.stock) }));
    },

    /** The sale flag of each visible product, in the order asked. */
    async sale(viewer: Viewer, ids: readonly number[]) {
      const asked = askedIds(ids);
      const rows = await repo.saleFlags(db, asked, visibleTo(viewer));
      const flag = new Map(rows.map((r) => [r.id, r.isSale]));
      return asked.flatMap((id) => {
        const isSale = flag.get(id);
        return isSale === undefined ? [] : [{ productId: id, isSale }];
      });
    },

    /**
     * The non-apparel category list (categories 6, 21 and 22 left out) with the subcategories the
     * caller may see: food subcategories only with the licence, and the caller's rules.
     */
    async categories(viewer: Viewer) {
      const rows = await repo.categoriesWithSubcategories(db, APPAREL_CATEGORY_IDS);
      const list = new Map<
        number,
        { id: number; name: string; subcategories: { id: number; name: string }[] }
      >();
      for (const row of rows) {
        if (!passesRules(viewer.rules, { categoryId: row.categoryId })) continue;
        if (!foodLicenceAllows(viewer, row.subcategoryId)) continue;
        if (!passesRules(viewer.rules, { categoryId: row.categoryId, subcategoryId: row.subcategoryId }))
          continue;
        let entry = list.get(row.categoryId);
        if (!entry) {
          entry = { id: row.categoryId, name: row.categoryName, subcategories: [] };
          list.set(row.categoryId, entry);
        }
        entry.subcategories.push({ id: row.subcategoryId, name: row.subcategoryName });
      }
      return [...list.values()];
    },

    async subcategoryTypes() {
      return repo.allSubcategoryTypes(db);
    },

    /** The caller's visible best sellers, best first: one request of the spec's size. */
    async bestsellers(viewer: Viewer, categoryId?: number): Promise<Product[]> {
      const mapped = mappedWarehouseIds(viewer);
      const ids = await repo.bestSellerIds(
        db,
        visibleTo(viewer, mapped),
        BESTSELLER_REQUEST_SIZE,
        categoryId,
      );
      if (ids.length === 0) throw notFound(messages.bestsellersNotFound);
      return listing.present(ids, viewer, mapped);
    },

    /** The caller's automatic replenishment list (visible products only); empty unless enableARS. */
    async arsProducts(viewer: Viewer) {
      if (!viewer.enableARS) return [];
      return repo.arsList(db, viewer.userId, visibleTo(viewer));
    },
  };

  async function computeDetail(viewer: Viewer, id: number, whId?: number): Promise<ProductDetail> {
    if (whId !== undefined) warehouseIdsFor(viewer, "all", whId);
    const mapped = mappedWarehouseIds(viewer);
    const snapshot = await listing.index.fresh();
    const selfRow = snapshot.rowOfProduct.get(id);
    const { bits } = visibleRows(snapshot, {
      warehouseIds: mapped,
      hasFoodLicense: viewer.hasFoodLicense,
      rules: viewer.rules,
      whType: "all",
    });
    if (selfRow === undefined || bits[selfRow] !== 1) throw notFound(messages.productNotFound);
    const memberRows = snapshot.groupRows(snapshot.products[selfRow]!.groupId);
    const facts = await listing.cardFacts(
      snapshot,
      memberRows.map((r) => snapshot.productId[r]!),
    );
    const group = memberRows.flatMap((r) => {
      const f = facts.get(snapshot.productId[r]!);
      return f ? [{ ...f.row.product, visible: bits[r] === 1 }] : [];
    });
    const self = group.find((g) => g.id === id);
    if (!self) throw notFound(messages.productNotFound);

    const inMapping = new Set(mapped);
    const stockOf = stockByProduct(
      [...facts.values()].flatMap((f) => f.stock.filter((s) => inMapping.has(s.warehouseId))),
    );
    const own = holdingWarehouses(self.mrp, stockOf(id));
    const pricedFrom = whId !== undefined && own.some((w) => w.id === whId) ? [whId] : mapped;
    const [product] = await listing.present([id], viewer, pricedFrom, snapshot);
    if (!product) throw notFound(messages.productNotFound);

    // The GST of the store's purchase is worked out on its cost: not for a kiosk guest (MRP only).
    const unit = viewer.mrpOnly
      ? null
      : priceUnit({
          mrp: product.mrp,
          retailerMargin: self.retailerMargin,
          hsnCode: product.HSNCode,
          hsnIgstRate: product.gstratemaster.IGST,
          shipToState: viewer.shipToState,
          warehouseState: viewer.warehouses.find((w) => w.id === product.whId)?.state ?? "",
        });

    // Siblings the caller may know of: active, and passing the caller's rules and food licence.
    // Sellable only when visible and a sellable size in the caller's warehouses.
    const otherProducts = sortBySize(group, (g) => g.size)
      .filter(
        (g) =>
          g.id !== id &&
          g.b2bIsActive &&
          foodLicenceAllows(viewer, g.subcategoryId) &&
          passesRules(viewer.rules, g),
      )
      .map((g) => ({
        id: g.id,
        size: g.size,
        color: g.color,
        sellable:
          g.visible &&
          isSellableSize({
            b2bIsActive: g.b2bIsActive,
            retailerMargin: g.retailerMargin,
            currentStock: g.currentStock,
            warehouses: stockOf(g.id).map((s) => ({
              id: s.warehouseId,
              mrp: s.mrp,
              stock: s.stock,
            })),
          }),
      }));

    return {
      ...product,
      warehouses: own,
      ...(unit && {
        gstRates: { cgst: unit.cgstRate, sgst: unit.sgstRate, igst: unit.igstRate, total: unit.gstRate },
        tax: { cgst: unit.cgst, sgst: unit.sgst, igst: unit.igst },
      }),
      otherProducts,
    };
  }
}

export type ProductsService = ReturnType<typeof createProductsService>;
