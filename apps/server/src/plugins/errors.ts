import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors";
import { describeIssues, type Issue } from "../lib/validation";
import { redactUrl } from "./logging";

/** Every file upload takes the file in this multipart field. */
const UPLOAD_FILE_FIELD = "file";
const SEND_AS_MULTIPART = `Send the file as multipart/form-data in the field "${UPLOAD_FILE_FIELD}".`;
const SEND_AS_JSON = "Send the request body as JSON.";

/** What a route wants instead of a body type it cannot read: a file upload says multipart, others JSON. */
function unsupportedBodyMessage(request: FastifyRequest): string {
  const consumes = (request.routeOptions.schema as { consumes?: readonly string[] } | undefined)?.consumes;
  return consumes?.includes("multipart/form-data") ? SEND_AS_MULTIPART : SEND_AS_JSON;
}

/** One error handler: AppError and validation become `{ message }`; anything else is a logged 500 with no details. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).headers(error.headers).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation as unknown as Issue[];
      const where = error.validationContext === "querystring" ? "query" : error.validationContext;
      const described = describeIssues(issues);
      return reply.code(400).send({ message: described || `Invalid ${where}` });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ message: "Too many requests. Please wait a moment and try again." });
    }
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.code(415).send({ message: unsupportedBodyMessage(request) });
    }
    if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" || error.code === "FST_ERR_CTP_INVALID_JSON_BODY") {
      return reply.code(400).send({ message: "The request body is not valid JSON." });
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.code(413).send({ message: "The request body is too large." });
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.code(400).send({ message: "The request body is not valid JSON." });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    // The err serializer (plugins/logging.ts) logs a database error as its code and query name only.
    request.log.error({ err: error, url: redactUrl(request.url), method: request.method }, "request failed");
    return reply.code(500).send({ message: "Something went wrong on our side. Please try again." });
  });
}
