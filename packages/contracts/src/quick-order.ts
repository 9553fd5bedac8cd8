import { QUICK_ORDER_MAX_ROWS } from "@portal/domain";
import { z } from "zod";
import { dbId, Money, text } from "./common";

/** The pad's row number (from 1), so each answer finds its row again. */
const RowNumber = z
  .number({ error: "row must be a number" })
  .int("row must be a whole number")
  .min(1, "row must be positive")
  .max(100_000, "row is too large");

/** A quantity as typed: the cart's own rule (offered quantities) judges it per row. */
const Quantity = z
  .number({ error: "quantity must be a number" })
  .int("quantity must be a whole number")
  .min(0, "quantity must not be negative")
  .max(1_000_000, "quantity is too large");

const rowsOf = <T extends z.ZodType>(row: T) =>
  z
    .array(row, { error: "rows must be a list" })
    .min(1, "rows: give at least one row")
    .max(QUICK_ORDER_MAX_ROWS, `The pad takes at most ${QUICK_ORDER_MAX_ROWS} rows at a time`);

export const QuickOrderResolveBody = z.object({
  rows: rowsOf(
    z.object({
      row: RowNumber,
      /** A product id, an EAN-13 of ours or a style code (S and the style's number). */
      code: text("code").max(40),
      quantity: Quantity,
    }),
  ),
});
export type QuickOrderResolveBody = z.infer<typeof QuickOrderResolveBody>;

/** A warehouse of the partner's holding the product, and how many. */
export const QuickOrderStock = z.object({ warehouseId: z.number(), name: z.string(), stock: z.number() });

/** A product as the pad shows it, priced for the caller. */
export const QuickOrderProduct = z.object({
  id: z.number(),
  name: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  styleCode: z.string(),
  ean: z.string(),
  image: z.string(),
  mrp: Money,
  /** The caller's net cost per unit (base cost + GST) from the warehouse the cart would choose. */
  netCost: Money.nullable(),
  totalStock: z.number(),
  stock: z.array(QuickOrderStock),
});
export type QuickOrderProduct = z.infer<typeof QuickOrderProduct>;

/**
 * Which rule refuses a row: the cart's purchase rules (`visibility` is "Product not found",
 * `serviceability` "Product is not serviceable"), the cart's quantities, a row naming a product
 * another row names, a style still to choose a size of, or a code that cannot be read.
 */
export const QUICK_ORDER_RULES = [
  "visibility",
  "serviceability",
  "quantity",
  "repeated",
  "chooseSize",
  "unreadable",
] as const;
export const QuickOrderRule = z.enum(QUICK_ORDER_RULES);
export type QuickOrderRule = z.infer<typeof QuickOrderRule>;

export const QuickOrderResolvedRow = z.object({
  row: z.number(),
  code: z.string(),
  quantity: z.number(),
  /** The product the row names; absent when the caller may not see it or the code names none. */
  product: QuickOrderProduct.nullable(),
  buyable: z.boolean(),
  refusal: z.object({ rule: QuickOrderRule, message: z.string() }).nullable(),
  /** Closest products the caller may buy now: the same style and colour first, the nearest sizes first. */
  alternatives: z.array(QuickOrderProduct),
});
export type QuickOrderResolvedRow = z.infer<typeof QuickOrderResolvedRow>;

export const QuickOrderResolveResponse = z.object({ rows: z.array(QuickOrderResolvedRow) });
export type QuickOrderResolveResponse = z.infer<typeof QuickOrderResolveResponse>;

export const QuickOrderAddBody = z.object({
  rows: rowsOf(z.object({ row: RowNumber, productId: dbId("productId"), quantity: Quantity })),
});
export type QuickOrderAddBody = z.infer<typeof QuickOrderAddBody>;

export const QUICK_ORDER_OUTCOMES = ["added", "updated", "unchanged", "refused"] as const;

export const QuickOrderAddResponse = z.object({
  message: z.string(),
  rows: z.array(
    z.object({
      row: z.number(),
      productId: z.number(),
      quantity: z.number(),
      outcome: z.enum(QUICK_ORDER_OUTCOMES),
      /** Why a refused row was refused (the cart's own message). */
      message: z.string().nullable(),
    }),
  ),
  /** Lines in the cart afterwards. */
  cartLines: z.number(),
});
export type QuickOrderAddResponse = z.infer<typeof QuickOrderAddResponse>;
