/**
 * Store teams (issue 30): the owner's decisions on a buyer's order request (the request itself and
 * its list are in `team.ts`).
 */
import { z } from "zod";
import { dbId } from "./common";
import { OrderResult } from "./orders";
import { OrderRequest } from "./team";

export const OrderRequestIdParam = z.object({ id: dbId("id") });

/**
 * POST /api/team/requests/{id}/approve: the request as decided (approved, or failed when nothing
 * could be placed) and the placement's results, each warehouse order placed or refused with its reason
 * (stock is checked at approval).
 */
export const ApproveRequestResponse = z.object({
  message: z.string(),
  request: OrderRequest,
  result: z.array(OrderResult),
});
export type ApproveRequestResponse = z.infer<typeof ApproveRequestResponse>;

/** POST /api/team/requests/{id}/decline. */
export const DeclineRequestResponse = z.object({ message: z.string(), request: OrderRequest });
export type DeclineRequestResponse = z.infer<typeof DeclineRequestResponse>;
