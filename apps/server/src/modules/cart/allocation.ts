import type {
  CartAllocation,
  CartAllocationView,
  CartGroupTotal,
  CartLine,
  CartRefreshBody,
} from "@portal/contracts";
import {
  allocate,
  cartParentKey,
  evaluateGroup,
  GROUP_RULES,
  type GroupTotal,
  groupShippingCharge,
  messages,
  orderableGroups,
  type Paise,
  paiseToDecimal,
  pricedLine,
  priceUnitPaise,
  productImageUrl,
  reorderRecommendation,
  type StockType,
  sameAmount,
  toPaise,
  WAREHOUSE_GROUPS,
  type WarehouseGroup,
  warehouseGroupOf,
} from "@portal/domain";
import type { Db, DbOrTx } from "../../db/client";
import { holdersAtMrp, mappedOrRefuse, productRows } from "../catalogue/public";
import { currentShippingCharge } from "../settings/public";
import { type CartCaller, cartOwnerOf, purchaseRules } from "./purchase";
import * as repo from "./repo";

const money = paiseToDecimal;

export interface AllocatedCart extends CartAllocationView {
  /** Each line's allocation in paise, for callers (order placement) that go on computing. */
  paise: Map<number, { totalPrice: Paise; allocations: { wh: number; qty: number; total: Paise }[] }>;
}

/**
 * The cart refreshed against live stock: each line split across the caller's mapped warehouses
 * holding it at its MRP (domain `allocate`), each part priced from its warehouse's state, and the
 * warehouse groups totalled against the spec's minimums.
 */
export async function allocateCart(
  db: DbOrTx,
  caller: CartCaller,
  lines: readonly repo.CartLineRow[],
): Promise<Omit<AllocatedCart, "notInCart">> {
  const { viewer, user } = caller;
  const ids = lines.map((l) => l.productId);
  // in turn: inside the cart's transaction one connection answers one query at a time
  const rows = await productRows(db, ids);
  const rules = await purchaseRules(db, caller, ids);
  const charge = await currentShippingCharge(db);
  const rowOf = new Map(rows.map((r) => [r.product.id, r]));

  const groupTotals = new Map<WarehouseGroup, { total: Paise; lines: Set<number> }>();
  const addToGroup = (group: WarehouseGroup, total: Paise, productId: number) => {
    const entry = groupTotals.get(group) ?? { total: 0n, lines: new Set<number>() };
    entry.total += total;
    entry.lines.add(productId);
    groupTotals.set(group, entry);
  };

  const paise: AllocatedCart["paise"] = new Map();
  const products: CartLine[] = [];
  let totalPrice = 0n;
  let totalMrp = 0n;
  for (const line of lines) {
    const row = rowOf.get(line.productId);
    if (!row) continue; // deleted products take their cart lines with them (foreign key cascade)
    const p = row.product;
    const stockType = p.stockType as StockType;
    const problem = rules.refusal(p.id)?.message ?? null;
    const held = problem === null ? holdersAtMrp(p.mrp, rules.stockOf(p.id), viewer.shipToState) : [];
    const split = allocate(line.qty, held, viewer.shipToState);
    const allocation: CartAllocation[] = [];
    const partsPaise: { wh: number; qty: number; total: Paise }[] = [];
    let linePrice = 0n;
    for (const part of split.allocations) {
      const wh = held.find((s) => s.warehouseId === part.warehouseId);
      if (!wh) continue;
      const unit = priceUnitPaise({
        mrp: p.mrp,
        retailerMargin: p.retailerMargin,
        hsnCode: p.hsnCode,
        hsnIgstRate: row.igst,
        shipToState: viewer.shipToState,
        warehouseState: wh.state,
      });
      const total = pricedLine(unit, part.qty).total;
      const group = warehouseGroupOf(part.warehouseId, stockType);
      linePrice += total;
      addToGroup(group, total, p.id);
      partsPaise.push({ wh: part.warehouseId, qty: part.qty, total });
      allocation.push({
        wh: part.warehouseId,
        whName: wh.name,
        group,
        qty: part.qty,
        mrp: money(unit.mrp),
        ctc: money(unit.ctc),
        baseCost: money(unit.baseCost),
        vat: money(unit.gst),
        netCost: money(unit.netCost),
        margin: money(unit.mrp - unit.netCost),
        gstType: unit.gstType,
        gstRate: money(unit.rate),
        total: money(total),
      });
    }
    const whId = allocation[0]?.wh ?? line.whId;
    const group = warehouseGroupOf(whId ?? 0, stockType);
    if (allocation.length === 0) addToGroup(group, 0n, p.id);
    const availableQty = problem === null ? split.availableQty : 0;
    const lineMrp = toPaise(p.mrp) * BigInt(split.allocatedQty);
    totalPrice += linePrice;
    totalMrp += lineMrp;
    paise.set(p.id, { totalPrice: linePrice, allocations: partsPaise });
    products.push({
      id: p.id,
      productId: p.id,
      qty: line.qty,
      parent: cartParentKey(p),
      name: p.name,
      image: productImageUrl(p.id),
      size: p.size,
      color: p.color,
      brand: { id: p.brandId, name: row.brandName },
      category: { id: p.categoryId, name: row.categoryName },
      subcategory: { id: p.subcategoryId, name: row.subcategoryName },
      stockType,
      isReturnable: p.isReturnable,
      isSale: p.isSale,
      mrp: money(toPaise(p.mrp)),
      whId,
      group,
      allocation,
      allocatedQty: split.allocatedQty,
      gapQty: line.qty - split.allocatedQty,
      availableQty,
      totalPrice: money(linePrice),
      totalMRP: money(lineMrp),
      available: problem === null,
      problem,
      reorderWarning: reorderRecommendation(user.franchise?.concept, {
        reorder: p.reorder,
        isSale: p.isSale,
        availableQty,
      }),
    });
  }

  const evaluated: (GroupTotal & { lines: number })[] = WAREHOUSE_GROUPS.flatMap((g) => {
    const entry = groupTotals.get(g);
    return entry ? [{ ...evaluateGroup(g, entry.total), lines: entry.lines.size }] : [];
  });
  const preselected = new Set(orderableGroups(evaluated));
  const groups: CartGroupTotal[] = evaluated.map((t) => {
    const rule = GROUP_RULES[t.group];
    const shipping = groupShippingCharge(t, charge);
    return {
      group: t.group,
      label: rule.label,
      total: money(t.total),
      minimum: money(rule.minimum),
      shippingLimit: rule.shippingLimit === null ? null : money(rule.shippingLimit),
      meetsMinimum: t.meetsMinimum,
      shippingCharge: t.shippingCharge,
      shippingChargeAmount: money(shipping.amount),
      toAvoidShippingCharge: shipping.toAvoid === null ? null : money(shipping.toAvoid),
      preselected: preselected.has(t.group),
      lines: t.lines,
    };
  });
  const stockReduced = products.some((l) => l.allocatedQty > 0 && l.allocatedQty < l.qty);
  return {
    products,
    groups,
    orderEnabled: preselected.size > 0,
    stockReduced,
    message: stockReduced ? messages.stockReduced : null,
    totalPrice: money(totalPrice),
    totalMRP: money(totalMrp),
    paise,
  };
}

