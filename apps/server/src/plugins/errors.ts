import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors";
import { describeIssues, type Issue } from "../lib/validation";
import { redactUrl } from "./logging";

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
      return reply.code(415).send({ message: "Send the request body as JSON." });
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
