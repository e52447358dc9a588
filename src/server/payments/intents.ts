import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "@/db";
import { applications, paymentTransactions } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors";
import { consumeOrThrow, type LimitPolicy } from "@/server/rate-limit";
import { tierCharge } from "./pricing";
import { stripe } from "./stripe";

const INTENT_IP_POLICY: LimitPolicy = { keyPrefix: "payment_intent_ip", points: 30, durationSeconds: 60 * 60 };
export const NO_PAYABLE_APPLICATION = "We could not find an application waiting for payment.";
export const ALREADY_PAID = "This application has already been paid for. We will be in touch soon.";
const REUSABLE = new Set(["requires_payment_method", "requires_confirmation", "requires_action"]);

/**
 * The PaymentIntent for a pending application: the tier's monthly price (computed here, whatever
 * the browser sent), authorized now and captured when an admin approves (capture_method manual).
 * Asking again returns the same open intent, so reloading /payment never creates a second charge,
 * and an application with a held or completed payment is refused.
 */
export async function createApplicationPaymentIntent(applicationId: number, ip: string) {
  const client = stripe();
  await consumeOrThrow(INTENT_IP_POLICY, ip);
  return db.transaction(async (tx) => {
    const [app] = await tx.select().from(applications).where(eq(applications.id, applicationId)).for("update").limit(1);
    if (!app || app.status !== "pending" || app.isTrial) throw notFound(NO_PAYABLE_APPLICATION);
    const charge = await tierCharge(app.membershipTier, tx);
    const card = await tx
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.applicationId, app.id), eq(paymentTransactions.kind, "payment")));
    if (card.some((p) => p.status === "authorized" || p.status === "completed")) throw conflict(ALREADY_PAID);

    const summary = { amount: charge.amount, currency: charge.currency, tier: charge.id, tierTitle: charge.title };
    for (const open of card.filter((p) => (p.status === "pending" || p.status === "failed") && p.stripePaymentIntentId)) {
      const intent = await client.paymentIntents.retrieve(open.stripePaymentIntentId!);
      if (REUSABLE.has(intent.status) && intent.amount === charge.amount && intent.client_secret) return { clientSecret: intent.client_secret, ...summary };
      if (intent.status === "requires_capture" || intent.status === "succeeded" || intent.status === "processing") throw conflict(ALREADY_PAID);
    }

    let customer = app.stripeCustomerId;
    if (!customer) {
      customer = (await client.customers.create({ email: app.email, name: `${app.firstName} ${app.lastName}`, metadata: { applicationId: String(app.id) } }, { idempotencyKey: `customer-application-${app.id}-${randomUUID()}` })).id;
      await tx.update(applications).set({ stripeCustomerId: customer }).where(eq(applications.id, app.id));
    }
    const intent = await client.paymentIntents.create(
      {
        amount: charge.amount,
        currency: charge.currency,
        customer,
        capture_method: "manual",
        setup_future_usage: "off_session",
        automatic_payment_methods: { enabled: true },
        description: `${charge.title} membership (first month)`,
        receipt_email: app.email,
        metadata: { applicationId: String(app.id), tier: app.membershipTier },
      },
      // A key per call, kept by the client's own retries: Stripe replays a saved 500 for its key for
      // 24 hours, so one outage would lock her out. The row lock and the reuse of her open intent
      // above are what keep a second call from making a second charge (an unconfirmed intent holds nothing).
      { idempotencyKey: `application-${app.id}-intent-${randomUUID()}` },
    );
    await tx
      .insert(paymentTransactions)
      .values({ applicationId: app.id, amount: charge.amount, currency: charge.currency, status: "pending", paymentMethod: "card", membershipTier: app.membershipTier, stripePaymentIntentId: intent.id })
      .onConflictDoNothing();
    if (!intent.client_secret) throw new Error("Stripe returned no client secret");
    return { clientSecret: intent.client_secret, ...summary };
  });
}

/** What /payment-success shows: Stripe's own word on the PaymentIntent, never the query string's. */
export async function paymentOutcome(intentId: string): Promise<{ ok: boolean; amount: number; currency: string; message?: string }> {
  if (!/^pi_[A-Za-z0-9_]{1,200}$/.test(intentId)) return { ok: false, amount: 0, currency: "usd", message: "We could not find that payment." };
  try {
    const intent = await stripe().paymentIntents.retrieve(intentId);
    const ok = intent.status === "requires_capture" || intent.status === "succeeded" || intent.status === "processing";
    return { ok, amount: intent.amount, currency: intent.currency, message: ok ? undefined : (intent.last_payment_error?.message ?? "The payment did not go through.") };
  } catch {
    return { ok: false, amount: 0, currency: "usd", message: "We could not confirm the payment with our payment provider." };
  }
}


/** The pending, paid-by-card application /payment is for, or null (the missing-parameters card). */
export async function getApplicationForPayment(applicationId: number) {
  const [app] = await db
    .select({ id: applications.id, firstName: applications.firstName, lastName: applications.lastName, membershipTier: applications.membershipTier })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.status, "pending"), eq(applications.isTrial, false)))
    .limit(1);
  return app ?? null;
}
