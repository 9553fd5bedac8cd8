/** Order placement requests and responses (POST /api/order, GET /api/order/{poid}). */
import { canonicalState, INDIAN_STATES, messages, ORDER_SOURCES } from "@portal/domain";
import { z } from "zod";
import {
  GstSplitFields,
  GstType,
  MAX_DB_ID,
  Money,
  OrderStatusName,
  StockTypeName,
  text,
  WarehouseGroupKey,
} from "./common";

/** The most warehouse orders in one placement, and lines in one warehouse order (the cart's limit). */
export const MAX_ORDERS_PER_PLACEMENT = 50;
export const MAX_LINES_PER_ORDER = 300;
/** The largest quantity of one line: the largest quantity choice of the cart. */
export const MAX_LINE_QUANTITY = 500;

/**
 * The Idempotency-Key header: a new random key (a UUID will do) per order attempt, the same key
 * when retrying that attempt. 8 to 100 letters, digits, "-" or "_".
 */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const IdempotencyKey = z
  .string({ error: "The Idempotency-Key header is required: send a new random key with each order" })
  .regex(
    /^[A-Za-z0-9_-]{8,100}$/,
    "The Idempotency-Key header must be 8 to 100 letters, digits, '-' or '_' (a UUID will do)",
  );

const wholeNumber = (what: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`);

/** Something the client may send (its own prices) that the server ignores: a number or a numeric string. */
const IgnoredAmount = z.union([z.number(), text("amount").max(30)]).optional();

const requiredText = (field: string, max: number) =>
  text(field).trim().min(1, `${field} is required`).max(max, `${field} must be at most ${max} characters`);

const optionalText = (field: string, max: number) =>
  text(field)
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : undefined));

/** A state or union territory of India, in any case; normalised to its usual spelling. */
const State = text("state")
  .trim()
  .min(1, "state is required")
  .transform((s, ctx) => {
    const known = canonicalState(s);
    if (!known) {
      ctx.addIssue({ code: "custom", message: "state must be a state or union territory of India" });
      return z.NEVER;
    }
    return known;
  })
  .meta({
    enum: [...INDIAN_STATES],
    description: "A state or union territory of India (any case and spacing is read as its usual spelling)",
  });

export const ShippingAddress = z.object({
  name: requiredText("name", 120),
  address1: requiredText("address1", 200),
  address2: optionalText("address2", 200),
  city: requiredText("city", 80),
  state: State,
  pincode: text("pincode")
    .trim()
    .regex(/^\d{6}$/, "pincode must be 6 digits"),
  phone: text("phone")
    .trim()
    .regex(/^\d{10}$/, "phone must be 10 digits"),
});
export type ShippingAddress = z.infer<typeof ShippingAddress>;

/**
 * GSTIN: 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity number, Z, check character
 * (the document states it in any case, with the spaces the trim takes, or blank).
 */
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The billing address: the shipping address's fields (its phone optional, and not kept) and the GSTIN. */
export const BillingAddress = ShippingAddress.extend({
  phone: text("phone")
    .trim()
    .refine((v) => v === "" || /^\d{10}$/.test(v), "phone must be 10 digits")
    .meta({ allOf: [{ pattern: "^\\s*(\\d{10})?\\s*$" }], description: "10 digits, or blank" })
    .nullish(),
  gstNo: text("gstNo")
    .trim()
    .toUpperCase()
    .meta({
      allOf: [{ pattern: "^\\s*(\\d{2}[A-Za-z]{5}\\d{4}[A-Za-z][1-9A-Za-z][Zz][0-9A-Za-z])?\\s*$" }],
      description: "A 15-character GSTIN (any case), or blank",
    })
    .nullish()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || GSTIN.test(v), "gstNo must be a 15-character GSTIN"),
});
export type BillingAddress = z.infer<typeof BillingAddress>;

/** One requested line; the client's prices are only a request, the server prices every line. */
export const OrderLineRequest = z.object({
  id: wholeNumber("id", 1, MAX_DB_ID),
  qty: wholeNumber("qty", 1, MAX_LINE_QUANTITY),
  isReturnable: z.boolean().optional(),
  actualPrice: IgnoredAmount,
  totalPrice: IgnoredAmount,
});

/** The spec's order payload per warehouse. */
export const WarehouseOrderRequest = z
  .object({
    wh: wholeNumber("wh", 1, MAX_DB_ID),
    products: z
      .array(OrderLineRequest, { error: "products are required" })
      .min(1, "products: at least one product is required")
      .max(MAX_LINES_PER_ORDER, `products: at most ${MAX_LINES_PER_ORDER} products per warehouse`)
      .meta({ description: "Each product once (unique by id)", "x-unique-by": "id" }),
    totalStockistOrWarehousePrice: IgnoredAmount,
  })
  .superRefine((order, ctx) => {
    const seen = new Set<number>();
    for (const [index, line] of order.products.entries()) {
      if (seen.has(line.id))
        ctx.addIssue({
          code: "custom",
          path: ["products", index, "id"],
          message: `product ${line.id} is listed twice for warehouse ${order.wh}`,
        });
      seen.add(line.id);
    }
  });

export const PlaceOrderBody = z
  .object({
    orders: z
      .array(WarehouseOrderRequest, { error: messages.selectWarehouse })
      .min(1, messages.selectWarehouse)
      .max(MAX_ORDERS_PER_PLACEMENT, `orders: at most ${MAX_ORDERS_PER_PLACEMENT} warehouses at once`)
      .meta({ description: "One order per warehouse (unique by wh)", "x-unique-by": "wh" }),
    shippingAddress: ShippingAddress,
    billingAddress: BillingAddress,
    /** Accepted for compatibility and ignored: the server decides the shipping charge. */
    shippingCharge: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    for (const [index, order] of body.orders.entries()) {
      if (seen.has(order.wh))
        ctx.addIssue({
          code: "custom",
          path: ["orders", index, "wh"],
          message: `warehouse ${order.wh} is listed twice; send one order per warehouse`,
        });
      seen.add(order.wh);
    }
  })
  .meta({ id: "PlaceOrderBody" });
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>;
export type PlaceOrderInput = z.input<typeof PlaceOrderBody>;

/** A purchase order line as the server priced it; amounts are decimal strings with 2 places. */
export const PurchaseOrderLine = z.object({
  productId: z.number(),
  name: z.string(),
  desc: z.string(),
  hsnCode: z.string(),
  stockType: StockTypeName,
  isReturnable: z.boolean(),
  minimumShipHours: z.number(),
  mrp: Money,
  /** Net cost per unit (base cost + GST). */
  actualPrice: Money,
  baseCost: Money,
  orderedQuantity: z.number(),
  /** Units confirmed or delivered; starts as ordered. */
  quantity: z.number(),
  /** actualPrice × quantity ordered = totalBase + cgst + sgst + igst. */
  totalPrice: Money,
  totalBase: Money,
  /** Rate in percent. */
  gstRate: Money,
  ...GstSplitFields,
});
export type PurchaseOrderLine = z.infer<typeof PurchaseOrderLine>;

const AddressOut = z.object({
  name: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
});

/** The purchase order (account-area spec section 3), one per warehouse and stock type. */
/** The store member who placed an order (or whose request the owner approved), and their role (issue 30). */
export const PlacedBy = z.object({ name: z.string(), role: z.string() });
export type PlacedBy = z.infer<typeof PlacedBy>;

export const PurchaseOrder = z
  .object({
    /** Ends with the stock type's letter: T or N owned, K or J just in time, D drop shipment. */
    poid: z.string(),
    warehouseId: z.number(),
    warehouseName: z.string(),
    warehouseState: z.string(),
    warehouseGroup: WarehouseGroupKey,
    /** B2B, B2F or Kiosk. */
    source: z.enum(ORDER_SOURCES),
    stockType: StockTypeName,
    status: OrderStatusName,
    /** Shared by the orders placed with one click. */
    placementId: z.string(),
    createdAt: z.string(),
    paymentDate: z.string().nullable(),
    maxShipDate: z.string(),
    totalItems: z.number(),
    totalQuantity: z.number(),
    totalMrp: Money,
    totalBase: Money,
    totalCgst: Money,
    totalSgst: Money,
    totalIgst: Money,
    couponDiscount: Money,
    netPayment: Money,
    gstType: GstType,
    /** The group total reached its minimum but not its shipping limit. */
    shippingCharge: z.boolean(),
    /** The group's shipping charge (GST inclusive) billed with this order: once per flagged group of a placement, else "0.00". */
    shippingChargeAmount: Money,
    docketNo: z.string().nullable(),
    transporterNo: z.string().nullable(),
    gapReport: z.number(),
    shippingAddress: AddressOut.extend({ phone: z.string() }),
    billingAddress: AddressOut.extend({ gstNo: z.string().nullable() }),
    lines: z.array(PurchaseOrderLine),
    /** Which person of the store placed it (GET /api/order/{poid}); null when the owner did, or before store teams. */
    placedBy: PlacedBy.nullable().optional(),
  })
  .meta({ id: "PurchaseOrder" });
export type PurchaseOrder = z.infer<typeof PurchaseOrder>;

export const PlacedOrderResult = z.object({
  status: z.literal(200),
  wh: z.number(),
  poid: z.string(),
  order: PurchaseOrder,
});
export const FailedOrderResult = z.object({
  status: z.literal(400),
  wh: z.number(),
  /** Why this warehouse's order was not placed; nothing of it was written. */
  message: z.string(),
});
/** One result per purchase order placed, and one per warehouse order refused. */
export const OrderResult = z.discriminatedUnion("status", [PlacedOrderResult, FailedOrderResult]);
export type OrderResult = z.infer<typeof OrderResult>;

/** HTTP 200: at least one order was placed. */
export const PlaceOrderResponse = z
  .object({
    result: z.array(OrderResult),
    /**
     * Set instead of placing when a buyer's placement is above their approval limit (issue 30): the
     * order request sent to the store's owner; `result` is then empty and the cart is kept.
     */
    approvalRequest: z.object({ id: z.number(), total: Money, message: z.string() }).optional(),
  })
  .meta({ id: "PlaceOrderResponse" });
export type PlaceOrderResponse = z.infer<typeof PlaceOrderResponse>;

/** HTTP 400: a bad request ({message}) or no order could be placed ({message, result}). */
export const PlaceOrderFailure = z
  .object({ message: z.string(), result: z.array(OrderResult).optional() })
  .meta({ id: "PlaceOrderFailure" });
export type PlaceOrderFailure = z.infer<typeof PlaceOrderFailure>;

export const PoidParam = z.object({
  poid: text("poid").trim().min(1).max(40),
});

// Inferred types of the schemas above, for server and web alike.
export type OrderLineRequest = z.infer<typeof OrderLineRequest>;
export type WarehouseOrderRequest = z.infer<typeof WarehouseOrderRequest>;
export type PlacedOrderResult = z.infer<typeof PlacedOrderResult>;
export type FailedOrderResult = z.infer<typeof FailedOrderResult>;
export type PoidParam = z.infer<typeof PoidParam>;
