import { ORDER_SOURCES } from "./account";
import {
  LOAD_STATUSES,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
  SR_ALL_STATUSES,
  WAYBILL_STATUSES,
} from "./back-office";
import { ORDER_STATUSES, STOCK_TYPES } from "./constants";
import { paiseToDecimal, toPaise } from "./money";
import { ACCOUNT_TYPES } from "./users";

/**
 * Values read back from the database (text columns) as the domain's own types. The columns' CHECK
 * constraints (migration 0027) hold only these lists, so a value outside them means the database and
 * the domain disagree: reading it throws rather than standing in a default.
 */

export const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** A reader of one column: the value when it is one of the list, else an Error naming the kind and the value. */
export const storedReader =
  <T extends string>(kind: string, list: readonly T[]) =>
  (value: string): T => {
    if (isOneOf(list, value)) return value;
    throw new Error(`Unknown ${kind} "${value}"`);
  };

export const orderStatusOf = storedReader("order status", ORDER_STATUSES);
export const stockTypeOf = storedReader("stock type", STOCK_TYPES);
export const loadStatusOf = storedReader("load status", LOAD_STATUSES);
export const srStatusOf = storedReader("sales return status", SR_ALL_STATUSES);
export const waybillStatusOf = storedReader("waybill status", WAYBILL_STATUSES);
export const paymentStatusOf = storedReader("payment status", PAYMENT_STATUSES);
export const paymentModeOf = storedReader("payment mode", PAYMENT_MODES);
export const accountTypeOf = storedReader("account type", ACCOUNT_TYPES);
export const orderSourceOf = storedReader("order source", ORDER_SOURCES);

/** A numeric column ("1234.5", null) as the API's amount with exactly two places ("1234.50"; null is "0.00"). */
export const amountOf = (value: string | number | null | undefined): string =>
  paiseToDecimal(toPaise(value ?? "0"));
