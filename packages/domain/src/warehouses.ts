import { FIRST_STOCKIST_ID, STOCKIST_WAREHOUSE_ID } from "./constants";
import { sameState } from "./states";

export interface Warehouse {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  zone: string;
  gstNo: string;
}

/** The spec's static warehouses: 2 Pune, 3 Delhi, 5 Mumbai, 7 Bangalore, 99 Stockist. */
export const STATIC_WAREHOUSES: readonly Warehouse[] = [
  {
    id: 2,
    name: "Pune",
    address: "Gat No. 1234, Chakan Industrial Area Phase II",
    city: "Pune",
    state: "Maharashtra",
    pincode: "410501",
    zone: "West",
    gstNo: "27AABCB1234F1Z8",
  },
  {
    id: 3,
    name: "Delhi",
    address: "Plot 56, Udyog Vihar Phase IV",
    city: "New Delhi",
    state: "Delhi",
    pincode: "110037",
    zone: "North",
    gstNo: "07AABCB1234F1ZA",
  },
  {
    id: 5,
    name: "Mumbai",
    address: "Building A4, Bhiwandi Logistics Park, Mumbai Nashik Highway",
    city: "Mumbai",
    state: "Maharashtra",
    pincode: "421302",
    zone: "West",
    gstNo: "27AABCB1234F2Z7",
  },
  {
    id: 7,
    name: "Bangalore",
    address: "Survey No. 88, Hoskote Industrial Area",
    city: "Bengaluru",
    state: "Karnataka",
    pincode: "562114",
    zone: "South",
    gstNo: "29AABCB1234F1Z4",
  },
  {
    id: 99,
    name: "Stockist",
    address: "Stockist network",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
    zone: "West",
    gstNo: "27AABCB1234F3Z6",
  },
];

export const isStockist = (warehouseId: number) =>
  warehouseId === STOCKIST_WAREHOUSE_ID || warehouseId >= FIRST_STOCKIST_ID;

/** How a warehouse is named to partners: a stockist is labelled as a stockist whatever its own name. */
export const warehouseLabel = (warehouse: { id: number; name: string }) =>
  isStockist(warehouse.id) && !/stockist/i.test(warehouse.name)
    ? `Stockist: ${warehouse.name}`
    : warehouse.name;

/** A warehouse holding a product: its id, stock above 0 at the product's MRP, and its state. */
export interface HoldingWarehouse {
  warehouseId: number;
  stock: number;
  state?: string;
}

/**
 * The one warehouse preference, used by the listing, the product page and the cart alike: warehouses
 * holding stock, the caller's own state first (CGST/SGST rather than IGST), then the most stock, then
 * the lowest id. The first is the warehouse a product is priced and shipped from.
 */
export function preferredWarehouses<T extends HoldingWarehouse>(
  holding: readonly T[],
  shipToState: string,
): T[] {
  const own = (w: T) => Number(w.state !== undefined && sameState(w.state, shipToState));
  return holding
    .filter((w) => w.stock > 0)
    .sort((a, b) => own(b) - own(a) || b.stock - a.stock || a.warehouseId - b.warehouseId);
}
