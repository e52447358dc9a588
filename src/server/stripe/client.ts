import "server-only";
import Stripe from "stripe";
import { LRUCache } from "lru-cache";
import { createStripeClient } from "@/lib/stripe-client";
import { env } from "@/lib/env";
import { AppError, serviceUnavailable } from "@/lib/errors";
import { isStripeUnavailable } from "@/lib/stripe-errors";

export const PAYMENTS_NOT_CONFIGURED = "Payments are not configured";

export function paymentsConfigured(): boolean {
  return Boolean(env().STRIPE_SECRET_KEY);
}

/**
 * The request line of each call Stripe refused, by request id, for the moment between Stripe's answer
 * and the caller's catch: Stripe's error carries the request id but not the call, and the SDK tells
 * each answer to its `response` listeners before it rejects (https://github.com/stripe/stripe-node#request-and-response-events).
 */
const refusedCalls = new LRUCache<string, { method: string; path: string }>({ max: 500 });

let client: Stripe | undefined;

/** The Stripe client, pointed at STRIPE_API_BASE_URL when set (the tests' fake). 503 without a key. */
export function stripe(): Stripe {
  const { STRIPE_SECRET_KEY: key, STRIPE_API_BASE_URL: base } = env();
  if (!key) throw serviceUnavailable(PAYMENTS_NOT_CONFIGURED);
  if (!client) {
    client = createStripeClient(key, base || undefined);
    client.on("response", (event: Stripe.ResponseEvent) => {
      if ((event.status ?? 0) >= 400 && event.request_id)
        refusedCalls.set(event.request_id, {
          method: event.method ?? "?",
          path: (event.path ?? "?").split("?")[0]!,
        });
    });
  }
  return client;
}

/** Whose money a Stripe call is about: the member, or the application before she has an account. */
export interface StripeSubject {
  userId?: number | null;
  applicationId?: number | null;
}

/** What Stripe refused and what the caller was told: a row of the admin's list (refusals.ts). */
export interface RefusalRecord {
  method: string;
  path: string;
  requestId: string | null;
  operation: string;
  userId: number | null;
  applicationId: number | null;
  httpStatus: number;
  type: string;
  code: string | null;
  declineCode: string | null;
  param: string | null;
  message: string;
  answeredStatus: 402 | 502;
}

/**
 * A call Stripe refused, as the caller is answered: 402 with the card's reason for a decline, 502
 * naming Stripe's refusal otherwise. `recorded` once it is on the admin's list, so that the boundary
 * that answers the caller does not list it twice.
 */
export class StripeRefusal extends AppError {
  recorded = false;
  constructor(readonly record: RefusalRecord) {
    super(
      record.answeredStatus,
      record.answeredStatus === 402
        ? record.message
        : `${record.operation}: Stripe refused the request: ${record.message}`,
    );
    this.name = "StripeRefusal";
  }
}

/** The message Stripe gave for a failed call. */
export function stripeErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof Stripe.errors.StripeError && error.message) return error.message;
  return fallback;
}

export const isCardError = (error: unknown): error is Stripe.errors.StripeCardError =>
  error instanceof Stripe.errors.StripeCardError;

/** Stripe answered, and refused (4xx): not an outage, which the caller may simply try again after. */
export function isStripeRefusal(error: unknown): error is Stripe.errors.StripeError {
  if (!(error instanceof Stripe.errors.StripeError) || !error.statusCode) return false;
  return !isStripeUnavailable(error);
}

/** When nothing more precise says what the app was doing. */
export const UNNAMED_OPERATION = "The payment service did not do what was asked";

/**
 * What the caller is told when a Stripe call fails, by what Stripe said:
 * - a card was declined: 402 with Stripe's message (a decline is the card's answer, shown as such);
 * - Stripe refused the request itself (400 invalid_request_error, idempotency_error, 401/403/404):
 *   502 naming it as Stripe's refusal, never as a decline, since it is ours to fix;
 * - Stripe did not answer (5xx, no connection, after the client's retries): rethrown, so the API
 *   answers 503 with Retry-After (src/server/http/api-route.ts);
 * - anything else (an AppError of ours, such as an object of an unexpected shape): rethrown.
 * A refusal is logged here, on one line (the call, whose, Stripe's type, code and words, the request
 * id), and listed for the admins where the caller is answered (recordStripeRefusal), after the
 * transaction it happened in has ended.
 */
export function stripeFailure(error: unknown, operation: string, subject: StripeSubject = {}): unknown {
  if (error instanceof StripeRefusal || !isStripeRefusal(error)) return error;
  const requestId = error.requestId ?? null;
  const call = (requestId && refusedCalls.get(requestId)) || { method: "?", path: "?" };
  const record: RefusalRecord = {
    ...call,
    requestId,
    operation,
    userId: subject.userId ?? null,
    applicationId: subject.applicationId ?? null,
    httpStatus: error.statusCode ?? 400,
    // Stripe's own type (card_error, invalid_request_error, …); the SDK's `type` is its class name.
    type: error.rawType ?? (isCardError(error) ? "card_error" : "invalid_request_error"),
    code: error.code ?? null,
    declineCode: error.decline_code ?? null,
    param: error.param ?? null,
    message: error.message || "no reason given",
    answeredStatus: isCardError(error) ? 402 : 502,
  };
  const whose = [
    record.userId ? `member ${record.userId}` : null,
    record.applicationId ? `application ${record.applicationId}` : null,
  ].filter(Boolean);
  console.error(
    `[stripe] ${record.method} ${record.path} refused (${record.httpStatus} ${[record.type, record.code, record.declineCode].filter(Boolean).join(", ")})${whose.length ? ` for ${whose.join(", ")}` : ""}: ${record.message.replace(/\s+/g, " ")} [${requestId ?? "no request id"}]`,
  );
  return new StripeRefusal(record);
}

/** One Stripe call on someone's behalf: Stripe's refusal becomes the caller's 402 or 502 (stripeFailure). */
export async function askStripe<T>(operation: string, subject: StripeSubject, call: (client: Stripe) => Promise<T>) {
  const client = stripe();
  try {
    return await call(client);
  } catch (error) {
    throw stripeFailure(error, operation, subject);
  }
}

/** Whose an application's money is: hers once she has an account, the application's until then. */
export const applicantOf = (app: { id: number; userId: number | null }): StripeSubject => ({
  userId: app.userId,
  applicationId: app.id,
});
