import multipart from "@fastify/multipart";
import {
  ErrorResponse,
  NameList,
  ReplaceWaybillFields,
  SaveWaybillFields,
  SaveWaybillResponse,
  WaybillDetail,
  WaybillDownloadBody,
  WaybillDownloadResponse,
  WaybillListBody,
  WaybillListResponse,
  WaybillLogResponse,
  WaybillRequestIdBody,
  WaybillRequestIdParam,
  WhReqCountBody,
  WhReqCountResponse,
} from "@portal/contracts";
import { WAYBILL_FILE_FIELD, WAYBILL_MAX_BYTES, waybillMessages } from "@portal/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { badRequest } from "../../lib/errors";
import { routeOptions } from "../../lib/route-options";
import { describeZodError } from "../../lib/validation";
import { userOf } from "../../plugins/access";
import type { UploadedDocument, WaybillPartnerService } from "./partner";

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const route = routeOptions({ access: "user" as const }, ["waybill"], errors);
/** Room for the multipart envelope and the text fields around a document of the largest size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The text fields and the one document of an upload; a document over 5 MB stops the reading. */
async function readUpload<Fields extends z.ZodType>(request: FastifyRequest, schema: Fields) {
  if (!request.isMultipart()) throw badRequest(waybillMessages.selectFile);
  const fields: Record<string, string> = {};
  let file: UploadedDocument | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: WAYBILL_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 4096 },
    })) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (part.fieldname !== WAYBILL_FILE_FIELD) continue;
        file = { filename: part.filename, bytes };
      } else if (typeof part.value === "string") fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw badRequest(waybillMessages.fileRule);
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw badRequest(`Upload one file only, in the form field "${WAYBILL_FILE_FIELD}"`);
    throw badRequest(waybillMessages.uploadFailed);
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw badRequest(describeZodError(parsed.error));
  return { fields: parsed.data as z.infer<Fields>, file };
}

/** The partner's waybill calls under /api/waybill (the back office's are under /api/admin/waybills). */
/** A declared size beyond the limit is refused before the body is read. */
async function refuseOversizedUpload(request: FastifyRequest) {
  const length = Number(request.headers["content-length"] ?? 0);
  if (length > WAYBILL_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw badRequest(waybillMessages.fileRule);
}

export const waybillPartnerRoutes: FastifyPluginAsyncZod<{ waybill: WaybillPartnerService }> = async (
  app,
  { waybill },
) => {
  // Multipart is parsed only in this plugin (and the cart's).
  await app.register(multipart, { limits: { fileSize: WAYBILL_MAX_BYTES, files: 1 } });

  app.post(
    "/api/waybill/getWaybillList",
    route(
      "The caller's waybill requests of a status (default WH Request), a page at a time",
      WaybillListResponse,
      {
        body: WaybillListBody,
      },
    ),
    async (request) => waybill.list(userOf(request), request.body),
  );
  app.post(
    "/api/waybill/getWHReqCount",
    route(
      "How many of the caller's waybill requests wait in WH Request (the menu badge)",
      WhReqCountResponse,
      {
        body: WhReqCountBody,
      },
    ),
    async (request) => waybill.whRequestCount(userOf(request)),
  );
  app.get("/api/waybill/getTransporters", route("Transporter names", NameList), async () =>
    waybill.transporters(),
  );
  app.get("/api/waybill/getCheckPostList", route("Check post names", NameList), async () =>
    waybill.checkPosts(),
  );
  app.post(
    "/api/waybill/getWaybillLog",
    route("The history of one of the caller's waybill requests, oldest first", WaybillLogResponse, {
      body: WaybillRequestIdBody,
    }),
    async (request) => waybill.log(userOf(request), request.body.requestid),
  );
  app.post(
    "/api/waybill/saveWaybillDoc",
    {
      ...route(
        "Upload the waybill (multipart: loadid, requestid, comment, file, status Closed, action Update, actionby, requesttype); a PDF of at most 5 MB",
        SaveWaybillResponse,
        { consumes: ["multipart/form-data"] },
      ),
      onRequest: refuseOversizedUpload,
    },
    async (request) => {
      const user = userOf(request);
      const { fields, file } = await readUpload(request, SaveWaybillFields);
      return waybill.save(user, fields, file);
    },
  );
  app.post(
    "/api/waybill/replaceWaybillDoc",
    {
      ...route(
        "Replace a wrong document of an open waybill request (multipart: loadid, requestid, path of the document to replace, comment, file); a PDF of at most 5 MB. The old document stays in the log, marked replaced",
        SaveWaybillResponse,
        { consumes: ["multipart/form-data"] },
      ),
      onRequest: refuseOversizedUpload,
    },
    async (request) => {
      const user = userOf(request);
      const { fields, file } = await readUpload(request, ReplaceWaybillFields);
      return waybill.replace(user, fields, file);
    },
  );
  app.post(
    "/api/waybill/download",
    route(
      "A short-lived signed address of a waybill document (owner and staff only)",
      WaybillDownloadResponse,
      {
        body: WaybillDownloadBody,
      },
    ),
    async (request) => waybill.download(userOf(request), request.body.path),
  );
  app.get(
    "/api/waybill/:requestid",
    route("One of the caller's waybill requests with its documents", WaybillDetail, {
      params: WaybillRequestIdParam,
    }),
    async (request) => waybill.get(userOf(request), request.params.requestid),
  );
};
