import type {
  EwayBillLimitBody,
  EwayBillLimitSetting,
  LockDateBody,
  LockDateSetting,
  ShippingChargeBody,
  ShippingChargeSetting,
} from "@portal/contracts";
import {
  backOfficeMessages,
  DEFAULT_EWAYBILL_LIMIT_PAISE,
  DEFAULT_SHIPPING_CHARGE,
  indiaDay,
  MAX_EWAYBILL_LIMIT_PAISE,
  MAX_SHIPPING_CHARGE,
  type Paise,
  paiseToDecimal,
  SHIPPING_CHARGE_GST_RATE,
  toPaise,
} from "@portal/domain";
import type { Db, DbOrTx } from "../../db/client";
import { AppError, badRequest } from "../../lib/errors";
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

export const LOCK_DATE_KEY = "lockDate";

/** The lock date of the books (yyyy-MM-dd) or null, read from the database on every use so every instance agrees. */
export async function currentLockDate(db: DbOrTx): Promise<string | null> {
  const row = await repo.get(db, LOCK_DATE_KEY);
  const day = (row?.value as { lockDate?: unknown } | undefined)?.lockDate;
  return typeof day === "string" ? day : null;
}

/** Refuses (409) a posting dated before the lock date: that period's books are closed. */
export async function assertPeriodOpen(db: DbOrTx, day: string): Promise<void> {
  const lockDate = await currentLockDate(db);
  if (lockDate !== null && day < lockDate)
    throw new AppError(409, backOfficeMessages.periodLocked(day, lockDate));
}

export const EWAYBILL_LIMIT_KEY = "ewayBillLimit";

/**
 * The e-way bill limit in paise (a load worth more needs an e-way bill): the one staff set in Admin
 * Settings, read from the database on every use so every instance agrees; ₹50,000 until set.
 */
export async function currentEwayBillLimit(db: DbOrTx): Promise<number> {
  const row = await repo.get(db, EWAYBILL_LIMIT_KEY);
  const paise = (row?.value as { paise?: unknown } | undefined)?.paise;
  return typeof paise === "number" && Number.isSafeInteger(paise) && paise >= 0
    ? paise
    : DEFAULT_EWAYBILL_LIMIT_PAISE;
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
  const lockDateView = async (tx: DbOrTx): Promise<LockDateSetting> => {
    const row = await repo.get(tx, LOCK_DATE_KEY);
    return {
      lockDate: await currentLockDate(tx),
      updatedAt: row ? row.updatedAt.toISOString() : null,
      updatedBy: row?.updatedBy ?? null,
    };
  };
  /** Writes one setting and its audit row (the old and new value under the same name) in one transaction. */
  function changeAudited<T, V>(
    actor: { id: number },
    key: string,
    at: Date,
    read: (tx: DbOrTx) => Promise<T>,
    stored: (value: T) => Record<string, T>,
    value: T,
    viewOf: (tx: DbOrTx) => Promise<V>,
  ): Promise<V> {
    return db.transaction(async (tx) => {
      const before = await read(tx);
      await repo.put(tx, key, stored(value), actor.id, at);
      await recordAudit(tx, {
        actorId: actor.id,
        action: `settings.${key}`,
        entity: "setting",
        entityId: key,
        before: stored(before),
        after: stored(value),
        at,
      });
      return viewOf(tx);
    });
  }

  const ewayBillLimitView = async (tx: DbOrTx): Promise<EwayBillLimitSetting> => {
    const row = await repo.get(tx, EWAYBILL_LIMIT_KEY);
    return {
      limit: paiseToDecimal(BigInt(await currentEwayBillLimit(tx))),
      defaultLimit: paiseToDecimal(BigInt(DEFAULT_EWAYBILL_LIMIT_PAISE)),
      maxLimit: paiseToDecimal(BigInt(MAX_EWAYBILL_LIMIT_PAISE)),
      updatedAt: row ? row.updatedAt.toISOString() : null,
      updatedBy: row?.updatedBy ?? null,
    };
  };

  return {
    ewayBillLimit: () => ewayBillLimitView(db),
    /** Staff set the e-way bill limit (rupees); loads worth more need an e-way bill to ship from now on; audited. */
    async setEwayBillLimit(actor: { id: number }, body: EwayBillLimitBody): Promise<EwayBillLimitSetting> {
      const paise = Number(toPaise(body.limit));
      return changeAudited(
        actor,
        EWAYBILL_LIMIT_KEY,
        now(),
        currentEwayBillLimit,
        (p) => ({ paise: p }),
        paise,
        ewayBillLimitView,
      );
    },
    lockDate: () => lockDateView(db),
    /** Staff close the books before a day (at most today in India), or open them all with null; audited. */
    async setLockDate(actor: { id: number }, body: LockDateBody): Promise<LockDateSetting> {
      const at = now();
      const today = indiaDay(at);
      if (body.lockDate !== null && body.lockDate > today)
        throw badRequest(backOfficeMessages.lockDateInFuture(today));
      return changeAudited(
        actor,
        LOCK_DATE_KEY,
        at,
        currentLockDate,
        (lockDate) => ({ lockDate }),
        body.lockDate,
        lockDateView,
      );
    },
    shippingCharge: () => view(db),
    /** Staff set the shipping charge; new carts and placements use it from now on (placed orders keep theirs). */
    async setShippingCharge(actor: { id: number }, body: ShippingChargeBody): Promise<ShippingChargeSetting> {
      const amount = paiseToDecimal(toPaise(body.amount));
      const at = now();
      return changeAudited(
        actor,
        SHIPPING_CHARGE_KEY,
        at,
        async (tx) => paiseToDecimal(await currentShippingCharge(tx)),
        (amount) => ({ amount }),
        amount,
        view,
      );
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
