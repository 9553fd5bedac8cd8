import type { ShippingChargeBody, ShippingChargeSetting } from "@portal/contracts";
import {
  DEFAULT_SHIPPING_CHARGE,
  MAX_SHIPPING_CHARGE,
  type Paise,
  paiseToDecimal,
  SHIPPING_CHARGE_GST_RATE,
  toPaise,
} from "@portal/domain";
import type { Db, DbOrTx } from "../../db/client";
import { recordAudit } from "../audit/public";
import * as repo from "./repo";

export const SHIPPING_CHARGE_KEY = "shippingCharge";

/**
 * The shipping charge in force (paise, GST inclusive): the one staff set in the Admin Console, read
 * from the database on every use so every server instance agrees; the domain's default until set.
 */
export async function currentShippingCharge(db: DbOrTx): Promise<Paise> {
  const row = await repo.get(db, SHIPPING_CHARGE_KEY);
  const amount = (row?.value as { amount?: unknown } | undefined)?.amount;
  return typeof amount === "string" ? toPaise(amount) : toPaise(DEFAULT_SHIPPING_CHARGE);
}

export function createSettingsService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const view = async (tx: DbOrTx): Promise<ShippingChargeSetting> => {
    const row = await repo.get(tx, SHIPPING_CHARGE_KEY);
    return {
      amount: paiseToDecimal(await currentShippingCharge(tx)),
      defaultAmount: paiseToDecimal(toPaise(DEFAULT_SHIPPING_CHARGE)),
      gstRate: SHIPPING_CHARGE_GST_RATE,
      maxAmount: paiseToDecimal(toPaise(MAX_SHIPPING_CHARGE)),
      updatedAt: row ? row.updatedAt.toISOString() : null,
      updatedBy: row?.updatedBy ?? null,
    };
  };
  return {
    shippingCharge: () => view(db),
    /** Staff set the shipping charge; new carts and placements use it from now on (placed orders keep theirs). */
    async setShippingCharge(actor: { id: number }, body: ShippingChargeBody): Promise<ShippingChargeSetting> {
      const amount = paiseToDecimal(toPaise(body.amount));
      const at = now();
      return db.transaction(async (tx) => {
        const before = paiseToDecimal(await currentShippingCharge(tx));
        await repo.put(tx, SHIPPING_CHARGE_KEY, { amount }, actor.id, at);
        await recordAudit(tx, {
          actorId: actor.id,
          action: "settings.shippingCharge",
          entity: "setting",
          entityId: SHIPPING_CHARGE_KEY,
          before: { amount: before },
          after: { amount },
          at,
        });
        return view(tx);
      });
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
