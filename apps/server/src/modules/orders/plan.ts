import type { PlaceOrderBody } from "@portal/contracts";
import {
  belowGroupMinimum,
  estimatedShippingDays,
  evaluateGroup,
  GROUP_RULES,
  type GstType,
  gstRatesOf,
  indiaDay,
  messages,
  ORDER_ID_LETTER,
  type OrderTotals,
  orderTotals,
  type Paise,
  type PurchaseRefusal,
  paiseToDecimal,
  priceUnitPaise,
  restatedLine,
  STOCK_TYPES,
  type StockType,
  type UnitPricePaise,
  unknownStockType,
  type WarehouseGroup,
  warehouseGroupOf,
  warehouseNotMapped,
} from "@portal/domain";

/**
 * Turns an order request into priced purchase orders, with no I/O: the server's own prices and GST
 * per line (the client's prices are ignored), one purchase order per warehouse and stock type, and
 * the warehouse-group minimums. What cannot be ordered becomes a refusal with its reason.
 */

/** What the plan needs to know of a product (read under lock in the placement's transaction). */
export interface ProductFacts {
  id: number;
  name: string;
  description: string;
  hsnCode: string;
  stockType: string;
  isReturnable: boolean;
  minimumShipHours: number;
  mrp: string;
  retailerMargin: string;
  /** The HSN table's IGST rate in percent. */
  hsnIgstRate: string;
  b2bIsActive: boolean;
  categoryId: number;
  subcategoryId: number;
  brandId: number;
  subcategoryTypeId: number | null;
}

export interface WarehouseFacts {
  id: number;
  name: string;
  state: string;
}

export interface PricedLine {
  product: ProductFacts;
  stockType: StockType;
  qty: number;
  unit: UnitPricePaise;
  totalBase: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** totalBase + cgst + sgst + igst: the tax engine's line (tax on the whole taxable value). */
  totalPrice: Paise;
  totalMrp: Paise;
}

export interface PlannedPurchaseOrder {
  stockType: StockType;
  /** The order id's last character. */
  letter: string;
  group: WarehouseGroup;
  gstType: GstType;
  lines: PricedLine[];
  /** The largest estimated shipping days of its lines. */
  shippingDays: number;
  shippingCharge: boolean;
  totals: OrderTotals;
}

export type PlannedWarehouseOrder =
  | { kind: "refused"; wh: number; message: string }
  | { kind: "planned"; wh: number; warehouse: WarehouseFacts; purchaseOrders: PlannedPurchaseOrder[] };

const isStockType = (t: string): t is StockType => (STOCK_TYPES as readonly string[]).includes(t);

/** One line priced for the caller's ship-to state and the warehouse's state, totals in paise. */
export function priceLine(
  product: ProductFacts,
  stockType: StockType,
  qty: number,
  shipToState: string,
  warehouseState: string,
): PricedLine {
  const unit = priceUnitPaise({
    mrp: product.mrp,
    retailerMargin: product.retailerMargin,
    hsnCode: product.hsnCode,
    hsnIgstRate: product.hsnIgstRate,
    shipToState,
    warehouseState,
  });
  // The document chain's line (the tax engine's: tax on the line's whole taxable value), from the
  // very unit facts the line is stored with, as a part-confirm, the invoice and the data file restate it.
  const line = restatedLine(
    {
      baseCost: paiseToDecimal(unit.baseCost),
      gstRate: gstRatesOf(unit).gstRate,
      mrp: paiseToDecimal(unit.mrp),
    },
    qty,
    unit.gstType,
  );
  return {
    product,
    stockType,
    qty,
    unit,
    totalBase: line.totalBase,
    cgst: line.cgst,
    sgst: line.sgst,
    igst: line.igst,
    totalPrice: line.totalPrice,
    totalMrp: line.totalMrp,
  };
}

