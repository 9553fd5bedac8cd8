/** What other modules may use of loads. */
import type { DbOrTx } from "../../db/client";
import { type LoadRow, lock } from "./repo";

export { createLoads, deliverLoadsInFull, handOverLoads, type LoadStepRecords, shipLoads } from "./batch";
export type { LoadRow } from "./repo";
export { createLoadsService } from "./service";

/**
 * The load, held unchanged until the caller's transaction ends (null when there is none): a step
 * of another module that copies the load's facts (a waybill request) reads it this way.
 */
export function lockLoad(tx: DbOrTx, id: number): Promise<LoadRow | null> {
  return lock(tx, id);
}
