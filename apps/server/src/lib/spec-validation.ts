import type { FastifyRequest } from "fastify";
import { badRequest } from "./errors";
import { type Issue, readIssues } from "./validation";

/**
 * For routes whose refusals are the spec's own sentences ("Please provide reference no."): the
 * route sets `attachValidation: true` and calls this first, so the 400 carries the first issue's
 * message exactly, without the field path the general handler puts in front.
 */
export function refuseInvalid(request: FastifyRequest): void {
  const error = request.validationError as (Error & { validation?: unknown }) | undefined;
  if (!error) return;
  const issues = (error.validation ?? []) as Issue[];
  const first = readIssues(issues)[0];
  throw badRequest(first?.message ?? error.message);
}