export function createAllocation(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * POST /api/cart: the caller's cart (or the asked lines of it) refreshed and allocated; a partner
     * who may not order is refused (403) as on every buying path, and each line carries the purchase
     * rules' refusal as its problem. The
     * client's `wh` must name the caller's own warehouses; the server allocates over the whole mapping
     * and taxes for the caller's shipping state whatever `wh` and `userState` say. Each line's stored
     * MRP, stock type, parent and warehouse are brought up to date; with `reduceToStock`, quantities
     * are lowered to what stock covers (lines with nothing in stock keep theirs and show the gap).
     */
    async refresh(caller: CartCaller, body: CartRefreshBody): Promise<CartAllocationView> {
      mappedOrRefuse(caller.viewer, body.wh);
      const asked = body.products && body.products.length > 0 ? [...new Set(body.products)] : undefined;
      const owner = cartOwnerOf(caller.user);
      return db.transaction(async (tx) => {
        await repo.lockCart(tx, owner);
        const lines = await repo.cartLines(tx, owner, asked);
        const { paise: _paise, ...cart } = await allocateCart(tx, caller, lines);
        const stored = new Map(lines.map((l) => [l.productId, l]));
        const changed = cart.products.flatMap((l) => {
          const before = stored.get(l.id);
          if (!before || !l.available) return [];
          const qty = body.reduceToStock && l.allocatedQty > 0 ? Math.min(l.qty, l.allocatedQty) : l.qty;
          const after = {
            productId: l.id,
            qty,
            parent: l.parent,
            stockType: l.stockType,
            mrp: l.mrp,
            whId: l.whId,
          };
          const same =
            before.qty === after.qty &&
            before.parent === after.parent &&
            before.stockType === after.stockType &&
            sameAmount(before.mrp, after.mrp) &&
            before.whId === after.whId;
          return same ? [] : [after];
        });
        await repo.refreshLines(tx, owner, changed);
        if (body.reduceToStock) {
          for (const l of cart.products) {
            if (l.available && l.allocatedQty > 0 && l.allocatedQty < l.qty) {
              l.qty = l.allocatedQty;
              l.gapQty = 0;
            }
          }
        }
        const inCart = new Set(lines.map((l) => l.productId));
        return { ...cart, notInCart: (asked ?? []).filter((id) => !inCart.has(id)) };
      });
    },
  };
}
