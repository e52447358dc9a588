import Stripe from "stripe";

/**
 * The API version this app reads Stripe's objects at: the one the installed `stripe` SDK is pinned
 * to (its types describe exactly this version). Webhook events must be sent at it too, so
 * `npm run stripe:sync` creates the webhook endpoint with it and the handler refuses any other.
 */
export const STRIPE_API_VERSION: string = Stripe.API_VERSION;

/** A Stripe client, pointed at `baseUrl` when given (the tests' fake). Used by the app and by scripts. */
export function createStripeClient(key: string, baseUrl?: string): Stripe {
  const url = baseUrl ? new URL(baseUrl) : undefined;
  return new Stripe(key, {
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
