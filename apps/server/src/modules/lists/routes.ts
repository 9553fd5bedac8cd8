import multipart from "@fastify/multipart";
import {
  AddListLinesBody,
  CreateListBody,
  ErrorResponse,
  LIST_IMPORT_NAME_FIELD,
  ListAddToCartBody,
  ListAddToCartResponse,
  ListCsvParam,
  ListIdParam,
  ListImportResponse,
  ListName,
  SavedList,
  SavedListChange,
  SavedListsResponse,
  UpdateListBody,
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
import type { CartCaller, UploadedFile } from "../cart/public";
import type { ListsService } from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse };
const withNotFound = { ...errors, 404: ErrorResponse };
const user = { access: "user" as const };
const tags = ["saved lists"];
/** Room for the multipart envelope around a file of the largest size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const tooLarge = () => new AppError(413, tooLargeUploadMessage());
const ONE_FILE_ONLY = `Upload one file only, in the form field "${CART_UPLOAD_FIELD}"`;

/** The import's file (the cart upload's size limit) and the optional name field, checked as a list name. */
async function importForm(request: FastifyRequest): Promise<{ file: UploadedFile; name?: string }> {
  if (!request.isMultipart())
    throw badRequest(`Send the file as multipart/form-data in the field "${CART_UPLOAD_FIELD}"`);
  const files: (UploadedFile & { field: string })[] = [];
  let name: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: CART_UPLOAD_MAX_BYTES, files: 2, fields: 5, parts: 7 },
    })) {
      if (part.type === "file") {
        files.push({ field: part.fieldname, filename: part.filename, bytes: await part.toBuffer() });
      } else if (
        part.fieldname === LIST_IMPORT_NAME_FIELD &&
        typeof part.value === "string" &&
        part.value.trim()
      ) {
        const parsed = ListName.safeParse(part.value);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "name is not a list name");
        name = parsed.data;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw new AppError(413, ONE_FILE_ONLY);
    throw badRequest(invalidCsvBecause("the upload could not be read"));
  }
  if (files.length > 1) throw badRequest(ONE_FILE_ONLY);
  const [file] = files;
  if (!file || file.field !== CART_UPLOAD_FIELD)
    throw badRequest(`Choose a CSV file to upload (form field "${CART_UPLOAD_FIELD}")`);
  return { file: { filename: file.filename, bytes: file.bytes }, ...(name === undefined ? {} : { name }) };
}

/**
 * Saved lists (issue 29): the store's named lists of products with a default quantity each, shared by
 * every user of the store. A list of another store is a 404, as if it did not exist.
 */
export const listsRoutes: FastifyPluginAsyncZod<{ lists: ListsService }> = async (app, { lists }) => {
  // Multipart is parsed only in this plugin (the import).
  await app.register(multipart, { limits: { fileSize: CART_UPLOAD_MAX_BYTES, files: 1 } });

  const callerOf = async (request: FastifyRequest): Promise<CartCaller> => ({
    user: userOf(request),
    viewer: await request.viewer(),
  });

  app.get(
    "/api/lists",
    {
      config: user,
      schema: {
        tags,
        summary: "The store's saved lists, most recently changed first, with the limits",
        response: { 200: SavedListsResponse, ...errors },
      },
    },
    async (request) => lists.index(userOf(request).id),
  );

  app.post(
    "/api/lists",
    {
      config: user,
      schema: {
        tags,
        summary: "Save a new list (name unique in the store ignoring case; at most 50 lists of 500 products)",
        body: CreateListBody,
        response: { 201: SavedListChange, ...withNotFound, 409: ErrorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await lists.create(await callerOf(request), request.body)),
  );

  app.post(
    "/api/lists/import",
    {
      config: user,
      onRequest: async (request) => {
        const length = Number(request.headers["content-length"] ?? 0);
        if (length > CART_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
      },
      schema: {
        tags,
        summary: `A new list from a CSV in the cart upload's format (header row, then product id and quantity per row; at most 1 MB). Multipart: the file in "${CART_UPLOAD_FIELD}", the list's name in "${LIST_IMPORT_NAME_FIELD}" (else the file's name)`,
        consumes: ["multipart/form-data"],
        response: { 201: ListImportResponse, ...withNotFound, 409: ErrorResponse, 413: ErrorResponse },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const form = await importForm(request);
      return reply.code(201).send(await lists.importCsv(caller, form.file, form.name));
    },
  );

  app.get(
    "/api/lists/:id.csv",
    {
      config: user,
      schema: {
        tags,
        summary: "The list as CSV (productId,quantity), the cart upload's format",
        params: ListCsvParam,
        produces: ["text/csv"],
        response: { 200: z.string(), ...withNotFound },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await lists.exportCsv(userOf(request).id, request.params.id);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "no-store")
        .serializer((payload: unknown) => String(payload))
        .send(csv);
    },
  );

  app.get(
    "/api/lists/:id",
    {
      config: user,
      schema: {
        tags,
        summary:
          "A list with each line as the store sees it now: name, picture, net cost, buyable or why not",
        params: ListIdParam,
        response: { 200: SavedList, ...withNotFound },
      },
    },
    async (request) => lists.get(await callerOf(request), request.params.id),
  );

  app.put(
    "/api/lists/:id",
    {
      config: user,
      schema: {
        tags,
        summary: "Rename a list and/or replace its lines",
        params: ListIdParam,
        body: UpdateListBody,
        response: { 200: SavedListChange, ...withNotFound, 409: ErrorResponse },
      },
    },
    async (request) => lists.update(await callerOf(request), request.params.id, request.body),
  );

  app.delete(
    "/api/lists/:id",
    {
      config: user,
      schema: {
        tags,
        summary: "Delete a list (its lines with it)",
        params: ListIdParam,
        response: { 200: SavedListChange, ...withNotFound },
      },
    },
    async (request) => lists.remove(await callerOf(request), request.params.id),
  );

  app.post(
    "/api/lists/:id/lines",
    {
      config: user,
      schema: {
        tags,
        summary: "Add products to a list, or change their default quantity when already there",
        params: ListIdParam,
        body: AddListLinesBody,
        response: { 200: SavedListChange, ...withNotFound },
      },
    },
    async (request) => lists.addLines(await callerOf(request), request.params.id, request.body.lines),
  );

  app.post(
    "/api/lists/:id/addToCart",
    {
      config: user,
      schema: {
        tags,
        summary:
          "Add the list (or the chosen products of it) to the cart through every cart rule, with each line's outcome; refused lines carry the cart's message",
        params: ListIdParam,
        body: ListAddToCartBody,
        response: { 200: ListAddToCartResponse, ...withNotFound, 403: ErrorResponse },
      },
    },
    async (request) => lists.addToCart(await callerOf(request), request.params.id, request.body.productIds),
  );
};
