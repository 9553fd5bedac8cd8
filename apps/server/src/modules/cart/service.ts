import type {
  CartChangeResponse,
  CartItem,
  CartUpdateBody,
  CartUpdateResponse,
  RemoveCartItemsResponse,
} from "@portal/contracts";
import {
  cartCsv,
  cartHasRoomFor,
  itemsAddedOrUpdated,
  itemsDeletedFromCart,
  messages,
  namingIds,
  quantityProblem,
} from "@portal/domain";
import type { Db } from "../../db/client";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import type { SessionUser } from "../auth/public";
import { createAllocation } from "./allocation";
import { buildLines, cartItemsOf } from "./facts";
import { assertMayBuy, type CartCaller, type CartPerson, cartOwnerOf, purchaseRules } from "./purchase";
import * as repo from "./repo";
import { createServiceability } from "./serviceability";
import { createTopUp } from "./top-up";
import { createUpload } from "./upload";

export const CART_UPLOAD_DISABLED = "Cart upload is not enabled for your account.";

type UpdateItem = { id: number; qty?: number | null | undefined };

/** A message naming the products only when there are several (one product gets the spec's exact text). */
const about = (message: string, ids: readonly number[]) =>
  ids.length > 1 ? namingIds(message, ids) : message;

/** Quantities first: missing or zero is the spec's "Please select quantity.", others must be offered choices. */
function checkQuantities(items: readonly UpdateItem[]): void {
  if (items.some((i) => i.qty === null || i.qty === undefined || i.qty === 0))
    throw badRequest(messages.selectQuantity);
  const wrong = items.find((i) => quantityProblem(i.qty) !== null);
  if (wrong) {
    const problem = quantityProblem(wrong.qty) ?? "";
    throw badRequest(items.length > 1 ? `Product ${wrong.id}: ${problem}` : problem);
  }
  const seen = new Set<number>();
  for (const i of items) {
    if (seen.has(i.id)) throw badRequest(`products: product ${i.id} is listed more than once`);
    seen.add(i.id);
  }
}

/** The spec's success messages: one product added or updated, several added or updated, or a mix. */
function changeMessage(added: number, updated: number): string {
  if (added + updated === 1) return added === 1 ? messages.productAddedToCart : messages.productUpdatedInCart;
  if (updated === 0) return messages.productsAddedToCart;
  if (added === 0) return messages.productsUpdatedInCart;
  return itemsAddedOrUpdated(added + updated);
}

export function createCartService(deps: { db: Db }) {
  const { db } = deps;

  /** The upload asks the ordering flag (purchase rules), then its own flag, before it reads the file. */
  function assertCanUpload(user: SessionUser): void {
    assertMayBuy(user);
    if (!user.canCartUpload) throw forbidden(CART_UPLOAD_DISABLED);
  }

  return {
    assertCanUpload,

    /** GET /api/users/cart: the signed-in person's own cart (each person of a store has one). */
    async list(person: CartPerson): Promise<{ products: CartItem[] }> {
      return { products: await cartItemsOf(db, cartOwnerOf(person)) };
    },

    /**
     * PUT /api/users/cart/update: adds new products and changes quantities, all or nothing. Only
     * products the caller may buy (purchaseRules: ordering flag, visibility, serviceability) enter
     * the cart; the cart never passes 300 lines.
     */
    async update(caller: CartCaller, body: CartUpdateBody): Promise<CartUpdateResponse> {
      assertMayBuy(caller.user);
      const items = body.products;
      const mode = body.mode ?? "update";
      checkQuantities(items);
      const owner = cartOwnerOf(caller.user);
      return db.transaction(async (tx) => {
        await repo.lockCart(tx, owner);
        const cart = new Map((await repo.cartLines(tx, owner)).map((l) => [l.productId, l.qty]));
        const inCart = items.filter((i) => cart.has(i.id));
        if (mode === "add" && inCart.length > 0) {
          const ids = inCart.map((i) => i.id);
          const allSame = inCart.every((i) => cart.get(i.id) === i.qty);
          throw badRequest(about(allSame ? messages.alreadyInCartSameQuantity : messages.alreadyInCart, ids));
        }
        const unchanged = items.filter((i) => cart.get(i.id) === i.qty);
        const changes = items.filter((i) => cart.get(i.id) !== i.qty);
        if (changes.length === 0) throw badRequest(messages.alreadyInCartSameQuantity);
        const added = changes.filter((i) => !cart.has(i.id));
        if (!cartHasRoomFor(cart.size, added.length)) throw badRequest(messages.cartLimit);

        const rules = await purchaseRules(
          tx,
          caller,
          changes.map((i) => i.id),
        );
        const refusedWith = (status: number) =>
          changes.filter((i) => rules.refusal(i.id)?.status === status).map((i) => i.id);
        const hidden = refusedWith(404);
        if (hidden.length > 0) throw notFound(namingIds(messages.productNotFound, hidden));
        const unserviceable = refusedWith(400);
        if (unserviceable.length > 0) throw badRequest(about(messages.productNotServiceable, unserviceable));

        const lines = await buildLines(
          tx,
          caller,
          changes.map((i) => {
            const facts = rules.facts.get(i.id);
            if (!facts) throw new Error(`product ${i.id} passed the purchase rules`);
            return { facts, qty: i.qty ?? 0 };
          }),
        );
        await repo.upsertLines(tx, owner, lines);
        return {
          message: changeMessage(added.length, changes.length - added.length),
          products: await cartItemsOf(tx, owner),
          added: added.map((i) => i.id),
          updated: changes.filter((i) => cart.has(i.id)).map((i) => i.id),
          unchanged: unchanged.map((i) => i.id),
        };
      });
    },

    /** POST /api/users/cart/removeCartItems: deletes those of the caller's lines; none there is 404. */
    async remove(person: CartPerson, productIds: readonly number[]): Promise<RemoveCartItemsResponse> {
      const asked = [...new Set(productIds)];
      const owner = cartOwnerOf(person);
      return db.transaction(async (tx) => {
        await repo.lockCart(tx, owner);
        const removed = await repo.deleteLines(tx, owner, asked);
        if (removed.length === 0) throw notFound(messages.notInCart);
        const gone = new Set(removed);
        return {
          message: itemsDeletedFromCart(removed.length),
          products: await cartItemsOf(tx, owner),
          removed: asked.filter((id) => gone.has(id)),
          notInCart: asked.filter((id) => !gone.has(id)),
        };
      });
    },

    /** DELETE /api/users/cart: empties the caller's cart (the client asks for confirmation first). */
    async clear(person: CartPerson): Promise<CartChangeResponse> {
      const owner = cartOwnerOf(person);
      const removed = await db.transaction(async (tx) => {
        await repo.lockCart(tx, owner);
        return repo.clearCart(tx, owner);
      });
      return { message: itemsDeletedFromCart(removed), products: [] };
    },

    /** GET /api/users/cart/export: the cart as the two-column CSV the upload reads. */
    async exportCsv(person: CartPerson): Promise<string> {
      return cartCsv(await repo.cartLines(db, cartOwnerOf(person)));
    },

    ...createAllocation({ db }),
    ...createUpload({ db, assertCanUpload }),
    ...createServiceability({ db }),
    ...createTopUp({ db }),
  };
}

export type CartService = ReturnType<typeof createCartService>;
