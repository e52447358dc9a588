import "server-only";
import { addDays, addMonths } from "date-fns";
import { and, eq } from "drizzle-orm";
import type { Transaction } from "@/db/client";
import { applications, memberships, paymentTransactions, users } from "@/db/schema";
import { lockApplication, type Membership } from "@/server/money";
import { readStripe, readStripeList, type SubscriptionObject } from "@/server/money";
import { tierCharge } from "@/server/money";
import { stripeAttempt } from "@/server/money";
import { MEMBERSHIP_STATUS_OF_SUBSCRIPTION } from "@/server/money";
import { applicantOf, askStripe, stripe } from "@/server/stripe/client";
import { readSiteSettings } from "@/server/settings";
import { priceFor, tierOfPrice } from "./prices";

export type { Membership };

/** A member unpaid this long after a failed renewal loses access until she pays. */
export const PAST_DUE_GRACE_DAYS = 14;

export const fromStripeTime = (seconds: number) => new Date(seconds * 1000);
export const toStripeTime = (date: Date) => Math.floor(date.getTime() / 1000);

export async function termEndFor(startedAt: Date, tier: string, tx: Transaction): Promise<Date> {
  return addMonths(startedAt, (await tierCharge(tier, tx)).durationMonths);
}

/**
 * Starts monthly billing once an approved applicant's first card payment is captured: a Stripe
 * subscription for her tier's price on the card that payment saved (setup_future_usage), its
 * first renewal one month after the capture (billing_cycle_anchor, nothing charged before it).
 * Classic billing mode: in flexible mode (the default since 2025-09-30.clover) the credit for unused
 * time when she upgrades is a share of what the subscription itself debited, and her first month was
 * paid by a separate PaymentIntent, so an upgrade in that month would be charged without the credit
 * the preview showed (https://docs.stripe.com/billing/subscriptions/billing-mode/compare).
 * Safe to call on every capture event: the membership row, and Stripe's list of her subscriptions
 * (an attempt whose answer was lost), make it once.
 */
export const BILLING_NOT_STARTED = "Her monthly billing could not start";

export async function startCardMembership(tx: Transaction, applicationId: number): Promise<Membership | null> {
  const app = await lockApplication(tx, applicationId);
  if (!app || app.status !== "approved" || app.isTrial) return null;
  const [existing] = await tx.select().from(memberships).where(eq(memberships.applicationId, applicationId)).limit(1);
  if (existing) return existing;
  const [paid] = await tx
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.applicationId, applicationId),
        eq(paymentTransactions.kind, "payment"),
        eq(paymentTransactions.paymentMethod, "card"),
        eq(paymentTransactions.status, "completed"),
      ),
    )
    .limit(1);
  if (!paid?.stripePaymentIntentId) return null;
  stripe();
  const ask = <T>(call: (client: ReturnType<typeof stripe>) => Promise<T>) =>
    askStripe(BILLING_NOT_STARTED, applicantOf(app), call);
  const intent = readStripe(
    "payment_intent",
    await ask((client) => client.paymentIntents.retrieve(paid.stripePaymentIntentId!)),
  );
  const customer = intent.customer ?? app.stripeCustomerId;
  const paymentMethod = intent.payment_method;
  if (!customer) return null;
  // Whole seconds, as Stripe keeps time, so the term's end and a period's end compare exactly.
  const startedAt = fromStripeTime(toStripeTime(paid.completedAt ?? new Date()));
  const firstRenewal = addMonths(startedAt, 1);
  const started = readStripeList(
    "subscription",
    await ask((client) => client.subscriptions.list({ customer, status: "all", limit: 20 })),
  ).find(
    (s) => s.metadata.applicationId === String(app.id) && s.status !== "canceled" && s.status !== "incomplete_expired",
  );
  const price = await priceFor(app.membershipTier);
  const subscription =
    started ??
    readStripe(
      "subscription",
      await ask((client) =>
        stripeAttempt(tx, { operation: "subscription", subject: `application-${app.id}` }, (idempotencyKey) =>
          client.subscriptions.create(
            {
              customer,
              items: [{ price: price.id }],
              billing_mode: { type: "classic" },
              ...(paymentMethod ? { default_payment_method: paymentMethod } : {}),
              billing_cycle_anchor: toStripeTime(firstRenewal),
              proration_behavior: "none",
              metadata: { applicationId: String(app.id), tier: app.membershipTier },
            },
            { idempotencyKey },
          ),
        ),
      ),
    );
  const [row] = await tx
    .insert(memberships)
    .values({
      applicationId: app.id,
      userId: app.userId,
      tier: app.membershipTier,
      status: "active",
      billingMethod: "card",
      stripeCustomerId: customer,
      stripeSubscriptionId: subscription.id,
      startedAt,
      termEndsAt: await termEndFor(startedAt, app.membershipTier, tx),
      currentPeriodStart: startedAt,
      currentPeriodEnd: firstRenewal,
    })
    .onConflictDoNothing()
    .returning();
  if (row?.userId)
    await tx
      .update(users)
      .set({ membershipLevel: row.tier, stripeCustomerId: customer, stripePaymentMethodId: paymentMethod })
      .where(eq(users.id, row.userId));
  return row ?? null;
}

