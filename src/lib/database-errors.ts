/**
 * Whether an error means the database cannot serve us right now (down, restarting, failing over,
 * stalled or overloaded: no free connection within the pool's timeout, no answer within the pool's
 * limit, a statement or lock wait over PostgreSQL's limits), as opposed to a fault in a query. Such
 * requests are answered 503 with Retry-After, and the app recovers by itself when the database is back.
 */
/**
 * PostgreSQL's shutdown codes (57P01-57P03), and the limits of src/db/pool.mjs: statement timeout
 * (57014), lock timeout (55P03), idle-in-transaction (25P03) and idle-session (57P05) timeouts.
 */
const STALLED_CODES = new Set(["57P01", "57P02", "57P03", "57014", "55P03", "25P03", "57P05"]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      // Node's socket errors, and PostgreSQL's connection exceptions (08), shutdown (57P01-57P03).
      if (["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"].includes(code)) return true;
      if (code.startsWith("08") || code.startsWith("53") || STALLED_CODES.has(code)) return true;
    }
    if (
      typeof message === "string" &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}

export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a moment.";

/** The constraint a unique (23505) or foreign-key (23503) violation names, or null for any other error. */
export function violatedConstraint(error: unknown): string | null {
  for (
    let current: unknown = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if ((code === "23505" || code === "23503") && typeof constraint === "string") return constraint;
  }
  return null;
}
