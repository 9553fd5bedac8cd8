import multipart from "@fastify/multipart";
import {
  CformData,
  CformFileParam,
  CformQuery,
  CformResponse,
  CformSummary,
  ErrorResponse,
} from "@portal/contracts";
import { CFORM_MAX_BYTES, messages } from "@portal/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminErrors } from "../../lib/admin";
import { AppError, badRequest } from "../../lib/errors";
import { describeZodError } from "../../lib/validation";
import { userOf } from "../../plugins/access";
import type { CformsService, UploadedCform } from "./service";

const tags = ["c-form"];
/** Room for the multipart envelope and the data field around the largest file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const fileRule = (status = 400) => new AppError(status, messages.cformFileRule);

/** The file and the `data` field (JSON) of the C-form save; a file over 1 MB stops the reading. */
async function cformUpload(request: FastifyRequest): Promise<{ file: UploadedCform; data: CformData }> {
  if (!request.isMultipart())
    throw badRequest('Send the C-form as multipart/form-data with fields "file" and "data"');
  const files: (UploadedCform & { field: string })[] = [];
  let dataText: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: CFORM_MAX_BYTES, files: 2, fields: 5, parts: 7, fieldSize: 64 * 1024 },
    })) {
      if (part.type === "file") {
        files.push({ field: part.fieldname, filename: part.filename, bytes: await part.toBuffer() });
      } else if (part.fieldname === "data") {
        dataText = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw fileRule(413);
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw new AppError(413, 'Send one file in the field "file" and the details in the field "data"');
    throw badRequest("The upload could not be read");
  }
  if (files.length !== 1 || files[0]?.field !== "file") throw fileRule();
  let json: unknown;
  try {
    json = JSON.parse(dataText ?? "");
  } catch {
    throw badRequest('The field "data" must be the C-form details as JSON');
  }
  const parsed = CformData.safeParse(json);
  if (!parsed.success) throw badRequest(describeZodError(parsed.error));
  return { file: { filename: files[0].filename, bytes: files[0].bytes }, data: parsed.data };
}

export const cformsRoutes: FastifyPluginAsyncZod<{ cforms: CformsService }> = async (app, { cforms }) => {
  // Multipart is parsed only in this plugin (the C-form save).
  await app.register(multipart, { limits: { fileSize: CFORM_MAX_BYTES, files: 1 } });

  app.post(
    "/api/cform/getCFormDetails",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary:
          "The partner's C-form rows of a year (from 2014), quarter (1–4) and status (Shipped = To Be Submitted, Issued = Submitted)",
        body: CformQuery,
        response: { 200: CformResponse, ...adminErrors },
      },
    },
    async (request) => cforms.list(userOf(request).id, request.body),
  );
  app.get(
    "/api/cform/summary",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary:
          "How many C-form rows the partner has, and how many are To Be Submitted (the menu shows C-Form when any)",
        response: { 200: CformSummary, ...adminErrors },
      },
    },
    async (request) => cforms.summary(userOf(request).id),
  );
  app.post(
    "/api/cform/addCFormDetails",
    {
      config: { access: "user" },
      onRequest: async (request) => {
        const length = Number(request.headers["content-length"] ?? 0);
        if (length > CFORM_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw fileRule(413);
      },
      schema: {
        tags,
        summary:
          'Save a C-form for the partner\'s own To Be Submitted invoices. Multipart: "file" (xls, xlsx or jpeg by content, at most 1 MB) and "data" (JSON: cFormNumber, docketNumber, courierName, invoices)',
        consumes: ["multipart/form-data"],
        response: {
          200: z.object({ message: z.string(), saved: z.number() }),
          ...adminErrors,
          413: ErrorResponse,
          500: ErrorResponse,
        },
      },
    },
    async (request) => {
      const user = userOf(request);
      const { file, data } = await cformUpload(request);
      return cforms.add(user.id, file, data, undefined, user.member?.id ?? null);
    },
  );
  app.get(
    "/api/cform/file/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The file sent with a C-form, for its owner and staff only (others: 404)",
        params: CformFileParam,
        produces: [
          "application/vnd.ms-excel",
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "image/jpeg",
        ],
        response: { 200: z.any().describe("the file as sent"), ...adminErrors },
      },
    },
    async (request, reply) => {
      const file = await cforms.file(userOf(request), request.params.id);
      return reply
        .header("content-type", file.mime)
        .header("content-disposition", `attachment; filename="${file.name}"`)
        .header("content-length", file.size)
        .send(file.body);
    },
  );
};
