import "server-only";
import Stripe from "stripe";
import { createStripeClient } from "@/lib/stripe-client";
import { env } from "@/lib/env";
import { AppError, serviceUnavailable } from "@/lib/errors";
import { isStripeUnavailable } from "@/lib/stripe-errors";

export const PAYMENTS_NOT_CONFIGURED = "Payments are not configured";

export function paymentsConfigured(): boolean {
  return Boolean(env().STRIPE_SECRET_KEY);
}

let client: Stripe | undefined;

/** The Stripe client, pointed at STRIPE_API_BASE_URL when set (the tests' fake). 503 without a key. */
export function stripe(): Stripe {
  const { STRIPE_SECRET_KEY: key, STRIPE_API_BASE_URL: base } = env();
  if (!key) throw serviceUnavailable(PAYMENTS_NOT_CONFIGURED);
  client ??= createStripeClient(key, base || undefined);
  return client;
}

/** The message Stripe gave for a failed call. */
export function stripeErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof Stripe.errors.StripeError && error.message) return error.message;
  return fallback;
}

export const isCardError = (error: unknown): error is Stripe.errors.StripeCardError =>
  error instanceof Stripe.errors.StripeCardError;

/**
 * What the caller is told when a Stripe call fails, by what Stripe said:
 * - a card was declined: 402 with Stripe's message (a decline is the card's answer, shown as such);
 * - Stripe refused the request itself (400 invalid_request_error, idempotency_error, 401/403): 502
 *   naming it as Stripe's refusal, never as a decline, and logged, since it is ours to fix;
 * - Stripe did not answer (5xx, no connection, after the client's retries): rethrown, so the API
 *   answers 503 with Retry-After (src/server/http/api-route.ts);
 * - anything else (an AppError of ours, such as an object of an unexpected shape): rethrown.
 */
export function stripeFailure(error: unknown, what: string): unknown {
  if (isCardError(error)) return new AppError(402, stripeErrorMessage(error, "The card was declined."));
  if (isStripeUnavailable(error) || !(error instanceof Stripe.errors.StripeError)) return error;
  console.error(
    `[stripe] ${what}: Stripe refused the request (${error.type}${error.code ? `, ${error.code}` : ""}): ${error.message}`,
  );
  return new AppError(502, `${what}: Stripe refused the request: ${stripeErrorMessage(error, "no reason given")}`);
}
