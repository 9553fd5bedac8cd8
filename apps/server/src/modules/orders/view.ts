import type { PlacedBy, PurchaseOrder, PurchaseOrderLine } from "@portal/contracts";
import { amountOf, INTRA_STATE_GST, orderStatusOf, stockTypeOf } from "@portal/domain";
import type { PurchaseOrderLineRow, PurchaseOrderRow } from "./repo";

const asGroup = (g: string): PurchaseOrder["warehouseGroup"] =>
  g === "stockist" || g === "dropship" ? g : "owned";

export function toPurchaseOrderLine(row: Omit<PurchaseOrderLineRow, "id" | "poid">): PurchaseOrderLine {
  return {
    productId: row.productId,
    name: row.productName,
    desc: row.productDesc,
    hsnCode: row.hsnCode,
    stockType: stockTypeOf(row.stockType),
    isReturnable: row.isReturnable,
    minimumShipHours: row.minimumShipHours,
    mrp: amountOf(row.mrp),
    actualPrice: amountOf(row.actualPrice),
    baseCost: amountOf(row.baseCost),
    orderedQuantity: row.orderedQuantity,
    quantity: row.quantity,
    totalPrice: amountOf(row.totalPrice),
    totalBase: amountOf(row.totalBase),
    gstRate: amountOf(row.gstRate),
    cgstRate: amountOf(row.cgstRate),
    sgstRate: amountOf(row.sgstRate),
    igstRate: amountOf(row.igstRate),
    cgst: amountOf(row.cgst),
    sgst: amountOf(row.sgst),
    igst: amountOf(row.igst),
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
    stockType: stockTypeOf(order.stockType),
    status: orderStatusOf(order.status),
    placementId: order.placementId,
    createdAt: order.createdAt.toISOString(),
    paymentDate: order.paymentDate ? order.paymentDate.toISOString() : null,
    maxShipDate: order.maxShipDate.toISOString(),
    totalItems: order.totalItems,
    totalQuantity: order.totalQuantity,
    totalMrp: amountOf(order.totalMrp),
    totalBase: amountOf(order.totalBase),
    totalCgst: amountOf(order.totalCgst),
    totalSgst: amountOf(order.totalSgst),
    totalIgst: amountOf(order.totalIgst),
    couponDiscount: amountOf(order.couponDiscount),
    netPayment: amountOf(order.netPayment),
    gstType: order.gstType === "IGST" ? "IGST" : INTRA_STATE_GST,
    shippingCharge: order.shippingCharge,
    shippingChargeAmount: amountOf(order.shippingChargeAmount),
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

/** Who of the store placed an order, from its member (null: the owner, or an order from before store teams). */
export const placedByOf = (
  member: { firstname: string; lastname: string; role: string } | null,
): PlacedBy | null =>
  member ? { name: `${member.firstname} ${member.lastname}`.trim(), role: member.role } : null;
