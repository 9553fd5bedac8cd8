/** A failure a user can act on: becomes `{ message }` with this status. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, { "retry-after": String(retryAfterSeconds) });

export const SESSION_EXPIRED = "Your session has expired. Please sign in again.";
export const NOT_FOUND = "Not found";
