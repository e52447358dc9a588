import Stripe from "stripe";

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
