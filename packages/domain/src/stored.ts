import { ORDER_SOURCES, type OrderSource } from "./account";
import {
  LOAD_STATUSES,
  type LoadStatus,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
  type PaymentStatus,
  type SalesReturnStatus,
  SR_ALL_STATUSES,
  WAYBILL_STATUSES,
  type WaybillStatus,
} from "./back-office";
import { ORDER_STATUSES, type OrderStatus, STOCK_TYPES, type StockType } from "./constants";
import { paiseToDecimal, toPaise } from "./money";
import { ACCOUNT_TYPES, type AccountType } from "./users";

/**
 * Values read back from the database (text columns) as the domain's own types: one rule each for
 * what an unknown value stands for, so every module reads a row alike.
 */

export const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** The value when it is one of the list, else the list's stated default. */
export const oneOf = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
  isOneOf(list, value) ? value : fallback;

export const orderStatusOf = (value: string): OrderStatus => oneOf(ORDER_STATUSES, value, "Pending");
export const stockTypeOf = (value: string): StockType => oneOf(STOCK_TYPES, value, "OwnedStock");
export const loadStatusOf = (value: string): LoadStatus => oneOf(LOAD_STATUSES, value, "Ready To Dispatch");
export const srStatusOf = (value: string): SalesReturnStatus => oneOf(SR_ALL_STATUSES, value, "Pending");
export const waybillStatusOf = (value: string): WaybillStatus => oneOf(WAYBILL_STATUSES, value, "WH Request");
export const paymentStatusOf = (value: string): PaymentStatus => oneOf(PAYMENT_STATUSES, value, "submitted");
export const paymentModeOf = (value: string): (typeof PAYMENT_MODES)[number] =>
  oneOf(PAYMENT_MODES, value, "Neft");
export const accountTypeOf = (value: string): AccountType => oneOf(ACCOUNT_TYPES, value, "stockist");
export const orderSourceOf = (value: string): OrderSource => oneOf(ORDER_SOURCES, value, "B2B");

/** A numeric column ("1234.5", null) as the API's amount with exactly two places ("1234.50"; null is "0.00"). */
export const amountOf = (value: string | number | null | undefined): string =>
  paiseToDecimal(toPaise(value ?? "0"));