/**
 * When the applicant creates her account: her card membership (if billing started) becomes hers;
 * a trial starts its clock (a card is asked for before it ends); a bank-transfer member gets a
 * membership renewed by hand, with a reminder before each month ends.
 */
export async function attachMembership(
  tx: Transaction,
  app: typeof applications.$inferSelect,
  userId: number,
): Promise<void> {
  const [existing] = await tx
    .update(memberships)
    .set({ userId })
    .where(eq(memberships.applicationId, app.id))
    .returning();
  if (existing) return;
  const now = new Date();
  if (app.isTrial) {
    const trialEndsAt = addDays(now, (await readSiteSettings(tx)).trialDays);
    await tx.insert(memberships).values({
      applicationId: app.id,
      userId,
      tier: app.membershipTier,
      status: "trialing",
      billingMethod: "trial",
      startedAt: now,
      termEndsAt: await termEndFor(now, app.membershipTier, tx),
      trialEndsAt,
      accessEndsAt: trialEndsAt,
      currentPeriodStart: now,
      currentPeriodEnd: trialEndsAt,
    });
    return;
  }
  const [manual] = await tx
    .select({ completedAt: paymentTransactions.completedAt })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.applicationId, app.id),
        eq(paymentTransactions.paymentMethod, "manual"),
        eq(paymentTransactions.status, "completed"),
      ),
    )
    .limit(1);
  if (manual) {
    const startedAt = manual.completedAt ?? now;
    await tx.insert(memberships).values({
      applicationId: app.id,
      userId,
      tier: app.membershipTier,
      status: "active",
      billingMethod: "manual",
      startedAt,
      termEndsAt: await termEndFor(startedAt, app.membershipTier, tx),
      currentPeriodStart: startedAt,
      currentPeriodEnd: addMonths(startedAt, 1),
    });
  }
}

/**
 * Mirrors the subscription as Stripe has it now. Callers pass a subscription they have just
 * retrieved (not the event's copy) while holding the membership's row lock, so events that arrive
 * late or out of order cannot write an older state over a newer one. The tier she has paid for is
 * not taken from here (a downgrade changes the price at once, without proration, but she keeps her
 * tier until the renewal at the lower price is paid): a different price is her scheduled tier.
 */
export async function mirrorSubscription(
  tx: Transaction,
  membership: Membership,
  subscription: SubscriptionObject,
): Promise<{ before: Membership; after: Membership }> {
  const item = subscription.items.data[0]!;
  const status = MEMBERSHIP_STATUS_OF_SUBSCRIPTION[subscription.status] ?? membership.status;
  const priceTier = await tierOfPrice(item.price.id);
  const now = new Date();
  const pastDueSince = status === "past_due" ? (membership.pastDueSince ?? now) : null;
  const accessEndsAt =
    status === "past_due"
      ? addDays(pastDueSince!, PAST_DUE_GRACE_DAYS)
      : status === "canceled"
        ? (membership.accessEndsAt ?? now)
        : null;
  const [after] = await tx
    .update(memberships)
    .set({
      status,
      billingMethod: "card",
      stripeCustomerId: subscription.customer,
      currentPeriodStart: fromStripeTime(item.current_period_start),
      currentPeriodEnd: fromStripeTime(item.current_period_end),
      cancelAtPeriodEnd: status !== "canceled" && subscription.cancel_at_period_end,
      scheduledTier: status !== "canceled" && priceTier && priceTier !== membership.tier ? priceTier : null,
      trialEndsAt: subscription.trial_end ? fromStripeTime(subscription.trial_end) : membership.trialEndsAt,
      pastDueSince,
      accessEndsAt,
      endedAt: status === "canceled" ? (membership.endedAt ?? now) : null,
    })
    .where(eq(memberships.id, membership.id))
    .returning();
  return { before: membership, after: after! };
}

/** Her level follows the tier she has paid for (src/server/auth/sessions.ts ends it with her access). */
export async function setPaidTier(
  tx: Transaction,
  membership: Membership,
  tier: string,
  invoiceCreated: number | null,
): Promise<Membership> {
  const [row] = await tx
    .update(memberships)
    .set({
      tier,
      termEndsAt: await termEndFor(membership.startedAt, tier, tx),
      ...(invoiceCreated !== null ? { tierInvoiceCreated: invoiceCreated } : {}),
    })
    .where(eq(memberships.id, membership.id))
    .returning();
  if (membership.userId) await tx.update(users).set({ membershipLevel: tier }).where(eq(users.id, membership.userId));
  return row!;
}
