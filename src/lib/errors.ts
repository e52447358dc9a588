/**
 * Errors a feature function throws on purpose. The API wrapper turns each into
 * `{ error, fields? }` with its status; anything else is a 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new AppError(400, message, fields);
export const unauthorized = (message = "You need to sign in to do that.") => new AppError(401, message);
export const forbidden = (message = "You do not have permission to do that.") => new AppError(403, message);
export const notFound = (message = "Not found.") => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (retryAfterSeconds: number, message = "Too many attempts. Please try again later.") =>
  new AppError(429, message, undefined, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const serviceUnavailable = (message: string) => new AppError(503, message);
