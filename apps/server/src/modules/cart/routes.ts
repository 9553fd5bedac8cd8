import multipart from "@fastify/multipart";
import {
  CartChangeResponse,
  CartRefreshBody,
  CartRefreshResponse,
  CartResponse,
  CartUpdateBody,
  CartUpdateResponse,
  CartUploadReport,
  CheckServiceableBody,
  ErrorResponse,
  RemoveCartItemsBody,
  RemoveCartItemsResponse,
  ServiceabilityBody,
  ServiceabilityResponse,
  TopUpSuggestionsResponse,
} from "@portal/contracts";
import {
  CART_UPLOAD_FIELD,
  CART_UPLOAD_MAX_BYTES,
  invalidCsvBecause,
  tooLargeUploadMessage,
} from "@portal/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, badRequest } from "../../lib/errors";
import { userOf } from "../../plugins/access";
import type { CartCaller } from "./purchase";
import type { CartService } from "./service";
import type { UploadedFile } from "./upload";

const errors = { 400: ErrorResponse, 401: ErrorResponse };
const user = { access: "user" as const };
/** Room for the multipart envelope around a file of the largest size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () => new AppError(413, tooLargeUploadMessage());

export const ONE_FILE_ONLY = `Upload one file only, in the form field "${CART_UPLOAD_FIELD}"`;

/**
 * The one file of a multipart upload, read up to the size limit (beyond it: 413, reading stops).
 * Every part is read, so a second file is refused rather than ignored.
 */
async function uploadedFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart())
    throw badRequest(`Send the file as multipart/form-data in the field "${CART_UPLOAD_FIELD}"`);
  const files: (UploadedFile & { field: string })[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: CART_UPLOAD_MAX_BYTES, files: 2, fields: 10, parts: 12 },
    })) {
      if (part.type !== "file") continue;
      files.push({ field: part.fieldname, filename: part.filename, bytes: await part.toBuffer() });
    }
  } catch (error) {
    throw limitError(error) ?? badRequest(invalidCsvBecause("the upload could not be read"));
  }
  if (files.length > 1) throw badRequest(ONE_FILE_ONLY);
  const [file] = files;
  if (!file || file.field !== CART_UPLOAD_FIELD)
    throw badRequest(`Choose a CSV file to upload (form field "${CART_UPLOAD_FIELD}")`);
  return { filename: file.filename, bytes: file.bytes };
}

function limitError(error: unknown): AppError | null {
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge();
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
    return new AppError(413, ONE_FILE_ONLY);
  return null;
}

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  // Multipart is parsed only in this plugin (the cart upload).
  await app.register(multipart, { limits: { fileSize: CART_UPLOAD_MAX_BYTES, files: 1 } });

  const callerOf = async (request: FastifyRequest): Promise<CartCaller> => {
    const sessionUser = userOf(request);
    return { user: sessionUser, viewer: await request.viewer() };
  };

  app.get(
    "/api/users/cart",
    {
      config: user,
      schema: {
        tags: ["cart"],
        summary: "The caller's cart (productId is the client's id; both are given)",
        response: { 200: CartResponse, ...errors },
      },
    },
    async (request) => cart.list(userOf(request)),
  );

  app.put(
    "/api/users/cart/update",
    {
      config: user,
      schema: {
        tags: ["cart"],
        summary: "Add products and change quantities (mode add or update), all or nothing",
        body: CartUpdateBody,
        response: { 200: CartUpdateResponse, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => cart.update(await callerOf(request), request.body),
  );

  app.post(
    "/api/users/cart/removeCartItems",
    {
      config: user,
      schema: {
        tags: ["cart"],
        summary: "Delete products from the caller's cart",
        body: RemoveCartItemsBody,
        response: { 200: RemoveCartItemsResponse, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => cart.remove(userOf(request), request.body.productIds),
  );

  app.delete(
    "/api/users/cart",
    {
      config: user,
      schema: {
        tags: ["cart"],
        summary: "Empty the caller's cart",
        response: { 200: CartChangeResponse, ...errors },
      },
    },
    async (request) => cart.clear(userOf(request)),
  );

  app.post(
    "/api/cart",
    {
      config: user,
      schema: {
        tags: ["cart"],
        summary: "Refresh the cart against live stock: allocation per warehouse, prices, group totals",
        body: CartRefreshBody,
        response: { 200: CartRefreshResponse, ...errors },
      },
    },
    async (request) => {
      const { products, ...rest } = await cart.refresh(await callerOf(request), request.body);
      return { ...rest, data: { products } };
    },
  );

  app.get(
    "/api/cart/topUpSuggestions",
    {
      config: user,
      schema: {
        tags: ["cart"],
        summary:
          "Per warehouse group below its minimum or paying a shipping charge: the amount short and the products (order-assist suggestions, then best sellers) that cover it with the smallest overshoot",
        response: { 200: TopUpSuggestionsResponse, ...errors, 403: ErrorResponse },
      },
    },
    async (request) => cart.topUpSuggestions(await callerOf(request)),
  );

  app.get(
    "/api/users/cart/export",
    {
      config: user,
      schema: {
        tags: ["cart"],
        summary: "The cart as CSV (productId,quantity), which the upload reads back unchanged",
        produces: ["text/csv"],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="cart.csv"')
        .header("cache-control", "no-store")
        .serializer((payload: unknown) => String(payload))
        .send(await cart.exportCsv(userOf(request))),
  );

  app.post(
    "/api/users/cart/upload",
    {
      config: user,
      // Who may upload, and a declared size over the limit, are answered before the body is read.
      onRequest: async (request) => {
        cart.assertCanUpload(userOf(request));
        const length = Number(request.headers["content-length"] ?? 0);
        if (length > CART_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
      },
      schema: {
        tags: ["cart"],
        summary: `Merge a CSV (header row, then product id and quantity per row; at most 1 MB) into the cart, with a row-by-row report. Multipart, field "${CART_UPLOAD_FIELD}"`,
        consumes: ["multipart/form-data"],
        response: { 200: CartUploadReport, ...errors, 403: ErrorResponse, 413: ErrorResponse },
      },
    },
    async (request) => cart.upload(await callerOf(request), await uploadedFile(request)),
  );

  app.post(
    "/api/products/checkServiceableProducts",
    {
      config: user,
      schema: {
        tags: ["cart"],
        summary: "Serviceability of products for a pincode (with the client's MRP and warehouse checked)",
        body: CheckServiceableBody,
        response: { 200: ServiceabilityResponse, ...errors },
      },
    },
    async (request) => cart.checkServiceability((await callerOf(request)).viewer, request.body.ProductList),
  );

  app.post(
    "/api/products/serviceability",
    {
      config: user,
      schema: {
        tags: ["cart"],
        summary:
          "Serviceability of products for a pincode; products is JSON text, serviceable when no failures",
        body: ServiceabilityBody,
        response: { 200: ServiceabilityResponse, ...errors },
      },
    },
    async (request) => cart.checkServiceability((await callerOf(request)).viewer, request.body.ProductList),
  );
};
