import "server-only";
import Stripe from "stripe";
import { createStripeClient } from "@/lib/stripe-client";
import { env } from "@/lib/env";
import { serviceUnavailable } from "@/lib/errors";

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

/** The message Stripe gave for a failed call, for the admin or the applicant. */
export function stripeErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof Stripe.errors.StripeError && error.message) return error.message;
  return fallback;
}
