/** Cart requests and responses (server cart, allocation, upload, serviceability). */
import { messages, QUANTITY_CHOICES } from "@portal/domain";
import { z } from "zod";
import { DbId, NamedRef } from "./catalogue";
import { GstType, Money, StockTypeName, text, WarehouseGroupKey } from "./common";

/** At most this many ids in one cart request (the cart itself holds at most 300 lines). */
const MAX_IDS_PER_REQUEST = 1000;

const ProductIds = z
  .array(DbId("product id"), { error: "productIds must be a list of product ids" })
  .max(MAX_IDS_PER_REQUEST, `at most ${MAX_IDS_PER_REQUEST} product ids per request`);

/** A quantity from the dropdown, with the spec's message; for forms (the server checks the same rule). */
/**
 * A line of the server cart. `productId` is the server's name and `id` the client's; both carry the
 * product id. parent, stockType, mrp and whId are filled by the server from the catalogue.
 */
export const CartItem = z
  .object({
    id: z.number(),
    productId: z.number(),
    qty: z.number(),
    /** groupID^colour for categories 6 and 21, else productId^colour. */
    parent: z.string(),
    stockType: StockTypeName,
    mrp: Money,
    /** The warehouse the line is priced from (the caller's best stocked warehouse), null when none holds it. */
    whId: z.number().nullable(),
  })
  .meta({ id: "CartItem" });
export type CartItem = z.infer<typeof CartItem>;

export const CartResponse = z.object({ products: z.array(CartItem) });
export type CartResponse = z.infer<typeof CartResponse>;

/**
 * One item of PUT /api/users/cart/update. Only `id` and `qty` are read; anything else the client
 * sends back from its cart (parent, stockType, mrp, whId, productId) is accepted and ignored.
 * A missing or zero qty is answered "Please select quantity."; qty must be one of the offered quantities.
 */
export const CartUpdateItem = z
  .looseObject({
    id: DbId("id"),
    qty: z
      .number({ error: "qty must be a number" })
      .meta({
        enum: [...QUANTITY_CHOICES],
        description: "One of the offered quantities: 1 to 50, then 100 to 500 in steps of 50",
      })
      .nullish(),
  })
  // A missing qty is refused with the spec's "Please select quantity." (by the service, in its words).
  .meta({ required: ["id", "qty"] });

/**
 * PUT /api/users/cart/update. `mode` states the client's intent:
 * - "update" (default): add products not in the cart and change the quantity of those that are; a
 *   request that only repeats quantities already in the cart is refused ("Already added to cart with
 *   same quantity..!!").
 * - "add": the client believes the products are not in the cart (an Add button); one already there
 *   is refused ("Already added to cart..!!", or with the same quantity "Already added to cart with
 *   same quantity..!!") and nothing is written.
 * At most 300 lines may be in the cart after the change ("Maximum number of item in cart is reached").
 * Products the caller may not see are 404 "Product not found (ids)"; drop-ship and credit-vendor
 * products whose brand does not deliver to the caller's shipping pincode are 400 "Product is not
 * serviceable". A refusal about several products names them: "Already added to cart..!! (1, 2)".
 * Every refusal writes nothing.
 */
export const CartUpdateBody = z.object(
  {
    products: z
      .array(CartUpdateItem, { error: "products must be a list of { id, qty }" })
      .min(1, messages.selectAtLeastOneProduct)
      .max(MAX_IDS_PER_REQUEST, messages.cartLimit)
      // A product listed twice is refused (the service's check): JSON Schema cannot say "unique by id".
      .meta({ description: "Each product once (unique by id)", "x-unique-by": "id" }),
    mode: z.enum(["add", "update"]).default("update"),
  },
  // a missing body (or one that is not an object) is told what to send, not zod's "Invalid input"
  { error: "Please send the products to add or update, as { products: [{ id, qty }] }." },
);
export type CartUpdateBody = z.infer<typeof CartUpdateBody>;
/** What a client sends (mode may be left out). */
export type CartUpdateRequest = z.input<typeof CartUpdateBody>;

/** The answer of every cart change: the spec's message and the whole cart after it. */
export const CartChangeResponse = z.object({
  message: z.string(),
  products: z.array(CartItem),
});
export type CartChangeResponse = z.infer<typeof CartChangeResponse>;

export const CartUpdateResponse = CartChangeResponse.extend({
  /** Products added, updated, and left as they were (same quantity), by id. */
  added: z.array(z.number()),
  updated: z.array(z.number()),
  unchanged: z.array(z.number()),
});
export type CartUpdateResponse = z.infer<typeof CartUpdateResponse>;

