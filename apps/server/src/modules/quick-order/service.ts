import type {
  Product,
  QuickOrderAddBody,
  QuickOrderAddResponse,
  QuickOrderProduct,
  QuickOrderResolveBody,
  QuickOrderResolveResponse,
  QuickOrderRule,
} from "@portal/contracts";
import {
  CART_LIMIT,
  chooseSizeMessage,
  messages,
  type PurchaseRefusal,
  productEan,
  productImageUrl,
  quantityProblem,
  readQuickOrderCode,
  repeatedRowMessage,
  repeatedRows,
  styleCode,
} from "@portal/domain";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/errors";
import { assertMayBuy, type CartCaller, type CartService, purchaseRules } from "../cart/public";
import { type ListingService, mappedWarehouseIds } from "../catalogue/public";
import * as repo from "./repo";

/** How many alternatives a refused row offers; a style row offers its sizes up to the larger count. */
const ALTERNATIVES = 3;
const STYLE_SIZES = 12;

type Refusal = { rule: QuickOrderRule; message: string };

const ruleOf = (refusal: PurchaseRefusal): Refusal => ({
  rule: refusal.status === 400 ? "serviceability" : "visibility",
  message: refusal.message,
});

/**
 * Closest products of a row's style the caller may buy now: the same colour first, then the nearest
 * sizes (a style's sizes are numbered in size order), never the product itself.
 */
function closest(
  productId: number | null,
  family: readonly repo.FamilyRow[],
  buyable: (id: number) => boolean,
  count: number,
): number[] {
  const at = family.findIndex((f) => f.id === productId);
  const self = at >= 0 ? family[at] : undefined;
  return family
    .map((f, index) => ({ f, index }))
    .filter(({ f }) => f.id !== productId && buyable(f.id))
    .sort(
      (a, b) =>
        Number(a.f.color !== self?.color) - Number(b.f.color !== self?.color) ||
        Math.abs(a.index - at) - Math.abs(b.index - at) ||
        a.f.id - b.f.id,
    )
    .slice(0, count)
    .map(({ f }) => f.id);
}

function padProduct(
  p: Product,
  stock: readonly { warehouseId: number; name: string; stock: number; mrp: string }[],
): QuickOrderProduct {
  const held = stock.filter((s) => s.mrp === p.mrp && s.stock > 0);
  return {
    id: p.id,
    name: p.name,
    size: p.size,
    color: p.color,
    styleCode: styleCode(p.groupID),
    ean: productEan(p.id),
    image: p.images[0] ?? productImageUrl(p.id),
    mrp: p.mrp,
    netCost: p.pricing?.netCost ?? null,
    totalStock: p.totalStock,
    stock: held.map((s) => ({ warehouseId: s.warehouseId, name: s.name, stock: s.stock })),
  };
}

