// npm run stripe:sync
// Creates or finds the Stripe Product and monthly Price of each membership tier (by lookup key), so
// that no Stripe id is ever typed by hand. Run it once per Stripe account and after a tier's price
// changes; it is safe to run again. Needs STRIPE_SECRET_KEY (and DATABASE_URL, or the embedded database,
// used where npm start runs it).
import { createDatabase } from "@/db/client";
import { membershipTiers } from "@/db/schema";
import { createStripeClient } from "@/lib/stripe-client";
import { syncStripeCatalogue } from "@/server/billing/catalogue";
import { assertMigrated, openDatabase } from "./lib/open-database";
import { runScript } from "./lib/run-script";

async function main() {
  const key = process.env.STRIPE_SECRET_KEY?.trim();
  if (!key) throw new Error("STRIPE_SECRET_KEY is not set: there is no Stripe account to set up.");
  const database = await openDatabase();
  await assertMigrated(database.url);
  const { db, pool } = createDatabase(database.url, 1);
  try {
    const tiers = await db.select().from(membershipTiers).orderBy(membershipTiers.position);
    for (const row of await syncStripeCatalogue(createStripeClient(key, process.env.STRIPE_API_BASE_URL || undefined), tiers)) {
      console.log(`${row.tier}: ${row.price}${row.created ? " (created)" : ""}`);
    }
  } finally {
    await pool.end();
    await database.close();
  }
}

runScript(main);
