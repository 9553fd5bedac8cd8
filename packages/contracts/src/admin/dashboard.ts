/** The admin home: what waits (counts and values), receivables by age, top overdue partners, today's shipments. */
import { z } from "zod";
import { Money } from "../common";

/** A queue's size and what its rows are worth. */
export const WaitingWork = z.object({ count: z.number(), value: Money });
export type WaitingWork = z.infer<typeof WaitingWork>;

export const AgeingBucket = z.object({
  key: z.enum(["days0to30", "days31to60", "days61to90", "days91to180", "over180"]),
  label: z.string(),
  amount: Money,
  /** Partners with an open amount in this bucket. */
  partners: z.number(),
});
export const OverduePartner = z.object({
  userId: z.number(),
  partnerName: z.string(),
  partnerEmail: z.string(),
  /** Open for more than 30 days. */
  overdue: Money,
  /** Everything open (the debit balance). */
  open: Money,
  oldestDays: z.number(),
});
export type OverduePartner = z.infer<typeof OverduePartner>;

export const AdminOverview = z.object({
  /** The India day the figures are for (today's shipments, ages). */
  day: z.string(),
  ordersToConfirm: WaitingWork,
  ordersToLoad: WaitingWork,
  loadsToHandOver: WaitingWork,
  loadsToShip: WaitingWork,
  paymentsToApprove: WaitingWork,
  salesReturnsToMove: z.number(),
  waybillRequests: z.number(),
  shippedToday: WaitingWork,
  receivables: z.object({ total: Money, buckets: z.array(AgeingBucket) }),
  topOverdue: z.array(OverduePartner),
});
export type AdminOverview = z.infer<typeof AdminOverview>;
