import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { Actor } from "@/server/auth/actor";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "@/db";
import type { Transaction } from "@/db/client";
import { applications, paymentTransactions } from "@/db/schema";
import { AppError, conflict, notFound } from "@/lib/errors";
import { recordAudit } from "@/server/audit";
import { transactionWithEmail, type QueueEmail } from "@/server/email/outbox";
import { consumeOrThrow, type LimitPolicy } from "@/server/rate-limit";
import { afterApplicationPayment } from "./after-payment";
import { movePaymentById } from "./ledger";
import { lockApplication, type Application, type PaymentTransaction } from "./locks";
import { readStripe, readStripeList, type PaymentIntentObject } from "./objects";
import { applicationOfPaymentLink, awaitsPayment } from "./payment-links";
import { tierCharge } from "./pricing";
import { paymentCompleted } from "./receipts";
import { stripeAttempt } from "./requests";
import { paymentStatusOfIntent } from "./statuses";
import { recordRefusalOf } from "@/server/stripe/refusals";
import { applicantOf, askStripe, isCardError, stripe, stripeFailure } from "@/server/stripe/client";

const INTENT_IP_POLICY: LimitPolicy = { keyPrefix: "payment_intent_ip", points: 30, durationSeconds: 60 * 60 };
export const NO_PAYABLE_APPLICATION = "We could not find an application waiting for payment.";
export const ALREADY_PAID = "This application has already been paid for. We will be in touch soon.";
const SETTING_UP = "The payment could not be set up";
const REUSABLE = new Set<PaymentIntentObject["status"]>([
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
]);
const HELD_OR_PAID = new Set<PaymentIntentObject["status"]>(["requires_capture", "succeeded", "processing"]);

/** The application's Stripe customer, created (one attempt) the first time she pays. */
async function customerOf(tx: Transaction, app: Application, operation: string): Promise<string> {
  if (app.stripeCustomerId) return app.stripeCustomerId;
  const customer = readStripe(
    "customer",
    await askStripe(operation, applicantOf(app), (client) =>
      stripeAttempt(tx, { operation: "customer", subject: `application-${app.id}` }, (idempotencyKey) =>
        client.customers.create(
          { email: app.email, name: `${app.firstName} ${app.lastName}`, metadata: { applicationId: String(app.id) } },
          { idempotencyKey },
        ),
      ),
    ),
  );
  await tx.update(applications).set({ stripeCustomerId: customer.id }).where(eq(applications.id, app.id));
  return customer.id;
}

/**
 * The PaymentIntent behind /payment/{token}: the tier's monthly price (computed here, whatever the
 * browser sent), authorized now and captured when an admin approves (capture_method manual). The
 * token is checked before Stripe is called: anyone without her live link gets 404. Asking again
 * returns the same open intent, so reloading the page never creates a second charge, and an
 * application with a held or completed payment is refused.
 */
