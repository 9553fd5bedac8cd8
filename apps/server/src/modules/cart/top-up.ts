import type { TopUpGroup, TopUpProduct, TopUpSuggestionsResponse } from "@portal/contracts";
import {
  CART_LIMIT,
  chooseTopUp,
  type Paise,
  paiseToDecimal,
  pricedLine,
  priceUnitPaise,
  productImageUrl,
  TOP_UP_MAX_UNITS,
  type TopUpCandidate,
  toPaise,
  topUpHeadline,
  topUpNeed,
  type WarehouseGroup,
  warehouseGroupOf,
} from "@portal/domain";
import type { Db } from "../../db/client";
import { holdersAtMrp, productRows } from "../catalogue/public";
import { assistSuggestedProductIds } from "../order-assist/public";
import { allocateCart } from "./allocation";
import { assertMayBuy, type CartCaller, cartOwnerOf, purchaseRules } from "./purchase";
import * as repo from "./repo";
import * as topUpRepo from "./top-up-repo";

/** How many of the store's best sellers are read as candidates (after its order-assist suggestions). */
const BEST_SELLERS_READ = 200;

const money = paiseToDecimal;

type Source = TopUpProduct["source"];

interface Candidate extends TopUpCandidate {
  product: Omit<TopUpProduct, "qty" | "total">;
}

/**
 * GET /api/cart/topUpSuggestions: for each warehouse group of the caller's cart below its minimum,
 * or below its free-shipping limit, the amount short and the products that cover it with the
 * smallest overshoot (domain `chooseTopUp`). Candidates ship from that group's warehouses: the
 * store's order-assist suggestions first, then its best sellers; each passes the cart's purchase
 * rules, is in stock at the warehouse the cart would allocate it from, and is not in the cart yet
 * (the suggestion is added with the cart's add call, which refuses a product already there; a line
 * already in the cart is the partner's own choice of quantity, which a suggestion does not change).
 */
export function createTopUp(deps: { db: Db }) {
  const { db } = deps;
  return {
    async topUpSuggestions(caller: CartCaller): Promise<TopUpSuggestionsResponse> {
      assertMayBuy(caller.user);
      const userId = caller.user.id;
      const lines = await repo.cartLines(db, cartOwnerOf(caller.user));
      if (lines.length === 0) return { groups: [] };
      const { groups } = await allocateCart(db, caller, lines);
      const needy = groups.flatMap((g) => {
        const need = topUpNeed(g.group, toPaise(g.total));
        return need ? [{ group: g, need }] : [];
      });
      if (needy.length === 0) return { groups: [] };

      const inCart = new Set(lines.map((l) => l.productId));
      const [assisted, best] = await Promise.all([
        assistSuggestedProductIds(db, userId),
        topUpRepo.bestSellers(db, userId, BEST_SELLERS_READ),
      ]);
      const sourceOf = new Map<number, Source>();
      for (const id of assisted) sourceOf.set(id, "assist");
      for (const id of best) if (!sourceOf.has(id)) sourceOf.set(id, "bestseller");
      const ids = [...sourceOf.keys()].filter((id) => !inCart.has(id));
      const [rules, rows] = await Promise.all([purchaseRules(db, caller, ids), productRows(db, ids)]);
      const rowOf = new Map(rows.map((r) => [r.product.id, r]));

      // Each usable candidate goes to the group its units would be allocated to, in priority order.
      const byGroup = new Map<WarehouseGroup, Candidate[]>();
      const room = Math.max(0, CART_LIMIT - lines.length);
      for (const id of ids) {
        const row = rowOf.get(id);
        if (!row || rules.refusal(id) !== null) continue;
        const p = row.product;
        const from = holdersAtMrp(p.mrp, rules.stockOf(id), caller.viewer.shipToState)[0];
        if (!from) continue;
        const group = warehouseGroupOf(from.warehouseId, p.stockType);
        const list = byGroup.get(group) ?? [];
        if (list.length >= room) continue;
        const unit = priceUnitPaise({
          mrp: p.mrp,
          retailerMargin: p.retailerMargin,
          hsnCode: p.hsnCode,
          hsnIgstRate: row.igst,
          shipToState: caller.viewer.shipToState,
          warehouseState: from.state,
        });
        list.push({
          productId: id,
          unitPrice: unit.netCost,
          // the units come from that warehouse alone, so they stay in the group
          maxQty: Math.min(from.stock, TOP_UP_MAX_UNITS),
          lineTotal: (qty) => pricedLine(unit, qty).total,
          product: {
            productId: id,
            name: p.name,
            size: p.size,
            color: p.color,
            brand: row.brandName,
            image: productImageUrl(id),
            unitPrice: money(unit.netCost),
            wh: from.warehouseId,
            whName: from.name,
            source: sourceOf.get(id) ?? "bestseller",
          },
        });
        byGroup.set(group, list);
      }

      return {
        groups: needy.map(({ group: g, need }): TopUpGroup => {
          const candidates = byGroup.get(g.group) ?? [];
          const choice = chooseTopUp(need.short, candidates);
          const productOf = new Map(candidates.map((c) => [c.productId, c.product]));
          const products = choice.lines.flatMap((l) => {
            const product = productOf.get(l.productId);
            return product ? [{ ...product, qty: l.qty, total: money(l.total) }] : [];
          });
          const zero: Paise = 0n;
          return {
            group: g.group,
            label: g.label,
            total: g.total,
            reason: need.reason,
            target: money(need.target),
            short: money(need.short),
            headline: topUpHeadline(need.reason, need.short),
            status: choice.status,
            products,
            adds: money(choice.total),
            overshoot: money(choice.status === "reaches" ? choice.overshoot : zero),
            stillShort: money(
              choice.status === "reaches"
                ? zero
                : choice.status === "falls-short"
                  ? choice.stillShort
                  : need.short,
            ),
            considered: choice.considered,
          };
        }),
      };
    },
  };
}