/** POST /api/users/cart/removeCartItems. */
export const RemoveCartItemsBody = z.object(
  { productIds: ProductIds.min(1, "productIds: choose at least one product to delete") },
  { error: "Please send the products to delete, as { productIds: [id, …] }." },
);
export type RemoveCartItemsBody = z.infer<typeof RemoveCartItemsBody>;

export const RemoveCartItemsResponse = CartChangeResponse.extend({
  removed: z.array(z.number()),
  /** Asked for but not in the cart. */
  notInCart: z.array(z.number()),
});
export type RemoveCartItemsResponse = z.infer<typeof RemoveCartItemsResponse>;

/**
 * POST /api/cart: refresh the cart against live stock and allocate it. `products` limits the answer
 * to those cart lines (empty or absent: the whole cart). `wh`, `userState` and `appType` are the
 * original client's fields: `wh` must name the caller's own warehouses, but the server always
 * allocates over the caller's whole mapping and taxes for the caller's shipping state.
 * `reduceToStock` (the place-order flow) also lowers each line's quantity to what stock covers.
 */
export const CartRefreshBody = z.object({
  products: ProductIds.optional(),
  wh: z.array(DbId("wh"), { error: "wh must be a list of warehouse ids" }).max(100).optional(),
  userState: text("userState").max(100).optional(),
  appType: z.union([z.number(), text("appType").max(10)]).optional(),
  reduceToStock: z.boolean().optional(),
});
export type CartRefreshBody = z.infer<typeof CartRefreshBody>;

/** Units of a line taken from one warehouse, priced from that warehouse (one unit's amounts, and the total). */
export const CartAllocation = z.object({
  wh: z.number(),
  whName: z.string(),
  group: WarehouseGroupKey,
  qty: z.number(),
  mrp: Money,
  /** Cost to customer per unit: MRP less the retailer margin. */
  ctc: Money,
  baseCost: Money,
  /** GST per unit. */
  vat: Money,
  netCost: Money,
  /** The partner's margin per unit (MRP − net cost). */
  margin: Money,
  gstType: GstType,
  gstRate: Money,
  /** netCost × qty. */
  total: Money,
});
export type CartAllocation = z.infer<typeof CartAllocation>;

/** A cart line refreshed against stock. */
export const CartLine = z.object({
  id: z.number(),
  productId: z.number(),
  /** The quantity in the cart (what the partner wants). */
  qty: z.number(),
  parent: z.string(),
  name: z.string(),
  image: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  brand: NamedRef,
  category: NamedRef,
  subcategory: NamedRef,
  stockType: StockTypeName,
  isReturnable: z.boolean(),
  isSale: z.boolean(),
  mrp: Money,
  /** The chosen warehouse (the first allocation's), or the stored one when nothing is allocated. */
  whId: z.number().nullable(),
  /** The ordering group of the first allocation (the chosen warehouse). */
  group: WarehouseGroupKey,
  allocation: z.array(CartAllocation),
  allocatedQty: z.number(),
  /** qty − allocatedQty. */
  gapQty: z.number(),
  /** Stock at MRP across the caller's warehouses (0 when the product can no longer be bought). */
  availableQty: z.number(),
  /** Sum of the allocation totals. */
  totalPrice: Money,
  /** MRP × allocatedQty. */
  totalMRP: Money,
  /** False when the product is no longer visible to the caller; such a line cannot be ordered. */
  available: z.boolean(),
  /** Why the line cannot be ordered ("Product not found"), or null. */
  problem: z.string().nullable(),
  /** BABYHUG: "Oops! We recommend you to buy this product." when out of stock or on sale; else null. */
  reorderWarning: z.string().nullable(),
});
export type CartLine = z.infer<typeof CartLine>;

/** A warehouse group of the place-order dialog with the spec's minimum and shipping-limit rules. */
export const CartGroupTotal = z.object({
  group: WarehouseGroupKey,
  label: z.string(),
  total: Money,
  minimum: Money,
  shippingLimit: Money.nullable(),
  meetsMinimum: z.boolean(),
  /** Total at or above the minimum but below the shipping limit. */
  shippingCharge: z.boolean(),
  /** What the shipping charge is when the flag is set (GST inclusive, once for the group), else "0.00". */
  shippingChargeAmount: Money,
  /** How much more in this group avoids the charge (the shipping limit minus the total), or null. */
  toAvoidShippingCharge: Money.nullable(),
  /** Only groups meeting their minimum start selected. */
  preselected: z.boolean(),
  lines: z.number(),
});
export type CartGroupTotal = z.infer<typeof CartGroupTotal>;

