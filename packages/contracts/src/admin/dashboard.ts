/** The admin home's counts. */
import { z } from "zod";

export const AdminDashboard = z.object({
  ordersToConfirm: z.number(),
  ordersToLoad: z.number(),
  loadsToShip: z.number(),
  paymentsToApprove: z.number(),
  salesReturnsToMove: z.number(),
  waybillRequests: z.number(),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;
