import { createHash, randomUUID } from "node:crypto";
import type {
  OrderResult,
  PlacedBy,
  PlaceOrderBody,
  PlaceOrderFailure,
  PlaceOrderResponse,
  PurchaseOrder,
} from "@portal/contracts";
import {
  gstRatesOf,
  messages,
  needsApproval,
  onlyLeftInWarehouse,
  orderColumns,
  type Paise,
  paiseToDecimal,
  sameAmount,
  servingCompanyOf,
  toPaise,
  type WarehouseGroup,
} from "@portal/domain";
import type { Db, Tx } from "../../db/client";
import { retryingTransaction } from "../../db/retry";
import { AppError, notFound } from "../../lib/errors";
import { type SessionUser, teamRoleOf } from "../auth/public";
import {
  assertMayBuy,
  type CartOwner,
  cartOwnerOf,
  purchaseRules,
  takeOrderedFromCart,
} from "../cart/public";
import type { Viewer } from "../catalogue/public";
import { type ProductRow, productRows, takeCurrentStock, takeWarehouseStock } from "../catalogue/public";
import { currentShippingCharge } from "../settings/public";
import {
  maxShipDateOf,
  type PlannedPurchaseOrder,
  type PlannedWarehouseOrder,
  type ProductFacts,
  planPlacement,
  purchaseOrderId,
} from "./plan";
import * as repo from "./repo";
import { placedByOf, toPurchaseOrder } from "./view";