export async function createApplicationPaymentIntent(token: string, ip: string) {
  await consumeOrThrow(INTENT_IP_POLICY, ip);
  const applicationId = await applicationOfPaymentLink(token);
  if (!applicationId) throw notFound(NO_PAYABLE_APPLICATION);
  stripe();
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, applicationId);
    if (!app || app.status !== "pending" || app.isTrial) throw notFound(NO_PAYABLE_APPLICATION);
    if (!(await awaitsPayment(tx, app))) throw conflict(ALREADY_PAID);
    const charge = await tierCharge(app.membershipTier, tx);
    const summary = { amount: charge.amount, currency: charge.currency, tier: charge.id, tierTitle: charge.title };
    const open = await tx
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.applicationId, app.id),
          eq(paymentTransactions.kind, "payment"),
          eq(paymentTransactions.paymentMethod, "card"),
        ),
      );
    for (const row of open.filter(
      (p) => (p.status === "pending" || p.status === "failed") && p.stripePaymentIntentId,
    )) {
      const intent = readStripe(
        "payment_intent",
        await askStripe(SETTING_UP, applicantOf(app), (client) =>
          client.paymentIntents.retrieve(row.stripePaymentIntentId!),
        ),
      );
      if (REUSABLE.has(intent.status) && intent.amount === charge.amount && intent.client_secret)
        return { clientSecret: intent.client_secret, ...summary };
      if (HELD_OR_PAID.has(intent.status)) throw conflict(ALREADY_PAID);
    }

    const customer = await customerOf(tx, app, SETTING_UP);
    const intent = readStripe(
      "payment_intent",
      await askStripe(SETTING_UP, applicantOf(app), (client) =>
        stripeAttempt(tx, { operation: "intent", subject: `application-${app.id}` }, (idempotencyKey) =>
          client.paymentIntents.create(
            {
              amount: charge.amount,
              currency: charge.currency,
              customer,
              capture_method: "manual",
              setup_future_usage: "off_session",
              // She confirms in her browser, where Stripe.js can redirect her and bring her back (return_url).
              automatic_payment_methods: { enabled: true },
              description: `${charge.title} membership (first month)`,
              receipt_email: app.email,
              metadata: { applicationId: String(app.id), tier: app.membershipTier },
            },
            { idempotencyKey },
          ),
        ),
      ),
    );
    await tx
      .insert(paymentTransactions)
      .values({
        applicationId: app.id,
        amount: charge.amount,
        currency: charge.currency,
        status: "pending",
        paymentMethod: "card",
        membershipTier: app.membershipTier,
        stripePaymentIntentId: intent.id,
      })
      .onConflictDoNothing();
    if (!intent.client_secret) throw new AppError(502, "Stripe sent a payment intent without its client secret.");
    return { clientSecret: intent.client_secret, ...summary };
  });
}

type Outcome = { ok: boolean; amount: number; currency: string; message?: string };
const NOT_FOUND_OUTCOME: Outcome = {
  ok: false,
  amount: 0,
  currency: "usd",
  message: "We could not find that payment.",
};

/**
 * What /payment-success shows: Stripe's own word on the PaymentIntent, never the query string's,
 * and only for the holder of the payment link the intent was made through.
 */
export async function paymentOutcome(token: string, intentId: string): Promise<Outcome> {
  if (!/^pi_[A-Za-z0-9_]{1,200}$/.test(intentId)) return NOT_FOUND_OUTCOME;
  const applicationId = await applicationOfPaymentLink(token);
  if (!applicationId) return NOT_FOUND_OUTCOME;
  const [row] = await db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.stripePaymentIntentId, intentId),
        eq(paymentTransactions.applicationId, applicationId),
      ),
    )
    .limit(1);
  if (!row) return NOT_FOUND_OUTCOME;
  try {
    const intent = readStripe("payment_intent", await stripe().paymentIntents.retrieve(intentId));
    const ok = HELD_OR_PAID.has(intent.status);
    return {
      ok,
      amount: intent.amount,
      currency: intent.currency,
      message: ok ? undefined : (intent.last_payment_error?.message ?? "The payment did not go through."),
    };
  } catch (error) {
    await recordRefusalOf(error, "The payment's outcome could not be read", { applicationId });
    return {
      ok: false,
      amount: 0,
      currency: "usd",
      message: "We could not confirm the payment with our payment provider.",
    };
  }
}

const isUnexpectedState = (error: unknown) => (error as { code?: string })?.code === "payment_intent_unexpected_state";

/**
 * Approval captures the held card. A capture Stripe already made (an attempt whose answer was lost,
 * or one made in Stripe's Dashboard) is found in the intent's state rather than made again.
 */
