import type { PurchaseOrder, PurchaseOrderLine } from "@portal/contracts";
import { ORDER_STATUSES, type OrderStatus, STOCK_TYPES, type StockType } from "@portal/domain";
import type { PurchaseOrderLineRow, PurchaseOrderRow } from "./repo";

const asStockType = (t: string): StockType =>
  (STOCK_TYPES as readonly string[]).includes(t) ? (t as StockType) : "OwnedStock";
const asStatus = (s: string): OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(s) ? (s as OrderStatus) : "Pending";
const asGroup = (g: string): PurchaseOrder["warehouseGroup"] =>
  g === "stockist" || g === "dropship" ? g : "owned";

/** Numeric columns come back as "1234.50"; make sure there are always exactly 2 places. */
const money = (v: string) => {
  const [whole = "0", fraction = ""] = v.split(".");
  return `${whole}.${fraction.padEnd(2, "0").slice(0, 2)}`;
};

export function toPurchaseOrderLine(row: Omit<PurchaseOrderLineRow, "id" | "poid">): PurchaseOrderLine {
  return {
    productId: row.productId,
    name: row.productName,
    desc: row.productDesc,
    hsnCode: row.hsnCode,
    stockType: asStockType(row.stockType),
    isReturnable: row.isReturnable,
    minimumShipHours: row.minimumShipHours,
    mrp: money(row.mrp),
    actualPrice: money(row.actualPrice),
    baseCost: money(row.baseCost),
    orderedQuantity: row.orderedQuantity,
    quantity: row.quantity,
    totalPrice: money(row.totalPrice),
    totalBase: money(row.totalBase),
    gstRate: money(row.gstRate),
    cgstRate: money(row.cgstRate),
    sgstRate: money(row.sgstRate),
    igstRate: money(row.igstRate),
    cgst: money(row.cgst),
    sgst: money(row.sgst),
    igst: money(row.igst),
  };
}

/** The purchase order as the API shows it (the placement's answer and GET /api/order/{poid}). */
export function toPurchaseOrder(
  order: PurchaseOrderRow,
  lines: readonly Omit<PurchaseOrderLineRow, "id" | "poid">[],
  warehouse: { name: string; state: string },
): PurchaseOrder {
  return {
    poid: order.poid,
    warehouseId: order.warehouseId,
    warehouseName: warehouse.name,
    warehouseState: warehouse.state,
    warehouseGroup: asGroup(order.warehouseGroup),
    source: order.source === "B2F" || order.source === "Kiosk" ? order.source : "B2B",
    stockType: asStockType(order.stockType),
    status: asStatus(order.status),
    placementId: order.placementId,
    createdAt: order.createdAt.toISOString(),
    paymentDate: order.paymentDate ? order.paymentDate.toISOString() : null,
    maxShipDate: order.maxShipDate.toISOString(),
    totalItems: order.totalItems,
    totalQuantity: order.totalQuantity,
    totalMrp: money(order.totalMrp),
    totalBase: money(order.totalBase),
    totalCgst: money(order.totalCgst),
    totalSgst: money(order.totalSgst),
    totalIgst: money(order.totalIgst),
    couponDiscount: money(order.couponDiscount),
    netPayment: money(order.netPayment),
    gstType: order.gstType === "IGST" ? "IGST" : "CGST/SGST",
    shippingCharge: order.shippingCharge,
    docketNo: order.docketNo,
    transporterNo: order.transporterNo,
    gapReport: order.gapReport,
    shippingAddress: {
      name: order.shippingName,
      address1: order.shippingAddress1,
      address2: order.shippingAddress2,
      city: order.shippingCity,
      state: order.shippingState,
      pincode: order.shippingPincode,
      phone: order.shippingPhone,
    },
    billingAddress: {
      name: order.billingName,
      address1: order.billingAddress1,
      address2: order.billingAddress2,
      city: order.billingCity,
      state: order.billingState,
      pincode: order.billingPincode,
      gstNo: order.billingGstNo,
    },
    lines: lines.map(toPurchaseOrderLine),
  };
}
