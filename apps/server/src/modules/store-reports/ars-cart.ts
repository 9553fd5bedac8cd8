/**
 * "Order the expected quantities" on the ARS report: each product the report expects for the dates
 * goes into the partner's cart through the cart's own rules (visibility, serviceability, quantities,
 * 300 lines), one line at a time, so a refused line is told and the others still go in. The quantity
 * is the largest the cart offers at or below the expected quantity (never past the target); a
 * product already in the cart keeps its quantity and is told so.
 */
import type { ArsOrderExpectedResponse } from "@portal/contracts";
import {
  arsRunMessages,
  cartQuantityAtMost,
  checkArsRange,
  messages,
  storeReportMessages,
} from "@portal/domain";
import { AppError, badRequest } from "../../lib/errors";
import type { CartCaller, CartService } from "../cart/public";
import type { StoreReportsService } from "./service";

export function createArsOrdering(deps: {
  storeReports: Pick<StoreReportsService, "arsReplenishmentLines">;
  cart: Pick<CartService, "update" | "list">;
}) {
  return {
    async orderExpected(
      caller: CartCaller,
      q: { from?: string | undefined; to?: string | undefined },
    ): Promise<ArsOrderExpectedResponse> {
      const problem = checkArsRange(q.from, q.to, messages.selectOrderDates);
      if (problem) throw badRequest(problem);
      if (!caller.user.isFranchisee) throw badRequest(storeReportMessages.arsNotFranchisee);
      const range = { from: (q.from ?? "").trim(), to: (q.to ?? "").trim() };
      const expected = await deps.storeReports.arsReplenishmentLines(caller.viewer, range);
      if (expected.length === 0) throw badRequest(arsRunMessages.nothingExpected);
      const inCart = new Map((await deps.cart.list(caller.user)).products.map((p) => [p.productId, p.qty]));
      const lines: ArsOrderExpectedResponse["lines"] = [];
      for (const line of expected) {
        const base = { productId: line.productId, productName: line.productName, expected: line.qty };
        const refuse = (message: string) => lines.push({ ...base, qty: 0, outcome: "refused", message });
        const held = inCart.get(line.productId);
        if (held !== undefined) {
          refuse(arsRunMessages.alreadyInCart(held));
          continue;
        }
        if (line.wh === null) {
          refuse(arsRunMessages.notInAnyWarehouse);
          continue;
        }
        const qty = cartQuantityAtMost(line.qty);
        try {
          await deps.cart.update(caller, { products: [{ id: line.productId, qty }], mode: "add" });
          lines.push({ ...base, qty, outcome: "added", message: null });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refuse(error.status === 404 ? messages.productNotAvailable : error.message);
        }
      }
      const added = lines.filter((l) => l.outcome === "added").length;
      const refused = lines.length - added;
      return { message: arsRunMessages.expectedAdded(added, refused), added, refused, lines };
    },
  };
}
export type ArsOrdering = ReturnType<typeof createArsOrdering>;
