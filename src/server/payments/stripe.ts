import "server-only";
import Stripe from "stripe";
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
  if (!client) {
    const url = base ? new URL(base) : undefined;
    client = new Stripe(key, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: "womxn-community" },
      ...(url
        ? {
            host: url.hostname,
            port: Number(url.port || (url.protocol === "https:" ? 443 : 80)),
            protocol: url.protocol === "https:" ? ("https" as const) : ("http" as const),
          }
        : {}),
    });
  }
  return client;
}

/** The message Stripe gave for a failed call, for the admin or the applicant. */
export function stripeErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof Stripe.errors.StripeError && error.message) return error.message;
  return fallback;
}
