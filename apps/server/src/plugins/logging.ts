/**
 * What the server log may hold: never a token (bearer, reset link, session), a password, a password
 * hash, a query's parameters (emails, addresses, phone numbers next to scrypt hashes) or a query
 * value that is secret or personal (an email, phone number or name in the address).
 */
import type { FastifyInstance, FastifyServerOptions } from "fastify";

const REDACTED = "[redacted]";

/**
 * Query parameters whose values are secret (tokens, keys, passwords, signatures) or personal
 * (emails, phone numbers, names): `userEmail`, `mobileNo`, `firstName`, `resetToken` and the like.
 */
const SECRET_OR_PERSONAL = /token|key|password|secret|signature|sig|code|e-?mail|mobile|phone|name/i;

/** Whatever the parameter's name: an email address or an Indian phone number. */
const PERSONAL_VALUE = /@|(?<!\d)(?:\+?91[\s-]?)?[6-9]\d{9}(?!\d)/;

/** A query name or value as the server reads it (`user%45mail` is `userEmail`); undecodable, as sent. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/**
 * A URL fit for the log: path segments that carry tokens, emails or phone numbers, and query values
 * that are secret or personal (by the parameter's name or by the value's look), are replaced.
 */
export function redactUrl(url: string): string {
  const [path = "", query] = url.split("?", 2);
  const safePath = path
    .replace(/\/(checkToken|resetPassword)\/[^/]+/gi, `/$1/${REDACTED}`)
    .split("/")
    .map((segment) => (PERSONAL_VALUE.test(decoded(segment)) ? REDACTED : segment))
    .join("/");
  if (query === undefined) return safePath;
  const safeQuery = query
    .split("&")
    .map((part) => {
      const at = part.indexOf("=");
      const name = at < 0 ? part : part.slice(0, at);
      const value = at < 0 ? "" : part.slice(at + 1);
      if (PERSONAL_VALUE.test(decoded(name))) return REDACTED;
      return SECRET_OR_PERSONAL.test(decoded(name)) || PERSONAL_VALUE.test(decoded(value))
        ? `${name}=${REDACTED}`
        : part;
    })
    .join("&");
  return `${safePath}?${safeQuery}`;
}

/** The PostgreSQL error inside an error (drizzle wraps the driver's), if any. */
function databaseErrorOf(error: unknown): { code: string; query: string } | null {
  let current: unknown = error;
  let sqlText: string | undefined;
  for (let depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const e = current as { code?: unknown; query?: unknown; cause?: unknown; severity?: unknown };
    if (typeof e.query === "string") sqlText = e.query;
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && (e.severity || sqlText)) {
      return { code: e.code, query: queryName(sqlText) };
    }
    current = e.cause;
  }
  return sqlText ? { code: "unknown", query: queryName(sqlText) } : null;
}

/** "insert users", "select sessions": what a statement does and to which table, without its values. */
export function queryName(sqlText: string | undefined): string {
  if (!sqlText) return "unknown";
  const verb = /^\s*(\w+)/.exec(sqlText)?.[1]?.toLowerCase() ?? "query";
  const table = /\b(?:from|into|update)\s+"?([\w.]+)"?/i.exec(sqlText)?.[1] ?? "";
  return table ? `${verb} ${table}` : verb;
}

/** Errors for the log: a database error is its code and query name, never its message or parameters. */
export function serializeError(error: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  const db = databaseErrorOf(error);
  if (db)
    return { type: "DatabaseError", message: "database error", stack: "", code: db.code, query: db.query };
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: "" };
  return {
    type: error.name,
    message: error.message,
    code: (error as { code?: unknown }).code,
    stack: error.stack ?? "",
  };
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function loggerOptions(options: {
  level: string;
  stream?: NodeJS.WritableStream | undefined;
}): FastifyServerOptions["logger"] {
  return {
    level: options.level,
    ...(options.stream ? { stream: options.stream } : {}),
    redact: ["req.headers.authorization", "req.body.password", "headers.authorization"],
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        hostname: req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: serializeError,
    },
  };
}

/** Answers from the API carry personal data unless a route says otherwise: browsers and proxies keep none. */
export function noStoreOnApi(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
    return payload;
  });
}