export interface PlaceOrderOutcome {
  status: 200 | 400;
  body: PlaceOrderResponse | PlaceOrderFailure;
  /** The stored answer of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

/** A buyer's placement above their approval limit, priced as placing it would bill (issue 30). */
export interface ApprovalAsked {
  user: SessionUser;
  /** The placement to place on approval: the warehouse orders that could be placed when asked. */
  placement: PlaceOrderBody;
  lines: { productId: number; qty: number; whId: number; amount: string }[];
  /** Goods, GST and shipping charges, in paise. */
  total: Paise;
  at: Date;
}

/**
 * Where a buyer's placement above their limit goes instead of being placed (the team module's order
 * requests): written in the placement's transaction, so an Idempotency-Key retry answers the same
 * request.
 */
export interface ApprovalDesk {
  request(tx: Tx, asked: ApprovalAsked): Promise<{ id: number; total: string; message: string }>;
}

export interface OrdersDeps {
  db: Db;
  /** Buyers' placements above their approval limit become order requests here (none: placed as asked). */
  approvals?: ApprovalDesk;
  /** Called after orders were placed: stock changed, so cached catalogue answers must go. */
  onStockChanged?: () => void;
  now?: () => Date;
}

/**
 * How another module (kiosk orders) places through the same rules: the orders' source, whether the
 * caller's cart is left alone, and work done in the same transaction once the orders are written
 * (throwing there rolls the whole placement back, stock and idempotency key included).
 */
export interface PlaceOptions {
  source?: "B2B" | "B2F" | "Kiosk";
  keepCart?: boolean;
  /**
   * An owner approving a buyer's order request: the orders record the buyer as who placed them and
   * the request, and the ordered units leave the buyer's cart (not the owner's).
   */
  approving?: { memberId: number; orderRequestId: number; placedBy: PlacedBy | null };
  within?: (tx: Tx, result: readonly OrderResult[]) => Promise<void>;
}

/** A warehouse order that cannot be filled: its savepoint rolls back and it gets status 400. */
class OrderRefused extends Error {}

/** JSON with keys sorted at every level, so equal bodies hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export const requestHashOf = (body: PlaceOrderBody) =>
  createHash("sha256").update(canonicalJson(body)).digest("hex");

export function factsOf(row: ProductRow): ProductFacts {
  return {
    id: row.product.id,
    name: row.product.name,
    description: row.product.description,
    hsnCode: row.product.hsnCode,
    stockType: row.product.stockType,
    isReturnable: row.product.isReturnable,
    minimumShipHours: row.product.minimumShipHours,
    mrp: row.product.mrp,
    retailerMargin: row.product.retailerMargin,
    hsnIgstRate: row.igst,
    b2bIsActive: row.product.b2bIsActive,
    categoryId: row.product.categoryId,
    subcategoryId: row.product.subcategoryId,
    brandId: row.product.brandId,
    subcategoryTypeId: row.product.subcategoryTypeId,
  };
}

export function createOrdersService(deps: OrdersDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Writes the purchase orders of one planned warehouse order, or throws OrderRefused having written nothing. */
  async function placeWarehouseOrder(
    tx: Tx,
    order: Extract<PlannedWarehouseOrder, { kind: "planned" }>,
    context: PlacementContext,
  ): Promise<PurchaseOrder[]> {
    const lines = order.purchaseOrders.flatMap((po) => po.lines);
    const decrements = lines.map((l) => ({ productId: l.product.id, mrp: l.product.mrp, qty: l.qty }));

    // Stock at each product's MRP in this warehouse, locked; every line must be fillable.
    const stock = await repo.lockStock(
      tx,
      order.wh,
      decrements.map((d) => d.productId),
    );
    const short = lines.flatMap((l) => {
      const held = stock.find((s) => s.productId === l.product.id && sameAmount(s.mrp, l.product.mrp));
      const left = held?.stock ?? 0;
      return left < l.qty ? [onlyLeftInWarehouse(l.product.name, left, order.warehouse.name)] : [];
    });
    if (short.length > 0) throw new OrderRefused(short.join("; "));

    // The conditional decrements: nothing can go below 0, whatever ran in between.
    const taken = await takeWarehouseStock(tx, order.wh, decrements);
    const notTaken = lines.find((l) => !taken.has(l.product.id));
    if (notTaken) throw new OrderRefused(onlyLeftInWarehouse(notTaken.product.name, 0, order.warehouse.name));
    const takenOverall = await takeCurrentStock(tx, decrements);
    const notTakenOverall = lines.filter((l) => !takenOverall.has(l.product.id));
    if (notTakenOverall.length > 0) {
      const current = await repo.currentStockOf(
        tx,
        notTakenOverall.map((l) => l.product.id),
      );
      throw new OrderRefused(
        notTakenOverall
          .map((l) =>
            onlyLeftInWarehouse(l.product.name, current.get(l.product.id) ?? 0, order.warehouse.name),
          )
          .join("; "),
      );
    }

    const placed: PurchaseOrder[] = [];
    // The shipping charge once per flagged group of the placement: on its first order placed.
    const chargedHere = new Set<WarehouseGroup>();
    for (const po of order.purchaseOrders) {
      const poid = purchaseOrderId(context.at, await repo.nextOrderNumber(tx), po.letter);
      const charged = po.shippingCharge && !context.chargedGroups.has(po.group) && !chargedHere.has(po.group);
      if (charged) chargedHere.add(po.group);
      const { row, lineRows } = purchaseOrderRows(
        poid,
        order.wh,
        po,
        context,
        charged ? context.shippingCharge : 0n,
      );
      await repo.insertPurchaseOrder(tx, row, lineRows);
      placed.push({ ...toPurchaseOrder(row, lineRows, order.warehouse), placedBy: context.placedBy });
    }
    if (!context.keepCart)
      await takeOrderedFromCart(
        tx,
        context.cart,
        lines.map((l) => ({ productId: l.product.id, qty: l.qty })),
      );
    for (const group of chargedHere) context.chargedGroups.add(group);
    return placed;
  }