export async function captureHeldPayment(
  tx: Transaction,
  queueEmail: QueueEmail,
  payment: PaymentTransaction,
  baseUrl: string,
): Promise<void> {
  const client = stripe();
  const intentId = payment.stripePaymentIntentId!;
  const capturing = "The card payment could not be captured";
  let intent: PaymentIntentObject;
  try {
    intent = readStripe(
      "payment_intent",
      await stripeAttempt(tx, { operation: "capture", subject: `payment-${payment.id}` }, (idempotencyKey) =>
        client.paymentIntents.capture(intentId, {}, { idempotencyKey }),
      ),
    );
  } catch (error) {
    if (!isUnexpectedState(error)) throw stripeFailure(error, capturing, payment);
    intent = readStripe(
      "payment_intent",
      await askStripe(capturing, payment, () => client.paymentIntents.retrieve(intentId)),
    );
  }
  if (intent.status !== "succeeded")
    throw conflict(
      `The card payment could not be captured: Stripe has the payment as ${intent.status.replace(/_/g, " ")}.`,
    );
  const captured = await movePaymentById(tx, payment.id, { status: "completed" });
  if (captured) await paymentCompleted(tx, queueEmail, captured, baseUrl);
}

const RELEASING = "The card hold could not be released";

/**
 * Rejection releases a held card (or a payment not yet confirmed). Returns "captured" when Stripe
 * has the payment as taken after all (captured in Stripe's Dashboard), for the caller to refund it.
 */
export async function releaseHeldPayment(
  tx: Transaction,
  payment: PaymentTransaction,
): Promise<"released" | "captured"> {
  const client = stripe();
  const intentId = payment.stripePaymentIntentId!;
  try {
    await stripeAttempt(tx, { operation: "cancel", subject: `payment-${payment.id}` }, (idempotencyKey) =>
      client.paymentIntents.cancel(intentId, {}, { idempotencyKey }),
    );
  } catch (error) {
    if (!isUnexpectedState(error)) throw stripeFailure(error, RELEASING, payment);
    const intent = readStripe(
      "payment_intent",
      await askStripe(RELEASING, payment, () => client.paymentIntents.retrieve(intentId)),
    );
    if (intent.status === "succeeded") {
      const completed = await movePaymentById(tx, payment.id, { status: "completed" });
      return completed ? "captured" : "released";
    }
  }
  await movePaymentById(tx, payment.id, {
    status: "canceled",
    notes: "Authorization released when the application was rejected.",
  });
  return "released";
}

const PAID = "This application already has a completed payment.";
const NOT_PROCESSED = "The payment was not processed";

export async function lockApprovedUnpaid(tx: Transaction, id: number): Promise<Application> {
  const app = await lockApplication(tx, id);
  if (!app) throw notFound("Application not found.");
  if (app.status === "rejected") throw conflict("This application was rejected; it cannot be paid for.");
  const [paid] = await tx
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.applicationId, id),
        eq(paymentTransactions.kind, "payment"),
        inArray(paymentTransactions.status, ["completed", "authorized"]),
      ),
    )
    .limit(1);
  if (paid) throw conflict(PAID);
  return app;
}

/**
 * A charge Stripe made for this application that we hold no row of: an attempt whose answer, or
 * whose transaction, was lost. Looked for before charging again, since each attempt has its own key.
 */
async function unrecordedCharge(
  tx: Transaction,
  customer: string,
  app: Application,
): Promise<PaymentIntentObject | null> {
  const intents = readStripeList(
    "payment_intent",
    await askStripe(NOT_PROCESSED, applicantOf(app), (client) => client.paymentIntents.list({ customer, limit: 20 })),
  );
  for (const intent of intents) {
    if (intent.metadata.applicationId !== String(app.id) || !HELD_OR_PAID.has(intent.status)) continue;
    const [known] = await tx
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.stripePaymentIntentId, intent.id))
      .limit(1);
    if (!known) return intent;
  }
  return null;
}

