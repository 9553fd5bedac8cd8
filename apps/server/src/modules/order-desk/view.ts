import type { AdminOrderRow } from "@portal/contracts";
import { orderStatusOf, paiseToDecimal, toPaise } from "@portal/domain";
import type { UserRow } from "../auth/public";
import type { OrderRow } from "./repo";

export const partnerNameOf = (u: Pick<UserRow, "storeName" | "firstname" | "lastname">) =>
  u.storeName ?? `${u.firstname} ${u.lastname}`;

export function toAdminOrderRow(r: {
  order: OrderRow;
  user: UserRow;
  warehouseName: string;
  orderedQuantity: number;
}): AdminOrderRow {
  return {
    poid: r.order.poid,
    userId: r.order.userId,
    partnerName: partnerNameOf(r.user),
    partnerEmail: r.user.email,
    accountType: r.user.accountType,
    warehouseId: r.order.warehouseId,
    warehouseName: r.warehouseName,
    status: orderStatusOf(r.order.status),
    createdAt: r.order.createdAt.toISOString(),
    totalItems: r.order.totalItems,
    orderedQuantity: Number(r.orderedQuantity),
    totalQuantity: r.order.totalQuantity,
    netPayment: paiseToDecimal(toPaise(r.order.netPayment)),
    gapReport: r.order.gapReport,
    loadId: r.order.loadId,
    autoConfirmed: r.order.autoConfirmed,
  };
}
