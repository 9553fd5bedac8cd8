import { LIVE_STOCK_MAX_WATCH } from "@portal/domain";
import { z } from "zod";
import { MAX_DB_ID } from "./common";

/**
 * `GET /api/events?products=1,2,3`: the products the tab watches (its cart and the listing in view),
 * comma separated, at most LIVE_STOCK_MAX_WATCH; none is allowed (a stream that only beats).
 */
export const EventsQuery = z.object({
  products: z
    .string()
    .max(LIVE_STOCK_MAX_WATCH * 11, "products is too long")
    .regex(/^(\d{1,10}(,\d{1,10})*)?$/, "products must be product ids separated by commas")
    .transform((text) => [...new Set(text === "" ? [] : text.split(",").map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_DB_ID), "products must be positive ids")
    .refine(
      (ids) => ids.length <= LIVE_STOCK_MAX_WATCH,
      `products may name at most ${LIVE_STOCK_MAX_WATCH} products`,
    )
    .optional(),
});
export type EventsQuery = z.infer<typeof EventsQuery>;

/** The `Last-Event-ID` a reconnecting stream sends: `<instance>.<sequence>`. */
export const LastEventId = z
  .string()
  .max(40)
  .regex(/^[a-z0-9]{1,16}\.\d{1,15}$/);

/** One product's stock as the stream tells the partner: their mapped warehouses at its MRP. */
export const LiveStockItem = z.object({
  productId: z.number(),
  stock: z.number(),
  warehouses: z.array(z.object({ id: z.number(), name: z.string(), stock: z.number() })),
});
export type LiveStockItem = z.infer<typeof LiveStockItem>;

/** `event: stock` data: the watched products whose stock changed in one committed change. */
export const StockEventData = z.object({ products: z.array(LiveStockItem) });
export type StockEventData = z.infer<typeof StockEventData>;