  /**
   * What placing the plan now would bill, written nowhere: each planned warehouse order checked
   * against stock as placing checks it (its warehouse's stock at MRP, then the product's current
   * stock, units taken in turn), its purchase orders' goods and GST, and each flagged group's shipping
   * charge once, on its first order that would be placed. The orders that would be placed, their
   * lines, and the refusals of the others, as a placement answers them.
   */
  async function pricePlacement(
    tx: Tx,
    body: PlaceOrderBody,
    plan: readonly PlannedWarehouseOrder[],
    shippingCharge: Paise,
  ) {
    const refused: OrderResult[] = [];
    const placeable: PlaceOrderBody["orders"] = [];
    const lines: ApprovalAsked["lines"] = [];
    const charged = new Set<WarehouseGroup>();
    const ids = [
      ...new Set(
        plan
          .flatMap((o) => (o.kind === "planned" ? o.purchaseOrders : []))
          .flatMap((po) => po.lines.map((l) => l.product.id)),
      ),
    ];
    const current = await repo.currentStockOf(tx, ids);
    let total = 0n;
    for (const order of plan) {
      if (order.kind === "refused") {
        refused.push({ status: 400, wh: order.wh, message: order.message });
        continue;
      }
      const orderLines = order.purchaseOrders.flatMap((po) => po.lines);
      const stock = await repo.stockIn(
        tx,
        order.wh,
        orderLines.map((l) => l.product.id),
      );
      const short = orderLines.flatMap((l) => {
        const held = stock.find((r) => r.productId === l.product.id && sameAmount(r.mrp, l.product.mrp));
        const left = Math.min(held?.stock ?? 0, current.get(l.product.id) ?? 0);
        return left < l.qty ? [onlyLeftInWarehouse(l.product.name, left, order.warehouse.name)] : [];
      });
      if (short.length > 0) {
        refused.push({ status: 400, wh: order.wh, message: short.join("; ") });
        continue;
      }
      for (const l of orderLines) current.set(l.product.id, (current.get(l.product.id) ?? 0) - l.qty);
      for (const po of order.purchaseOrders) {
        total += po.totals.netPayment;
        if (po.shippingCharge && !charged.has(po.group)) {
          charged.add(po.group);
          total += shippingCharge;
        }
        for (const l of po.lines)
          lines.push({
            productId: l.product.id,
            qty: l.qty,
            whId: order.wh,
            amount: paiseToDecimal(l.totalPrice),
          });
      }
      const asked = body.orders.find((o) => o.wh === order.wh);
      if (asked) placeable.push(asked);
    }
    return { placeable, lines, refused, total };
  }

