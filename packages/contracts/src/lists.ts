/** Saved lists (issue 29): a store's named lists of products with a default quantity each. */
import { LIST_LINE_LIMIT, LIST_NAME_MAX, QUANTITY_CHOICES } from "@portal/domain";
import { z } from "zod";
import { CartItem, DroppedUploadRow } from "./cart";
import { DbId } from "./catalogue";
import { Money, text } from "./common";

/** A list's name: 1 to 60 characters after trimming, no control characters. */
export const ListName = text("name").trim().min(1).max(LIST_NAME_MAX);

/** One line as a client sends it: the product and its default quantity (one of the cart's choices). */
export const ListLineInput = z.object({
  productId: DbId("productId"),
  quantity: z
    .number({ error: "quantity must be a number" })
    .int("quantity must be a whole number")
    .meta({
      enum: [...QUANTITY_CHOICES],
      description: "One of the cart's quantities: 1 to 50, then 100 to 500 in steps of 50",
    }),
});
export type ListLineInput = z.infer<typeof ListLineInput>;

const LineInputs = z
  .array(ListLineInput, { error: "lines must be a list of { productId, quantity }" })
  .max(LIST_LINE_LIMIT, `lines: a list holds at most ${LIST_LINE_LIMIT} products`)
  .meta({ description: "Each product once (unique by productId)", "x-unique-by": "productId" });

/** POST /api/lists. */
export const CreateListBody = z.object(
  { name: ListName, lines: LineInputs.default([]) },
  { error: 'Please send the list as { "name": …, "lines": [{ "productId", "quantity" }] }.' },
);
export type CreateListBody = z.infer<typeof CreateListBody>;
export type CreateListRequest = z.input<typeof CreateListBody>;

const UPDATE_LIST_NEEDS = "Send a new name or the list's lines";

/** PUT /api/lists/{id}: a new name, the whole set of lines, or both. */
export const UpdateListBody = z
  .object(
    { name: ListName.optional(), lines: LineInputs.optional() },
    { error: 'Please send { "name": … } and/or { "lines": [{ "productId", "quantity" }] }.' },
  )
  .refine((b) => b.name !== undefined || b.lines !== undefined, UPDATE_LIST_NEEDS)
  // `x-refinements`: JSON Schema cannot say "at least one of name and lines"
  .meta({ "x-refinements": [UPDATE_LIST_NEEDS] });
export type UpdateListBody = z.infer<typeof UpdateListBody>;

/** POST /api/lists/{id}/lines: products added, or their quantity changed when already in the list. */
export const AddListLinesBody = z.object(
  { lines: LineInputs.min(1, "lines: send at least one product") },
  { error: 'Please send { "lines": [{ "productId", "quantity" }] }.' },
);
export type AddListLinesBody = z.infer<typeof AddListLinesBody>;

/** POST /api/lists/{id}/addToCart: the whole list, or only these of its products. */
export const ListAddToCartBody = z
  .object(
    {
      productIds: z
        .array(DbId("product id"), { error: "productIds must be a list of product ids" })
        .min(1, "productIds: choose at least one product of the list")
        .max(LIST_LINE_LIMIT, `productIds: at most ${LIST_LINE_LIMIT} product ids`)
        .optional(),
    },
    { error: 'Please send {} for the whole list, or { "productIds": [id, …] }.' },
  )
  .default({});
export type ListAddToCartBody = z.infer<typeof ListAddToCartBody>;

export const ListIdParam = z.object({ id: DbId("id") });

/** GET /api/lists/{id}.csv */
export const ListCsvParam = z.object({ id: DbId("id") });

/** A list as the index shows it. */
export const SavedListSummary = z
  .object({
    id: z.number(),
    name: z.string(),
    lineCount: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The name of the user who last changed it (any user of the store). */
    updatedBy: z.string().nullable(),
  })
  .meta({ id: "SavedListSummary" });
export type SavedListSummary = z.infer<typeof SavedListSummary>;

/** GET /api/lists */
export const SavedListsResponse = z.object({
  lists: z.array(SavedListSummary),
  /** How many lists a store may keep, and lines a list may hold. */
  listLimit: z.number(),
  lineLimit: z.number(),
});
export type SavedListsResponse = z.infer<typeof SavedListsResponse>;

/**
 * A line of a list as the store sees it now: what the product is (absent when the store may no longer
 * see it), its net cost, and whether it may be bought, with the cart's own message when not.
 */
export const SavedListLine = z
  .object({
    productId: z.number(),
    quantity: z.number(),
    name: z.string().nullable(),
    size: z.string().nullable(),
    image: z.string().nullable(),
    mrp: Money.nullable(),
    netCost: Money.nullable(),
    buyable: z.boolean(),
    /** Why it cannot be bought: the cart's message ("Product not found", "Product is not serviceable", …). */
    refusal: z.string().nullable(),
  })
  .meta({ id: "SavedListLine" });
export type SavedListLine = z.infer<typeof SavedListLine>;

/** GET /api/lists/{id} and the answer of every change to a list. */
export const SavedList = SavedListSummary.extend({ lines: z.array(SavedListLine) }).meta({ id: "SavedList" });
export type SavedList = z.infer<typeof SavedList>;

export const SavedListChange = SavedList.extend({ message: z.string() });
export type SavedListChange = z.infer<typeof SavedListChange>;

/** Each line's outcome of adding a list to the cart. */
export const ListCartOutcome = z.object({
  productId: z.number(),
  quantity: z.number(),
  outcome: z.enum(["added", "updated", "unchanged", "refused"]),
  /** The cart's message for a refused line. */
  reason: z.string().nullable(),
});
export type ListCartOutcome = z.infer<typeof ListCartOutcome>;

export const ListAddToCartResponse = z.object({
  message: z.string(),
  outcomes: z.array(ListCartOutcome),
  products: z.array(CartItem),
});
export type ListAddToCartResponse = z.infer<typeof ListAddToCartResponse>;

/** POST /api/lists/import: the new list, and the file's rows it left out (with the reasons). */
export const ListImportResponse = SavedListChange.extend({ dropped: z.array(DroppedUploadRow) });
export type ListImportResponse = z.infer<typeof ListImportResponse>;

/** The form field of an import that names the new list (else the file's name is used). */
export const LIST_IMPORT_NAME_FIELD = "name";
