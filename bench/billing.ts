import { randomBytes } from "node:crypto";
import { Pool } from "pg";
import { createStripeClient, STRIPE_API_VERSION } from "../src/lib/stripe-client";
import { lookupKeyFor, syncStripeCatalogue } from "../src/server/billing/catalogue";
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  signWebhookPayload,
  startFakeStripe,
} from "../tests/fakes/stripe";
import { benchDatabaseUrl, startBenchApp } from "./lib/app";
import { describeLoad, rssOfListener, runLoad } from "./lib/load";

const INVOICES = 1000;
const CONNECTIONS = 20;
const AMOUNT = 5000;

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * Stripe's webhook handler when a renewal day's 1,000 invoices arrive at 20 connections.
 * An app of its own runs against the fake Stripe API (tests/fakes/stripe.ts), which the handler
 * calls back as it would call Stripe (the subscription re-read, the invoice's payments). Each member
 * has her own subscription; each `invoice.paid` event is signed as Stripe signs it. The same 1,000
 * events are then delivered again, as Stripe redelivers: every one must answer "duplicate". The
 * ledger must then hold exactly one renewal row per invoice.
 */
export async function benchBilling(): Promise<string[]> {
  const fake = await startFakeStripe();
  const app = await startBenchApp(fake.env);
  const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 2 });
  try {
    const stripe = createStripeClient(FAKE_STRIPE_SECRET_KEY, fake.url);
    const { rows: tiers } = await pool.query<{ id: string; title: string; monthlyPriceCents: number }>(
      `select id, title, monthly_price_cents as "monthlyPriceCents" from membership_tiers`,
    );
    await syncStripeCatalogue(stripe, tiers);
    const [price] = (await stripe.prices.list({ lookup_keys: [lookupKeyFor("create")], active: true, limit: 1 })).data;
    if (price?.unit_amount !== AMOUNT) throw new Error(`The create tier's price is not ${AMOUNT} cents`);

    const anchor = Math.floor(Date.now() / 1000) + 30 * 86_400;
    const members: { customer: string; subscription: string }[] = [];
    await inParallel(
      Array.from({ length: INVOICES }, (_, i) => i),
      20,
      async (i) => {
        const customer = await stripe.customers.create({ email: `bench_billing_${i}@example.com` });
        const subscription = await stripe.subscriptions.create({
          customer: customer.id,
          items: [{ price: price.id }],
          billing_mode: { type: "classic" },
          default_payment_method: "pm_card_visa",
          billing_cycle_anchor: anchor,
          proration_behavior: "none",
        });
        members[i] = { customer: customer.id, subscription: subscription.id };
      },
    );
    await pool.query(
      `with u as (
         insert into users (username, email, password_hash, first_name, last_name, membership_level)
         select 'bench_billing_' || g, 'bench_billing_' || g || '@example.com', 'not-a-password', 'Bench', 'Member ' || g, 'create' from generate_series(1, $1::int) g
         returning id, split_part(username, '_', 3)::int as g),
       a as (
         insert into applications (first_name, last_name, email, phone, membership_tier, heard_about, why_join, agree_terms, status, user_id)
         select 'Bench', 'Member ' || g, 'bench_billing_' || g || '@example.com', '+1 555 010 0100', 'create', 'Instagram', 'Seeded for the billing benchmark.', true, 'approved', id from u
         returning id, user_id)
       insert into memberships (application_id, user_id, tier, status, billing_method, stripe_customer_id, stripe_subscription_id, started_at, term_ends_at, current_period_start, current_period_end)
       select a.id, a.user_id, 'create', 'active', 'card', ($2::text[])[u.g], ($3::text[])[u.g], now(), now() + interval '6 months', now(), to_timestamp($4::bigint)
       from a join u on u.id = a.user_id`,
      [INVOICES, members.map((m) => m.customer), members.map((m) => m.subscription), anchor],
    );

    const created = Math.floor(Date.now() / 1000);
    const events = members.map((m, i) => {
      const invoiceId = `in_bench_${randomBytes(8).toString("hex")}_${i}`;
      const invoice = {
        id: invoiceId,
        object: "invoice",
        customer: m.customer,
        currency: "usd",
        status: "paid",
        billing_reason: "subscription_cycle",
        collection_method: "charge_automatically",
        created,
        amount_due: AMOUNT,
        amount_paid: AMOUNT,
        amount_remaining: 0,
        attempt_count: 1,
        next_payment_attempt: null,
        hosted_invoice_url: `https://invoice.stripe.com/i/${invoiceId}`,
        lines: {
          object: "list",
          has_more: false,
          url: "/v1/invoices/lines",
          data: [
            {
              id: `il_bench_${i}`,
              object: "line_item",
              amount: AMOUNT,
              currency: "usd",
              description: "1 × Create membership",
              pricing: { type: "price_details", price_details: { price: price.id, product: price.product } },
              quantity: 1,
            },
          ],
        },
        parent: {
          type: "subscription_details",
          quote_details: null,
          subscription_details: { subscription: m.subscription, metadata: {} },
        },
        livemode: false,
      };
      return JSON.stringify({
        id: `evt_bench_${randomBytes(8).toString("hex")}_${i}`,
        object: "event",
        type: "invoice.paid",
        api_version: STRIPE_API_VERSION,
        created,
        livemode: false,
        data: { object: invoice },
      });
    });
    const deliver = (label: string) =>
      runLoad({
        url: `${app.baseUrl}/api/stripe/webhook`,
        method: "POST",
        connections: CONNECTIONS,
        amount: INVOICES,
        eachRequest: (n) => {
          const payload = events[(n - 1) % INVOICES]!;
          return {
            body: JSON.parse(payload),
            headers: { "stripe-signature": signWebhookPayload(payload, FAKE_STRIPE_WEBHOOK_SECRET) },
          };
        },
      }).then((result) => describeLoad(label, result));
    const first = await deliver(
      `POST /api/stripe/webhook, ${INVOICES} invoice.paid events (${CONNECTIONS} connections)`,
    );
    const again = await deliver(
      `POST /api/stripe/webhook, the same ${INVOICES} events redelivered (${CONNECTIONS} connections)`,
    );
    const rss = rssOfListener(Number(new URL(app.baseUrl).port));

    const { rows } = await pool.query<{ rows: number; invoices: number; total: number; events: number }>(
      `select count(*)::int as rows, count(distinct stripe_invoice_id)::int as invoices, coalesce(sum(amount), 0)::int as total,
              (select count(*)::int from stripe_events where id like 'evt_bench_%') as events
       from payment_transactions where stripe_invoice_id like 'in_bench_%' and kind = 'renewal' and status = 'completed'`,
    );
    const ledger = rows[0]!;
    const intact =
      ledger.rows === INVOICES &&
      ledger.invoices === INVOICES &&
      ledger.total === INVOICES * AMOUNT &&
      ledger.events === INVOICES;
    const verdict = `Ledger after both deliveries: ${ledger.rows} renewal rows for ${ledger.invoices} invoices, ${ledger.events} events recorded, total ${ledger.total} cents: ${intact ? "none lost, none applied twice" : "MISMATCH"}`;
    if (!intact) throw new Error([first, again, verdict].join("\n"));
    return [first, again, verdict, `Server RSS after the webhook load: ${rss.toFixed(0)} MB`];
  } finally {
    await pool.end();
    await app.stop();
    await fake.stop();
  }
}