  /** One placement, in one transaction: the key, then every warehouse order in its own savepoint. */
  async function placeInTransaction(
    tx: Tx,
    user: SessionUser,
    viewer: Viewer,
    key: string,
    requestHash: string,
    body: PlaceOrderBody,
    options: PlaceOptions,
  ): Promise<PlaceOrderOutcome & { placedAny: boolean }> {
    if (!(await repo.claimIdempotencyKey(tx, user.id, key, requestHash, now()))) {
      const earlier = await repo.findIdempotencyKey(tx, user.id, key);
      if (earlier && earlier.requestHash !== requestHash)
        throw new AppError(422, messages.idempotencyKeyReused);
      if (!earlier || earlier.statusCode === null) throw new AppError(409, messages.idempotencyKeyInProgress);
      return {
        status: earlier.statusCode === 200 ? 200 : 400,
        body: earlier.response as PlaceOrderResponse | PlaceOrderFailure,
        replayed: true,
        placedAny: false,
      };
    }

    const ids = [...new Set(body.orders.flatMap((o) => o.products.map((p) => p.id)))];
    // Every placement locks its products first, in id order: placements sharing products queue here.
    await repo.lockProducts(tx, ids);
    // one connection answers one query at a time: in a transaction, ask in turn
    const rows = await productRows(tx, ids);
    const rules = await purchaseRules(tx, { user, viewer }, ids);
    const shippingCharge = await currentShippingCharge(tx);
    const plan = planPlacement({
      orders: body.orders,
      shipToState: viewer.shipToState,
      warehouses: viewer.warehouses,
      products: new Map(rows.map((r) => [r.product.id, factsOf(r)])),
      refusal: (id, wh) => rules.refusal(id, wh),
    });

    if (deps.approvals && teamRoleOf(user) === "buyer" && !options.approving) {
      const priced = await pricePlacement(tx, body, plan, shippingCharge);
      const limit = user.member?.approvalLimit ?? null;
      const limitPaise = limit === null ? null : Number(toPaise(limit));
      if (priced.placeable.length > 0 && needsApproval("buyer", limitPaise, Number(priced.total))) {
        const approvalRequest = await deps.approvals.request(tx, {
          user,
          placement: { ...body, orders: priced.placeable },
          lines: priced.lines,
          total: priced.total,
          at: now(),
        });
        // Warehouse orders that could not be placed now are told as a placement tells them (usually none).
        const answer: PlaceOrderResponse = { result: priced.refused, approvalRequest };
        await repo.saveIdempotentAnswer(tx, user.id, key, 200, answer);
        return { status: 200, body: answer, replayed: false, placedAny: false };
      }
    }

    const context: PlacementContext = {
      user,
      body,
      placementId: randomUUID(),
      at: now(),
      shippingCharge,
      chargedGroups: new Set(),
      cart: options.approving ? { userId: user.id, memberId: options.approving.memberId } : cartOwnerOf(user),
      placedByMemberId: options.approving?.memberId ?? user.member?.id ?? null,
      placedBy: options.approving ? options.approving.placedBy : placedByOf(user.member),
      orderRequestId: options.approving?.orderRequestId ?? null,
      ...(options.source ? { source: options.source } : {}),
      ...(options.keepCart ? { keepCart: true } : {}),
    };
    const result: OrderResult[] = [];
    for (const order of plan) {
      if (order.kind === "refused") {
        result.push({ status: 400, wh: order.wh, message: order.message });
        continue;
      }
      try {
        const placed = await tx.transaction((savepoint) => placeWarehouseOrder(savepoint, order, context));
        for (const po of placed) result.push({ status: 200, wh: order.wh, poid: po.poid, order: po });
      } catch (error) {
        if (!(error instanceof OrderRefused)) throw error;
        result.push({ status: 400, wh: order.wh, message: error.message });
      }
    }

    const placedAny = result.some((r) => r.status === 200);
    await options.within?.(tx, result);
    const outcome: PlaceOrderOutcome = placedAny
      ? { status: 200, body: { result }, replayed: false }
      : { status: 400, body: { message: messages.orderFailedRetry, result }, replayed: false };
    await repo.saveIdempotentAnswer(tx, user.id, key, outcome.status, outcome.body);
    return { ...outcome, placedAny };
  }

