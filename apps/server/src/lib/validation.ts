import type { ZodError } from "zod";

/** A validation issue as Fastify hands it over (zod's issue under params.issue) or as zod has it. */
export interface Issue {
  instancePath?: string;
  message?: string;
  path?: readonly PropertyKey[];
  params?: { issue?: { path?: readonly PropertyKey[]; message?: string } };
}

/** The one reader of validation issues: each issue's field path and message. */
export function readIssues(issues: readonly Issue[]): { path: string[]; message: string }[] {
  return issues.map((issue) => ({
    path: (
      issue.params?.issue?.path ??
      issue.path ??
      issue.instancePath?.split("/").filter(Boolean) ??
      []
    ).map(String),
    message: issue.params?.issue?.message ?? issue.message ?? "is invalid",
  }));
}

/** "email: email must be a valid email address": names the field unless the message already does. */
export function describeIssues(issues: readonly Issue[]): string {
  return readIssues(issues)
    .map(({ path, message }) => {
      const field = path.join(".");
      return !field || message.startsWith(field) ? message : `${field}: ${message}`;
    })
    .join("; ");
}

/** A zod error in the same words as a refused request. */
export const describeZodError = (error: ZodError) => describeIssues(error.issues as readonly Issue[]);
