// npm run stripe:sync
// Sets up a Stripe account for the app, safe to run again: the Product and monthly Price of each
// membership tier (by lookup key), so that no Stripe id is ever typed by hand, and the webhook
// endpoint at APP_URL, at the API version the app reads and for the events it handles. Run it once
// per Stripe account (test mode and live mode), after a tier's price changes, and after upgrading the
// `stripe` package. Needs STRIPE_SECRET_KEY (and DATABASE_URL, or the embedded database).
import { createDatabase } from "@/db/client";
import { membershipTiers } from "@/db/schema";
import { createStripeClient, STRIPE_API_VERSION } from "@/lib/stripe-client";
import { syncStripeCatalogue } from "@/server/billing/catalogue";
import { syncWebhookEndpoint } from "@/server/runtime/stripe-webhook/endpoint";
import { assertMigrated, openDatabase } from "./lib/open-database";
import { runScript } from "./lib/run-script";

const isLocal = (url: URL) =>
  ["localhost", "127.0.0.1", "[::1]", "0.0.0.0"].includes(url.hostname) || url.hostname.endsWith(".localhost");

async function syncWebhook(client: ReturnType<typeof createStripeClient>) {
  const appUrl = process.env.APP_URL?.trim();
  const fake = Boolean(process.env.STRIPE_API_BASE_URL);
  if (!appUrl) {
    console.log(
      "Webhook endpoint: skipped, APP_URL is not set. Set it to the site's public address (https://your.domain) and run this again.",
    );
    return;
  }
  if (isLocal(new URL(appUrl)) && !fake) {
    console.log(
      `Webhook endpoint: skipped, Stripe cannot reach ${appUrl}. For local testing forward events with the Stripe CLI (docs/deployment.md, Stripe in test mode).`,
    );
    return;
  }
  const result = await syncWebhookEndpoint(client, appUrl);
  if (result.created) {
    console.log(
      `Webhook endpoint ${result.endpointId} created for ${result.url} at API version ${STRIPE_API_VERSION}.`,
    );
    console.log(`Its signing secret is ${result.secret}: set STRIPE_WEBHOOK_SECRET to it and restart the app.`);
  } else {
    console.log(
      `Webhook endpoint ${result.endpointId} for ${result.url} is at API version ${STRIPE_API_VERSION}${result.changes.length ? `; changed: ${result.changes.join("; ")}` : ", with the events the app handles"}.`,
    );
  }
  for (const old of result.stale) {
    console.log(
      `Endpoint ${old.id} for the same address sends events at API version ${old.apiVersion ?? "(the account's default)"}, which the app refuses: once STRIPE_WEBHOOK_SECRET is the new endpoint's secret, delete ${old.id} in Stripe's Dashboard (Developers, Webhooks).`,
    );
  }
}

async function main() {
  const key = process.env.STRIPE_SECRET_KEY?.trim();
  if (!key) throw new Error("STRIPE_SECRET_KEY is not set: there is no Stripe account to set up.");
  const client = createStripeClient(key, process.env.STRIPE_API_BASE_URL || undefined);
  console.log(`This app reads Stripe at API version ${STRIPE_API_VERSION}.`);
  const database = await openDatabase();
  await assertMigrated(database.url);
  const { db, pool } = createDatabase(database.url, 1);
  try {
    const tiers = await db.select().from(membershipTiers).orderBy(membershipTiers.position);
    for (const row of await syncStripeCatalogue(client, tiers)) {
      console.log(`${row.tier}: ${row.price}${row.created ? " (created)" : ""}`);
    }
  } finally {
    await pool.end();
    await database.close();
  }
  await syncWebhook(client);
}

runScript(main);
