import "server-only";
import type Stripe from "stripe";
import { HANDLED_STRIPE_EVENTS, WEBHOOK_PATH } from "@/features/money/constants";
import { STRIPE_API_VERSION } from "@/lib/stripe-client";

// Used by `npm run stripe:sync` (a script: no "server-only" here).

export interface WebhookEndpointSync {
  url: string;
  endpointId: string;
  created: boolean;
  /** The new endpoint's signing secret (Stripe shows it only when it creates the endpoint). */
  secret: string | null;
  /** What was changed on an existing endpoint. */
  changes: string[];
  /** Endpoints for the same URL at another API version: their events are refused, so they must go. */
  stale: { id: string; apiVersion: string | null }[];
}

const sameEvents = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((e) => b.includes(e));

/**
 * Creates or checks the webhook endpoint at {appUrl}/api/stripe/webhook: at the SDK's API version
 * (an endpoint's version cannot be changed, so one at another version is replaced by a new one, and
 * reported), subscribed to exactly the events the app handles, and enabled. Without an explicit
 * api_version Stripe sends events at the account's default version, which may predate the shapes
 * the app reads (before 2025-03-31 an invoice names its subscription under `subscription`, not
 * `parent`), so the version is always named.
 */
export async function syncWebhookEndpoint(client: Stripe, appUrl: string): Promise<WebhookEndpointSync> {
  const url = new URL(WEBHOOK_PATH, appUrl).toString();
  const mine: Stripe.WebhookEndpoint[] = [];
  for await (const endpoint of client.webhookEndpoints.list({ limit: 100 }))
    if (endpoint.url === url) mine.push(endpoint);
  const current = mine.find((e) => e.api_version === STRIPE_API_VERSION);
  const stale = mine.filter((e) => e !== current).map((e) => ({ id: e.id, apiVersion: e.api_version }));
  if (!current) {
    const created = await client.webhookEndpoints.create({
      url,
      api_version: STRIPE_API_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion,
      enabled_events: [...HANDLED_STRIPE_EVENTS],
      description: "Membership payments and billing (created by npm run stripe:sync)",
    });
    return { url, endpointId: created.id, created: true, secret: created.secret ?? null, changes: [], stale };
  }
  const changes: string[] = [];
  const update: Stripe.WebhookEndpointUpdateParams = {};
  if (!sameEvents(current.enabled_events, HANDLED_STRIPE_EVENTS)) {
    update.enabled_events = [...HANDLED_STRIPE_EVENTS];
    changes.push(
      `its events are now the ${HANDLED_STRIPE_EVENTS.length} the app handles (were: ${current.enabled_events.join(", ") || "none"})`,
    );
  }
  if (current.status !== "enabled") {
    update.disabled = false;
    changes.push("it was disabled and is enabled again");
  }
  if (changes.length) await client.webhookEndpoints.update(current.id, update);
  return { url, endpointId: current.id, created: false, secret: null, changes, stale };
}