  return {
    /** The ordering flag, asked before the request is read (the cart's purchase rules). */
    assertMayOrder: assertMayBuy,

    /**
     * POST /api/order. One transaction per placement: the Idempotency-Key is claimed first (a
     * concurrent request with the same key waits for this one and then answers what it answered),
     * each warehouse order runs in a savepoint (stock decremented with a guard, purchase orders
     * written, the cart reduced; any line short and that warehouse's order rolls back whole), and
     * the answer is stored with the key.
     */
    async place(
      user: SessionUser,
      viewer: Viewer,
      key: string,
      body: PlaceOrderBody,
      options: PlaceOptions = {},
    ): Promise<PlaceOrderOutcome> {
      assertMayBuy(user);
      const requestHash = requestHashOf(body);
      // a deadlock or serialisation conflict runs the placement again (its idempotency row rolled back too)
      const outcome = await retryingTransaction(db, (tx) =>
        placeInTransaction(tx, user, viewer, key, requestHash, body, options),
      );
      if (outcome.placedAny) deps.onStockChanged?.();
      return { status: outcome.status, body: outcome.body, replayed: outcome.replayed };
    },

    /** One of the caller's own purchase orders; anyone else's is 404. */
    async get(user: SessionUser, poid: string): Promise<PurchaseOrder> {
      const found = await repo.findPurchaseOrder(db, user.id, poid);
      if (!found) throw notFound(messages.orderNotFound);
      return {
        ...toPurchaseOrder(found.order, found.lines, found.warehouse),
        placedBy: placedByOf(found.placedBy),
      };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;

interface PlacementContext {
  user: SessionUser;
  /** Whose cart the ordered units leave. */
  cart: CartOwner;
  /** The store member who placed it (or whose request was approved); null for the owner. */
  placedByMemberId: number | null;
  /** As the orders show it. */
  placedBy: PlacedBy | null;
  orderRequestId: number | null;
  body: PlaceOrderBody;
  placementId: string;
  at: Date;
  /** The shipping charge in force (paise), and the flagged groups already charged in this placement. */
  shippingCharge: Paise;
  chargedGroups: Set<WarehouseGroup>;
  source?: "B2B" | "B2F" | "Kiosk";
  keepCart?: boolean;
}

/** The rows of one planned purchase order. */
export function purchaseOrderRows(
  poid: string,
  wh: number,
  po: PlannedPurchaseOrder,
  context: Pick<PlacementContext, "user" | "body" | "placementId" | "at" | "source"> &
    Partial<Pick<PlacementContext, "placedByMemberId" | "orderRequestId">>,
  shippingChargeAmount: Paise = 0n,
) {
  const { shippingAddress: ship, billingAddress: bill } = context.body;
  const row: repo.PurchaseOrderRow = {
    poid,
    userId: context.user.id,
    warehouseId: wh,
    warehouseGroup: po.group,
    stockType: po.stockType,
    status: "Pending",
    placementId: context.placementId,
    createdAt: context.at,
    paymentDate: null,
    maxShipDate: maxShipDateOf(context.at, po.shippingDays),
    // The document chain's totals as placed (ordered quantities); a part-confirm restates them.
    ...orderColumns(po.totals),
    couponDiscount: paiseToDecimal(po.totals.coupon),
    gstType: po.gstType,
    shippingCharge: po.shippingCharge,
    shippingChargeAmount: paiseToDecimal(shippingChargeAmount),
    docketNo: null,
    transporterNo: null,
    gapReport: 0,
    shippingName: ship.name,
    shippingAddress1: ship.address1,
    shippingAddress2: ship.address2 ?? null,
    shippingCity: ship.city,
    shippingState: ship.state,
    shippingPincode: ship.pincode,
    shippingPhone: ship.phone,
    billingName: bill.name,
    billingAddress1: bill.address1,
    billingAddress2: bill.address2 ?? null,
    billingCity: bill.city,
    billingState: bill.state,
    billingPincode: bill.pincode,
    billingGstNo: bill.gstNo ?? null,
    loadId: null,
    confirmedAt: null,
    cancelledAt: null,
    cancelReason: null,
    shippedAt: null,
    deliveredAt: null,
    autoConfirmed: false,
    // The company serving the partner decides the ledger account, once, for every document after.
    ledgerAccount: servingCompanyOf(context.user.franchise).ledgerAccount,
    source: context.source ?? "B2B",
    placedByMemberId: context.placedByMemberId ?? context.user.member?.id ?? null,
    orderRequestId: context.orderRequestId ?? null,
  };
  const lineRows = po.lines.map((l) => ({
    productId: l.product.id,
    productName: l.product.name,
    productDesc: l.product.description,
    hsnCode: l.product.hsnCode,
    stockType: l.stockType,
    isReturnable: l.product.isReturnable,
    minimumShipHours: l.product.minimumShipHours,
    mrp: paiseToDecimal(l.unit.mrp),
    actualPrice: paiseToDecimal(l.unit.netCost),
    baseCost: paiseToDecimal(l.unit.baseCost),
    orderedQuantity: l.qty,
    quantity: l.qty,
    totalPrice: paiseToDecimal(l.totalPrice),
    totalBase: paiseToDecimal(l.totalBase),
    ...gstRatesOf(l.unit),
    cgst: paiseToDecimal(l.cgst),
    sgst: paiseToDecimal(l.sgst),
    igst: paiseToDecimal(l.igst),
    deliveredQuantity: null,
  }));
  return { row, lineRows };
}