function purchaseOrderOf(wh: number, stockType: StockType, lines: PricedLine[]): PlannedPurchaseOrder {
  const first = lines[0];
  if (!first) throw new Error("a purchase order needs a line");
  return {
    stockType,
    letter: ORDER_ID_LETTER[stockType],
    group: warehouseGroupOf(wh, stockType),
    gstType: first.unit.gstType,
    lines,
    shippingDays: Math.max(...lines.map((l) => estimatedShippingDays(l.product.minimumShipHours, stockType))),
    shippingCharge: false,
    // The document chain's totals (its goods; the shipping charge is billed beside them, see document-chain.ts).
    totals: orderTotals(lines.map((l) => ({ ...l, quantity: l.qty }))),
  };
}

/**
 * Plans every warehouse order of a request: each warehouse must be mapped, each product one the
 * caller may buy from it (`refusal`, the cart's purchase rules); lines are priced and split by stock type (one purchase order per warehouse and stock
 * type, in the order of the stock types). Then each warehouse group's total across the request must
 * reach its minimum (the stockist's ₹6000), else every order of that group is refused; the
 * shipping-charge flag of each purchase order comes from its group's total.
 */
export function planPlacement(input: {
  orders: PlaceOrderBody["orders"];
  shipToState: string;
  warehouses: readonly WarehouseFacts[];
  products: ReadonlyMap<number, ProductFacts>;
  /** Why the caller may not buy the product from the warehouse (cart/purchase.ts purchaseRules), or null. */
  refusal: (productId: number, wh: number) => PurchaseRefusal | null;
}): PlannedWarehouseOrder[] {
  const planned: PlannedWarehouseOrder[] = input.orders.map((order) => {
    const warehouse = input.warehouses.find((w) => w.id === order.wh);
    if (!warehouse) return { kind: "refused", wh: order.wh, message: warehouseNotMapped(order.wh) };
    const byType = new Map<StockType, PricedLine[]>();
    for (const line of order.products) {
      const product = input.products.get(line.id);
      const refused = product ? input.refusal(line.id, order.wh) : null;
      if (!product || refused)
        return { kind: "refused", wh: order.wh, message: refused?.message ?? messages.productNotFound };
      if (!isStockType(product.stockType))
        return { kind: "refused", wh: order.wh, message: unknownStockType(product.name) };
      const priced = priceLine(product, product.stockType, line.qty, input.shipToState, warehouse.state);
      const list = byType.get(product.stockType);
      if (list) list.push(priced);
      else byType.set(product.stockType, [priced]);
    }
    const purchaseOrders = STOCK_TYPES.flatMap((type) => {
      const lines = byType.get(type);
      return lines ? [purchaseOrderOf(order.wh, type, lines)] : [];
    });
    return { kind: "planned", wh: order.wh, warehouse, purchaseOrders };
  });

  const groupTotals = new Map<WarehouseGroup, Paise>();
  for (const order of planned) {
    if (order.kind !== "planned") continue;
    for (const po of order.purchaseOrders)
      groupTotals.set(po.group, (groupTotals.get(po.group) ?? 0n) + po.totals.netPayment);
  }
  const evaluated = new Map(
    [...groupTotals].map(([group, total]) => [group, evaluateGroup(group, total)] as const),
  );
  return planned.map((order) => {
    if (order.kind !== "planned") return order;
    const short = order.purchaseOrders.find((po) => !evaluated.get(po.group)?.meetsMinimum);
    if (short)
      return {
        kind: "refused",
        wh: order.wh,
        message: belowGroupMinimum(
          GROUP_RULES[short.group].label,
          GROUP_RULES[short.group].minimum,
          groupTotals.get(short.group) ?? 0n,
        ),
      };
    for (const po of order.purchaseOrders)
      po.shippingCharge = evaluated.get(po.group)?.shippingCharge ?? false;
    return order;
  });
}

/** `PO-<yyMMdd>-<number><letter>`, dated by the India calendar day (the letter gives the stock type). */
export function purchaseOrderId(now: Date, number: number, letter: string): string {
  const day = indiaDay(now).slice(2).replaceAll("-", "");
  return `PO-${day}-${number}${letter}`;
}

/** The estimated (latest) ship date: now plus the order's largest estimated shipping days. */
export const maxShipDateOf = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000);
