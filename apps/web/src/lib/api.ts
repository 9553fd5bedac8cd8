import { REQUEST_TIMEOUT_MS } from "@portal/domain";
import type { z } from "zod";
import { tokenStore } from "./token";

/** An error answered by the API (or the network), carrying the server's `{ message }`. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    message: string,
    /** The whole answer when it was JSON (some errors carry more than a message). */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR_MESSAGE =
  "We could not reach the server. Please check your connection and try again.";
export const TIMEOUT_MESSAGE = "The server took too long to answer. Please try again.";
const UNEXPECTED_MESSAGE = "Something went wrong. Please try again.";

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** Called once at start-up: what to do when an authenticated call answers 401 (the token is already cleared). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export interface RequestOptions<S extends z.ZodType | undefined = undefined> {
  method?: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  body?: unknown;
  /** Query string parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Send the bearer token and treat a 401 as the end of the session (default true). */
  auth?: boolean;
  /** With auth false: a token to send anyway, without ending any session on 401 (sign-out uses it). */
  bearer?: string;
  /** The contract the answer must match; the parsed value is returned. */
  schema?: S;
  signal?: AbortSignal;
  /** Extra headers (an Idempotency-Key, say). */
  headers?: Record<string, string>;
}

type Result<S> = S extends z.ZodType ? z.output<S> : unknown;

function withQuery(path: string, query: RequestOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes("?") ? "&" : "?"}${text}` : path;
}

async function readError(response: Response): Promise<{ message: string | null; body: unknown }> {
  try {
    const data: unknown = await response.json();
    if (data && typeof data === "object" && "message" in data && typeof data.message === "string") {
      return { message: data.message, body: data };
    }
    return { message: null, body: data };
  } catch {
    // not JSON
  }
  return { message: null, body: null };
}

/**
 * Sends a call: same origin, bearer token, 300000 ms timeout, errors thrown as ApiError(status,
 * server message). A 401 on an authenticated call ends the session. A FormData body goes as multipart.
 */
async function send(
  path: string,
  options: Omit<RequestOptions<z.ZodType | undefined>, "schema">,
  accept: string,
): Promise<Response> {
  const { method = "GET", body, query, auth = true, bearer, signal } = options;
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  if (body !== undefined && !isForm) headers["Content-Type"] = "application/json";
  const token = auth ? tokenStore.get() : (bearer ?? null);
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  if (signal) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener("abort", abortFromCaller, { once: true });
  }

  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new ApiError(408, TIMEOUT_MESSAGE);
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", abortFromCaller);
  }

  if (!response.ok) {
    const { message, body: errorBody } = await readError(response);
    if (response.status === 401 && auth) {
      // Only the session that made this call ends: a newer sign-in keeps its token.
      if (token !== null && tokenStore.get() === token) tokenStore.clear();
      onUnauthorized();
    }
    throw new ApiError(response.status, message ?? `${UNEXPECTED_MESSAGE} (${response.status})`, errorBody);
  }
  return response;
}

/** The one way the web app talks to the API for JSON; `schema` checks the answer. */
export async function request<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  const { schema, ...rest } = options;
  const response = await send(path, rest, "application/json");
  const data: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!schema) return data as Result<S>;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${rest.method ?? "GET"} ${path}`, parsed.error.issues);
    throw new ApiError(502, UNEXPECTED_MESSAGE);
  }
  return parsed.data as Result<S>;
}

/** A file from the API (an export): its content and the name the server gives it. */
export async function requestFile(
  path: string,
  options: Omit<RequestOptions, "schema"> = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send(path, options, "*/*");
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return { blob: await response.blob(), filename: match?.[1] ? decodeURIComponent(match[1]) : null };
}

/** The message to show for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return UNEXPECTED_MESSAGE;
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);
