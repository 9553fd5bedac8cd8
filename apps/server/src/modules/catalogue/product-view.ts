import type { Product, StyleSize } from "@portal/contracts";
import {
  estimatedShippingDays,
  IMAGE_VIEWS,
  preferredWarehouses,
  priceUnit,
  productImageUrl,
  type StockType,
  sameAmount,
  showsReorderMark,
} from "@portal/domain";
import type { ProductRow, StockRow } from "./products-repo";

/** The stock rows holding a product at its MRP, in the one warehouse preference (own state, most stock, lowest id). */
export const holdersAtMrp = (mrp: string, stock: readonly StockRow[], shipToState: string): StockRow[] =>
  preferredWarehouses(
    stock.filter((s) => sameAmount(s.mrp, mrp)),
    shipToState,
  );

/** The warehouse a product is priced and shipped from for this caller: the first of `holdersAtMrp`. */
export const chooseWarehouse = (
  mrp: string,
  stock: readonly StockRow[],
  shipToState: string,
): StockRow | null => holdersAtMrp(mrp, stock, shipToState)[0] ?? null;

/**
 * The spec's product, priced for the caller's shipping state and the chosen warehouse. `mrpOnly` (a
 * kiosk guest): the product without the store's wholesale price (`retailerMargin`, `pricing`).
 */
export function toProduct(
  row: ProductRow,
  stock: readonly StockRow[],
  context: { shipToState: string; isARS: boolean; concept: string | null; mrpOnly: boolean },
): Product {
  const p = row.product;
  const chosen = chooseWarehouse(p.mrp, stock, context.shipToState);
  const unit = priceUnit({
    mrp: p.mrp,
    retailerMargin: p.retailerMargin,
    hsnCode: p.hsnCode,
    hsnIgstRate: row.igst,
    shipToState: context.shipToState,
    warehouseState: chosen?.state ?? "",
  });
  const stockType = p.stockType as StockType;
  return {
    id: p.id,
    name: p.name,
    size: p.size,
    desc: p.description,
    color: p.color,
    groupID: p.groupId,
    mrp: unit.mrp,
    ...(context.mrpOnly ? {} : { retailerMargin: unit.retailerMargin }),
    catId: p.categoryId,
    subcatId: p.subcategoryId,
    category: { id: p.categoryId, name: row.categoryName },
    subcategory: { id: p.subcategoryId, name: row.subcategoryName },
    subcategoryType:
      p.subcategoryTypeId !== null && row.typeName ? { id: p.subcategoryTypeId, name: row.typeName } : null,
    brand: { id: p.brandId, name: row.brandName },
    brandId: p.brandId,
    isReturnable: p.isReturnable,
    stockType,
    stock: { type: stockType },
    currentStock: p.currentStock,
    totalStock: stock
      .filter((s) => sameAmount(s.mrp, p.mrp))
      .reduce((sum, s) => sum + Math.max(0, s.stock), 0),
    b2bIsActive: p.b2bIsActive,
    HSNCode: p.hsnCode,
    minimumShipHours: p.minimumShipHours,
    estimatedShippingDays: estimatedShippingDays(p.minimumShipHours, stockType),
    ageFromMonths: p.ageFromMonths,
    ageToMonths: p.ageToMonths,
    ...(context.mrpOnly
      ? {}
      : {
          pricing: {
            mrp: unit.mrp,
            retailerMargin: unit.retailerMargin,
            ctc: unit.ctc,
            baseCost: unit.baseCost,
            vat: unit.vat,
            netCost: unit.netCost,
            margin: unit.margin,
          },
        }),
    gstType: unit.gstType,
    gstratemaster: { HSNCode: p.hsnCode, CGST: row.cgst, SGST: row.sgst, IGST: row.igst },
    whId: chosen?.warehouseId ?? 0,
    isPL: row.isPrivateLabel,
    isSale: p.isSale,
    isSet: p.isSet,
    isPremium: p.isPremium,
    isOffer: p.isOffer,
    isARS: context.isARS,
    reorder: showsReorderMark(context.concept, p),
    images: IMAGE_VIEWS.slice(0, Math.max(1, Math.min(8, p.imageCount))).map((v) => productImageUrl(p.id, v)),
    createdAt: p.createdAt.toISOString(),
  };
}

/**
 * A size of a listing card's style: what `toProduct` gives of it (the same warehouse, price and stock),
 * without building the whole product.
 */
export function toStyleSize(
  row: ProductRow,
  stock: readonly StockRow[],
  context: { shipToState: string; mrpOnly: boolean },
): StyleSize {
  const p = row.product;
  const chosen = chooseWarehouse(p.mrp, stock, context.shipToState);
  const unit = priceUnit({
    mrp: p.mrp,
    retailerMargin: p.retailerMargin,
    hsnCode: p.hsnCode,
    hsnIgstRate: row.igst,
    shipToState: context.shipToState,
    warehouseState: chosen?.state ?? "",
  });
  return {
    id: p.id,
    size: p.size,
    ageFromMonths: p.ageFromMonths,
    ageToMonths: p.ageToMonths,
    totalStock: stock
      .filter((s) => sameAmount(s.mrp, p.mrp))
      .reduce((sum, s) => sum + Math.max(0, s.stock), 0),
    whId: chosen?.warehouseId ?? 0,
    mrp: unit.mrp,
    ...(context.mrpOnly ? {} : { netCost: unit.netCost }),
  };
}