export function createQuickOrderService(deps: { db: Db; listing: ListingService; cart: CartService }) {
  const { db, listing, cart } = deps;

  return {
    /**
     * POST /api/quickOrder/resolve: each row as the caller may buy it, from a fixed number of batched
     * queries whatever the number of rows (the styles, the purchase rules' facts, stock and
     * serviceability, the listing's prices). Refusals are the cart's own rules and messages.
     */
    async resolve(caller: CartCaller, body: QuickOrderResolveBody): Promise<QuickOrderResolveResponse> {
      assertMayBuy(caller.user);
      const read = body.rows.map((r) => readQuickOrderCode(r.code));
      const askedIds = read.flatMap((c) => ("kind" in c && c.kind === "product" ? [c.productId] : []));
      const groupIds = read.flatMap((c) => ("kind" in c && c.kind === "style" ? [c.groupId] : []));
      const familyRows = await repo.styleFamilies(db, askedIds, groupIds);
      const families = new Map<number, repo.FamilyRow[]>();
      const groupOf = new Map<number, number>();
      for (const f of familyRows) {
        families.set(f.groupId, [...(families.get(f.groupId) ?? []), f]);
        groupOf.set(f.id, f.groupId);
      }
      const rules = await purchaseRules(db, caller, [...askedIds, ...familyRows.map((f) => f.id)]);
      const buyable = (id: number) => rules.refusal(id) === null;

      // A style of one product is that product.
      const productOf = read.map((c) => {
        if ("problem" in c) return null;
        if (c.kind === "product") return c.productId;
        const family = families.get(c.groupId) ?? [];
        return family.length === 1 ? (family[0]?.id ?? null) : null;
      });
      const repeated = repeatedRows(productOf);

      const planned = body.rows.map((row, index) => {
        const code = read[index];
        const productId = productOf[index] ?? null;
        let refusal: Refusal | null = null;
        let alternatives: number[] = [];
        if (!code || "problem" in code) {
          refusal = { rule: "unreadable", message: code && "problem" in code ? code.problem : "" };
        } else if (productId === null) {
          // A style of several sizes (or none the caller may see): its sizes the caller may buy.
          const family = code.kind === "style" ? (families.get(code.groupId) ?? []) : [];
          alternatives = family
            .filter((f) => buyable(f.id))
            .map((f) => f.id)
            .slice(0, STYLE_SIZES);
          refusal =
            code.kind === "style" && alternatives.length > 0
              ? { rule: "chooseSize", message: chooseSizeMessage(styleCode(code.groupId)) }
              : { rule: "visibility", message: messages.productNotFound };
        } else {
          const purchase = rules.refusal(productId);
          const quantity = quantityProblem(row.quantity);
          const earlier = repeated.get(index);
          if (purchase) refusal = ruleOf(purchase);
          else if (quantity) refusal = { rule: "quantity", message: quantity };
          else if (earlier !== undefined)
            refusal = {
              rule: "repeated",
              message: repeatedRowMessage(productId, body.rows[earlier]?.row ?? earlier + 1),
            };
          if (purchase) {
            const group = groupOf.get(productId);
            alternatives = closest(
              productId,
              group === undefined ? [] : (families.get(group) ?? []),
              buyable,
              ALTERNATIVES,
            );
          }
        }
        // A product the caller may not see is not described (its name, price or stock).
        const shown =
          productId !== null && (rules.refusal(productId)?.status ?? 200) !== 404 ? productId : null;
        return { row, shown, refusal, alternatives };
      });

      const wanted = [
        ...new Set(
          planned.flatMap((p) => (p.shown === null ? p.alternatives : [p.shown, ...p.alternatives])),
        ),
      ];
      const presented = await listing.present(wanted, caller.viewer, mappedWarehouseIds(caller.viewer));
      const byId = new Map(presented.map((p) => [p.id, padProduct(p, rules.stockOf(p.id))]));

      return {
        rows: planned.map(({ row, shown, refusal, alternatives }) => ({
          row: row.row,
          code: row.code,
          quantity: row.quantity,
          product: shown === null ? null : (byId.get(shown) ?? null),
          buyable: refusal === null,
          refusal,
          alternatives: alternatives.flatMap((id) => {
            const p = byId.get(id);
            return p ? [p] : [];
          }),
        })),
      };
    },

    /**
     * POST /api/quickOrder/addToCart: the rows the cart's rules accept go in through the cart's own
     * update (one transaction: quantities set, 300 lines at most); every row answers its outcome,
     * and a refused row says why in the cart's words (it stays on the pad).
     */
    async addToCart(caller: CartCaller, body: QuickOrderAddBody): Promise<QuickOrderAddResponse> {
      assertMayBuy(caller.user);
      const ids = body.rows.map((r) => r.productId);
      const rules = await purchaseRules(db, caller, ids);
      const repeated = repeatedRows(ids);
      const inCart = new Set((await cart.list(caller.user)).products.map((p) => p.productId));
      let room = CART_LIMIT - inCart.size;

      const refusedBecause = new Map<number, string>();
      const going: { index: number; id: number; qty: number }[] = [];
      body.rows.forEach((row, index) => {
        const quantity = quantityProblem(row.quantity);
        const earlier = repeated.get(index);
        const purchase = rules.refusal(row.productId);
        if (quantity) refusedBecause.set(index, quantity);
        else if (earlier !== undefined)
          refusedBecause.set(
            index,
            repeatedRowMessage(row.productId, body.rows[earlier]?.row ?? earlier + 1),
          );
        else if (purchase) refusedBecause.set(index, purchase.message);
        else if (!inCart.has(row.productId) && room <= 0) refusedBecause.set(index, messages.cartLimit);
        else {
          if (!inCart.has(row.productId)) room--;
          going.push({ index, id: row.productId, qty: row.quantity });
        }
      });

      const outcome = new Map<number, "added" | "updated" | "unchanged">();
      let cartLines = inCart.size;
      if (going.length > 0) {
        try {
          const done = await cart.update(caller, {
            products: going.map((g) => ({ id: g.id, qty: g.qty })),
            mode: "update",
          });
          const added = new Set(done.added);
          const updated = new Set(done.updated);
          for (const g of going)
            outcome.set(g.index, added.has(g.id) ? "added" : updated.has(g.id) ? "updated" : "unchanged");
          cartLines = done.products.length;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // Everything was in the cart already at these quantities; any other refusal (the cart
          // changed meanwhile) refuses the rows that were going in, with the cart's message.
          for (const g of going)
            if (error.message === messages.alreadyInCartSameQuantity) outcome.set(g.index, "unchanged");
            else refusedBecause.set(g.index, error.message);
        }
      }

      const rows = body.rows.map((row, index) => ({
        row: row.row,
        productId: row.productId,
        quantity: row.quantity,
        outcome: outcome.get(index) ?? ("refused" as const),
        message: refusedBecause.get(index) ?? null,
      }));
      const count = (o: string) => rows.filter((r) => r.outcome === o).length;
      const inTheCart = count("added") + count("updated") + count("unchanged");
      const refused = count("refused");
      return {
        message:
          refused === 0
            ? `${inTheCart} ${inTheCart === 1 ? "row is" : "rows are"} in the cart`
            : `${inTheCart} ${inTheCart === 1 ? "row is" : "rows are"} in the cart; ${refused} ${refused === 1 ? "row stays" : "rows stay"} on the pad`,
        rows,
        cartLines,
      };
    },
  };
}

export type QuickOrderService = ReturnType<typeof createQuickOrderService>;
