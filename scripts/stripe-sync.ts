// npm run stripe:sync
// Creates or finds the Stripe Product and monthly Price of each membership tier (by lookup key), so
// that no Stripe id is ever typed by hand. Run it once per Stripe account and after a tier's price
// changes; it is safe to run again. Needs STRIPE_SECRET_KEY (and DATABASE_URL, or the embedded database).
import { createDatabase } from "@/db/client";
import { membershipTiers } from "@/db/schema";
import { createStripeClient } from "@/lib/stripe-client";
import { syncStripeCatalogue } from "@/server/billing/catalogue";
import { prepareDatabase } from "./lib/database";

async function main() {
  const key = process.env.STRIPE_SECRET_KEY?.trim();
  if (!key) throw new Error("STRIPE_SECRET_KEY is not set: there is no Stripe account to set up.");
  const database = await prepareDatabase();
  const { db, pool } = createDatabase(process.env.DATABASE_URL ?? database.env.DATABASE_URL!, 1);
  try {
    const tiers = await db.select().from(membershipTiers).orderBy(membershipTiers.position);
    for (const row of await syncStripeCatalogue(createStripeClient(key, process.env.STRIPE_API_BASE_URL || undefined), tiers)) {
      console.log(`${row.tier}: ${row.price}${row.created ? " (created)" : ""}`);
    }
  } finally {
    await pool.end();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
