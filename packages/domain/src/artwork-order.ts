/**
 * Issue 28: an artwork order's fields judged one by one, in people's words, for the order form's
 * field-level errors and the server's refusals (the spec's "Please Fill the required fields" stays
 * the form's summary: content.ts `artworkOrderProblem`).
 */
import {
  ARTWORK_CATEGORIES,
  ARTWORK_TYPES,
  ARTWORK_UNITS,
  type ArtworkOrderInput,
  artworkDimension,
  LEAFLET,
} from "./content";
import { artworkFieldMessages as msg } from "./messages";

/** The fewest and most pieces of one artwork order. */
export const ARTWORK_QUANTITY_MIN = 1;
export const ARTWORK_QUANTITY_MAX = 999;
/** The longest address an artwork is delivered to. */
export const ARTWORK_ADDRESS_MAX = 500;

/** The order form's fields as a person names them. */
export const ARTWORK_FIELD_LABELS = {
  cat: "Category",
  type: "Type",
  subType: "Sub type",
  size: "Size",
  unit: "Unit",
  bHeight: "Height",
  bWidth: "Width",
  quantity: "Quantity",
  address: "Delivery address",
} as const;
export type ArtworkField = keyof typeof ARTWORK_FIELD_LABELS;

export type ArtworkOrderFields = ArtworkOrderInput & { quantity?: string | number | null | undefined };

const blank = (v: unknown) => v === null || v === undefined || (typeof v === "string" && v.trim() === "");

/** Why a height or width is refused (null: fine, or not given: whether it is needed is the order's rule). */
export function artworkDimensionProblem(
  field: "bHeight" | "bWidth",
  v: string | number | null | undefined,
): string | null {
  if (blank(v)) return null;
  const label = ARTWORK_FIELD_LABELS[field];
  const n = typeof v === "number" ? v : Number(String(v).trim());
  if (!Number.isFinite(n)) return msg.notANumber(label);
  if (n <= 0) return msg.moreThanZero(label);
  if (artworkDimension(v) === null) return msg.dimensionFormat(label);
  return null;
}

/** The quantity as a whole number of pieces, or null when it is not one from 1 to 999 (blank: 1). */
export function artworkQuantity(v: string | number | null | undefined): number | null {
  if (blank(v)) return ARTWORK_QUANTITY_MIN;
  const text = String(v).trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n >= ARTWORK_QUANTITY_MIN && n <= ARTWORK_QUANTITY_MAX ? n : null;
}

export const artworkQuantityProblem = (v: string | number | null | undefined): string | null =>
  artworkQuantity(v) === null ? msg.quantity : null;

/**
 * Every field's problem, in people's words (empty: the order may be placed). A Leaflet needs no height
 * or width; the sub-type and size must be the chosen type's; the quantity must be given on the form.
 */
export function artworkFieldErrors(o: ArtworkOrderFields): Partial<Record<ArtworkField, string>> {
  const errors: Partial<Record<ArtworkField, string>> = {};
  const choose = (field: ArtworkField, ok: boolean) => {
    if (!ok) errors[field] = msg.choose(ARTWORK_FIELD_LABELS[field]);
  };
  choose(
    "cat",
    ARTWORK_CATEGORIES.some((c) => c.key === o.cat),
  );
  const type = ARTWORK_TYPES.find((t) => t.type === o.type);
  choose("type", type !== undefined);
  choose("subType", type !== undefined && (type.subTypes as readonly string[]).includes(String(o.subType)));
  choose("size", type !== undefined && (type.sizes as readonly string[]).includes(String(o.size)));
  choose("unit", (ARTWORK_UNITS as readonly string[]).includes(String(o.unit)));
  if (o.type !== LEAFLET) {
    for (const field of ["bHeight", "bWidth"] as const) {
      const problem = blank(o[field])
        ? msg.required(ARTWORK_FIELD_LABELS[field])
        : artworkDimensionProblem(field, o[field]);
      if (problem) errors[field] = problem;
    }
  }
  if (blank(o.quantity)) errors.quantity = msg.required(ARTWORK_FIELD_LABELS.quantity);
  else if (artworkQuantityProblem(o.quantity)) errors.quantity = msg.quantity;
  if (blank(o.address)) errors.address = msg.required(ARTWORK_FIELD_LABELS.address);
  else if (String(o.address).trim().length > ARTWORK_ADDRESS_MAX)
    errors.address = msg.tooLong(ARTWORK_FIELD_LABELS.address, ARTWORK_ADDRESS_MAX);
  return errors;
}
