export const SITE_TITLE = "Partner Portal";

export const CART_LIMIT = 300;
export const CART_REFRESH_MS = 600_000;
export const REQUEST_TIMEOUT_MS = 300_000;
export const AUTOSUGGEST_MIN_CHARS = 3;
export const INFO_BATCH_SIZE = 1000;
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const LOAD_PAGE_SIZES = [10, 20, 30, 40] as const;

export const STOCKIST_MINIMUM_ORDER = 6000;
export const OWNED_MINIMUM_ORDER = 0;
export const OWNED_SHIPPING_LIMIT = 20000;
export const KIOSK_DEBIT_LIMIT = 5000;
/**
 * The shipping charge of a warehouse group whose total reaches its minimum but not its shipping
 * limit (the spec's flag), in rupees, until staff set another in the Admin Console: a flat ₹250 per
 * group per placement, GST inclusive at 18% (SAC 9965, goods transport), billed on the invoice.
 */
export const DEFAULT_SHIPPING_CHARGE = 250;
/** The GST rate inside the shipping charge (per cent). */
export const SHIPPING_CHARGE_GST_RATE = 18;
/** The services code printed on the shipping-charge line of an invoice (goods transport). */
export const SHIPPING_CHARGE_SAC = "9965";
/** The largest shipping charge staff may set (rupees): below the owned shipping limit itself. */
export const MAX_SHIPPING_CHARGE = 5000;

/** Quantity dropdown: 1 to 50, then 100 to 500 in steps of 50. */
export const QUANTITY_CHOICES: readonly number[] = [
  ...Array.from({ length: 50 }, (_, i) => i + 1),
  ...Array.from({ length: 9 }, (_, i) => 100 + i * 50),
];

export const PRIVATE_LABEL_BRAND_IDS = [621, 376, 1003216] as const;
/** Baby Food & Infant Formula, Kids Food & Nutritional Supplements. */
export const FOOD_SUBCATEGORY_IDS = [79, 815] as const;
export const APPAREL_CATEGORY_IDS = [6, 21, 22] as const;
/** Categories whose cart lines group by groupID and colour. */
export const GROUPED_APPAREL_CATEGORY_IDS = [6, 21] as const;

/** Ids under 100 are the company's own warehouses; 99 is the stockist warehouse; 100 and above are stockists. */
export const STOCKIST_WAREHOUSE_ID = 99;
export const FIRST_STOCKIST_ID = 100;

export const STOCK_TYPES = [
  "DropShipment",
  "JustInTime",
  "CreditVendorStock",
  "CreditWHStock",
  "OwnedStock",
] as const;
export type StockType = (typeof STOCK_TYPES)[number];
/** Stock types as people read them (filters and chips). */
export const STOCK_TYPE_LABELS: Record<StockType, string> = {
  DropShipment: "Drop shipment",
  JustInTime: "Just in time",
  CreditVendorStock: "Credit vendor stock",
  CreditWHStock: "Credit warehouse stock",
  OwnedStock: "Owned stock",
};

export const ORDER_STATUSES = ["Pending", "Confirmed", "Shipped", "Delivered", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const DEMO_PASSWORD = "Demo@1234";

/** C-form years start here (the C-form page's year list and its refusal). */
export const CFORM_FIRST_YEAR = 2014;
