/**
 * The demo world's e-way bills: before a load of the history ships, staff generate its e-way bill
 * through the sandbox when it needs one (worth more than the limit, from 2018-04-01), as the ship step
 * requires, each at its own moment (the sandbox's clock is the history's).
 */
import type { Db } from "../db/client";
import { createEwayBillService, createSandboxEwb, ewayBillBlock } from "../modules/gst/public";
import { lockLoad } from "../modules/loads/public";

export function seedEwayBills(db: Db) {
  let clock = new Date();
  const service = createEwayBillService({ db, ewb: createSandboxEwb(() => clock), now: () => clock });
  let generated = 0;
  return {
    /** Generates the load's e-way bill at `at` when shipping it on `day` needs one. */
    async beforeShip(actorId: number | null, loadId: number, day: string, at: Date): Promise<void> {
      const load = await lockLoad(db, loadId);
      if (!load || (await ewayBillBlock(db, load, day)) === null) return;
      clock = at;
      await service.generate(actorId, loadId, at);
      generated++;
    },
    get generated() {
      return generated;
    },
  };
}