/** The refreshed, allocated cart as the screens use it. */
export const CartAllocationView = z.object({
  products: z.array(CartLine),
  groups: z.array(CartGroupTotal),
  /** Any group meets its minimum. */
  orderEnabled: z.boolean(),
  /** Some line with stock gets less than its quantity (a sold-out line shows its gap instead). */
  stockReduced: z.boolean(),
  /** "Your cart has been updated as per stock availability. …" when stockReduced, else null. */
  message: z.string().nullable(),
  totalPrice: Money,
  totalMRP: Money,
  /** Ids asked for in `products` that are not in the cart. */
  notInCart: z.array(z.number()),
});
export type CartAllocationView = z.infer<typeof CartAllocationView>;

/** POST /api/cart answers the spec's `data.products` (the merged cart lines) beside the totals. */
export const CartRefreshResponse = CartAllocationView.omit({ products: true }).extend({
  data: z.object({ products: z.array(CartLine) }),
});
export type CartRefreshResponse = z.infer<typeof CartRefreshResponse>;

export const toCartAllocationView = ({ data, ...rest }: CartRefreshResponse): CartAllocationView => ({
  ...rest,
  products: data.products,
});

/** A pincode as text or number (the original client sent either). */
const BillingPincode = z
  .union(
    [
      text("BillingPincode").regex(/^\s*\d{6}\s*$/, "BillingPincode must be 6 digits"),
      z.number().int().min(100000).max(999999),
    ],
    {
      error: "BillingPincode is required",
    },
  )
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{6}$/, "BillingPincode must be 6 digits"));

/** POST /api/products/checkServiceableProducts. */
export const CheckServiceableBody = z.object({
  ProductList: z
    .array(
      z.object({
        ProductID: DbId("ProductID"),
        MRP: z.union([text("MRP").max(30), z.number()]).optional(),
        WarehouseID: DbId("WarehouseID").optional(),
        BillingPincode,
      }),
      { error: "ProductList must be a list" },
    )
    .min(1, "ProductList: name at least one product")
    .max(MAX_IDS_PER_REQUEST, `ProductList: at most ${MAX_IDS_PER_REQUEST} products`),
});
export type CheckServiceableBody = z.infer<typeof CheckServiceableBody>;

/** POST /api/products/serviceability. */
export const ServiceabilityBody = z.object({
  ProductList: z
    .array(z.object({ ProductID: DbId("ProductID"), BillingPincode }), {
      error: "ProductList must be a list",
    })
    .min(1, "ProductList: name at least one product")
    .max(MAX_IDS_PER_REQUEST, `ProductList: at most ${MAX_IDS_PER_REQUEST} products`),
});
export type ServiceabilityBody = z.infer<typeof ServiceabilityBody>;

/** One product's answer: serviceable only when `failures` is empty. */
export const ServiceabilityResult = z.object({
  ProductID: z.number(),
  BillingPincode: z.string(),
  serviceable: z.boolean(),
  failures: z.array(z.string()),
});
export type ServiceabilityResult = z.infer<typeof ServiceabilityResult>;

/** The spec's answer: `products` is JSON text of ServiceabilityResult[]; parse it with `parseServiceability`. */
export const ServiceabilityResponse = z.object({ products: z.string() });
export type ServiceabilityResponse = z.infer<typeof ServiceabilityResponse>;

export const parseServiceability = (response: ServiceabilityResponse): ServiceabilityResult[] =>
  z.array(ServiceabilityResult).parse(JSON.parse(response.products));

/** A row of the upload report. */
export const UploadedRow = z.object({ row: z.number(), productId: z.number(), qty: z.number() });
export const DroppedUploadRow = z.object({ row: z.number(), text: z.string(), reason: z.string() });

/**
 * POST /api/users/cart/upload (multipart, one file in field "file"): the rows merged into the cart
 * and the rows dropped with the reason, by row number of the file (the header is row 1).
 */
export const CartUploadReport = z.object({
  message: z.string(),
  added: z.array(UploadedRow),
  updated: z.array(UploadedRow.extend({ previousQty: z.number() })),
  unchanged: z.array(UploadedRow),
  /** The first 100 dropped rows (in row order); `droppedNotListed` counts the rest. */
  dropped: z.array(DroppedUploadRow),
  droppedNotListed: z.number(),
  /** Product ids removed as not serviceable for the caller's pincode (also in `dropped`). */
  unserviceable: z.array(z.number()),
  products: z.array(CartItem),
});
export type CartUploadReport = z.infer<typeof CartUploadReport>;

// Inferred types of the schemas above, for server and web alike.
export type CartUpdateItem = z.infer<typeof CartUpdateItem>;
export type UploadedRow = z.infer<typeof UploadedRow>;
export type DroppedUploadRow = z.infer<typeof DroppedUploadRow>;