/** One server-side confirmed charge of the tier's price; a decline is answered with its PaymentIntent. */
async function chargeCard(
  tx: Transaction,
  app: Application,
  customer: string,
  paymentMethodId: string,
): Promise<PaymentIntentObject> {
  const charge = await tierCharge(app.membershipTier, tx);
  try {
    return readStripe(
      "payment_intent",
      await stripeAttempt(tx, { operation: "admin-charge", subject: `application-${app.id}` }, (idempotencyKey) =>
        stripe().paymentIntents.create(
          {
            amount: charge.amount,
            currency: charge.currency,
            customer,
            payment_method: paymentMethodId,
            confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
            setup_future_usage: "off_session",
            description: `${charge.title} membership`,
            metadata: { applicationId: String(app.id), tier: app.membershipTier, source: "admin" },
          },
          { idempotencyKey },
        ),
      ),
    );
  } catch (error) {
    // A declined card: Stripe answers 402 with the PaymentIntent it created, kept as a failed row.
    if (!isCardError(error) || !error.payment_intent) throw stripeFailure(error, NOT_PROCESSED, applicantOf(app));
    await recordRefusalOf(error, NOT_PROCESSED, applicantOf(app), tx);
    return readStripe("payment_intent", error.payment_intent);
  }
}

export const NEEDS_HER_AUTHENTICATION =
  "Her card asks its holder to confirm the payment (3-D Secure), which only she can do: nothing was charged. Send her the payment link instead.";

/**
 * The admin's Process Payment dialog: charges the tier's price to a card
 * payment method that Stripe Elements created in the admin's browser, confirmed here on the server.
 * No browser can follow a redirect from a server-side confirmation, so redirect-based methods are
 * ruled out (automatic_payment_methods.allow_redirects "never"); without that Stripe refuses the
 * confirmation for want of a return_url (API 2023-08-16 and later). A declined card is kept as a
 * failed payment row (committed) and answered 402 with the card's reason; Stripe refusing the
 * request itself is answered 502 as Stripe's refusal, not as a decline.
 */
export async function processCardPayment(id: number, paymentMethodId: string, actor: Actor) {
  assertAccess(actor.viewer, ADMIN);
  const client = stripe();
  const result = await transactionWithEmail(async (tx, queueEmail) => {
    const app = await lockApprovedUnpaid(tx, id);
    if (app.status !== "approved") throw conflict("Approve the application before taking a payment.");
    const charge = await tierCharge(app.membershipTier, tx);
    const hadCustomer = Boolean(app.stripeCustomerId);
    const customer = await customerOf(tx, app, NOT_PROCESSED);
    const intent =
      (hadCustomer ? await unrecordedCharge(tx, customer, app) : null) ??
      (await chargeCard(tx, app, customer, paymentMethodId));
    let status = paymentStatusOfIntent(intent.status);
    let failure = status === "failed" ? (intent.last_payment_error?.message ?? "Payment processing failed") : null;
    if (intent.status === "requires_action") {
      // Nothing is held while she has not authenticated; the intent is closed so it cannot be confirmed later by surprise.
      await stripeAttempt(tx, { operation: "cancel", subject: `application-${id}` }, (idempotencyKey) =>
        client.paymentIntents.cancel(intent.id, {}, { idempotencyKey }),
      ).catch((error) =>
        recordRefusalOf(error, "The unauthenticated payment could not be cancelled", applicantOf(app), tx),
      );
      status = "failed";
      failure = NEEDS_HER_AUTHENTICATION;
    }
    const [row] = await tx
      .insert(paymentTransactions)
      .values({
        applicationId: id,
        userId: app.userId,
        amount: charge.amount,
        currency: charge.currency,
        status,
        paymentMethod: "card",
        membershipTier: app.membershipTier,
        stripePaymentIntentId: intent.id,
        createdBy: actor.id,
        completedAt: status === "completed" ? new Date() : null,
        failedAt: status === "failed" ? new Date() : null,
        notes: failure ?? "Taken by an admin.",
      })
      .onConflictDoNothing()
      .returning();
    await recordAudit(
      {
        actorId: actor.id,
        action: "payment.card_processed",
        entityType: "application",
        entityId: id,
        details: { intent: intent.id, status },
        ip: actor.ip,
      },
      tx,
    );
    if (failure) return { row: row ?? null, failure };
    if (row?.status === "completed") await paymentCompleted(tx, queueEmail, row, actor.baseUrl);
    else await afterApplicationPayment().paid(tx, queueEmail, id, actor.baseUrl);
    return { row: row ?? null, failure: null };
  });
  if (result.failure) throw new AppError(402, result.failure);
  return result.row;
}
