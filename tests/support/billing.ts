import { randomUUID } from "node:crypto";
import { addMonths } from "date-fns";
import { desc, eq } from "drizzle-orm";
import { applications, memberships, membershipTiers, paymentTransactions, users } from "@/db/schema";
import { createStripeClient } from "@/lib/stripe-client";
import { lookupKeyFor, syncStripeCatalogue } from "@/server/billing/catalogue";
import { FAKE_STRIPE_SECRET_KEY } from "../fakes/stripe";
import { apply, payAndWaitForHold, waitFor } from "./applicants";
import { createTestUser, latestEmailTo, linkIn, testDb } from "./db";
import { call, sessionCookieFrom } from "./http";

// Members with recurring billing against the fake Stripe API (tests/fakes/stripe-billing.ts),
// for the integration and the browser tests alike (so no test runner's `expect` here).
// Time moves as Stripe's test clocks move it: each member's customer is created on a clock of its own.

function check(ok: boolean, what: string, detail: unknown) {
  if (!ok) throw new Error(`${what}: ${JSON.stringify(detail)}`);
}

const stripeUrl = () => process.env.STRIPE_API_BASE_URL!;

export async function stripeCall(
  path: string,
  form: Record<string, string> = {},
  method = "POST",
  key = FAKE_STRIPE_SECRET_KEY,
) {
  const response = await fetch(`${stripeUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/x-www-form-urlencoded" },
    body: method === "GET" ? undefined : new URLSearchParams(form),
  });
  return { status: response.status, json: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface FakeBilling {
  subscriptions: {
    id: string;
    status: string;
    customer: string;
    billing_cycle_anchor: number;
    billing_mode: { type: string };
    default_payment_method: string;
    cancel_at_period_end: boolean;
    items: {
      data: { price: { id: string; unit_amount: number }; current_period_start: number; current_period_end: number }[];
    };
  }[];
  invoices: {
    id: string;
    status: string;
    amount_paid: number;
    amount_due: number;
    billing_reason: string;
    parent: { subscription_details: { subscription: string } };
  }[];
}
export const fakeBilling = async () => (await (await fetch(`${stripeUrl()}/__fake/billing`)).json()) as FakeBilling;

/** npm run stripe:sync, against the fake: the tiers' Products and Prices, found by lookup key. */
export async function syncFakeCatalogue() {
  const tiers = await testDb().select().from(membershipTiers);
  await syncStripeCatalogue(createStripeClient(FAKE_STRIPE_SECRET_KEY, stripeUrl()), tiers);
}

export const membershipOf = async (applicationId: number) =>
  (await testDb().select().from(memberships).where(eq(memberships.applicationId, applicationId)))[0];
export const transactionsOf = (userId: number) =>
  testDb()
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.userId, userId))
    .orderBy(desc(paymentTransactions.id));

/** An approved, card-paying member with her account, her Stripe customer on a test clock of its own. */
export async function cardMember(adminCookie: string, tier = "create") {
  const clock = (
    await stripeCall("/v1/test_helpers/test_clocks", { frozen_time: String(Math.floor(Date.now() / 1000)) })
  ).json;
  const customer = (await stripeCall("/v1/customers", { email: "member@example.com", test_clock: clock.id })).json;
  const { id, email } = await apply({ membershipTier: tier });
  await testDb().update(applications).set({ stripeCustomerId: customer.id }).where(eq(applications.id, id));
  await payAndWaitForHold(id);
  const approved = await call(`/api/applications/${id}/status`, {
    method: "PATCH",
    body: { status: "approved" },
    cookie: adminCookie,
  });
  check(approved.status === 200, "approval failed", approved.json);
  await waitFor(
    () => membershipOf(id),
    (m) => Boolean(m?.stripeSubscriptionId),
    "the subscription to start",
  );
  const token = new URL(linkIn((await latestEmailTo(email))!.text, "/join/")).pathname.split("/").pop()!;
  const username = `m_${randomUUID().slice(0, 8)}`;
  const accepted = await call("/api/invitations/accept", {
    body: { token, username, password: "a-long-password-1", confirmPassword: "a-long-password-1" },
  });
  check(accepted.status === 201, "joining failed", accepted.json);
  const cookie = sessionCookieFrom(accepted)!;
  const membership = (await membershipOf(id))!;
  return {
    applicationId: id,
    email,
    username,
    clock: clock.id as string,
    customer: customer.id as string,
    cookie,
    userId: membership.userId!,
    membership,
  };
}

export async function advanceClock(clock: string, to: Date) {
  const result = await stripeCall(`/v1/test_helpers/test_clocks/${clock}/advance`, {
    frozen_time: String(Math.floor(to.getTime() / 1000)),
  });
  check(result.status === 200, "the test clock did not advance", result.json);
}

/**
 * A card member arranged directly, for browser tests: her account, an approved application, a
 * Stripe customer and subscription created through the fake API (card pm_card_visa, first renewal
 * a month from now) and the membership row that mirrors them. `termServed` puts her start far
 * enough back that the current period ends with her term, so she may cancel.
 */
export async function arrangeCardMember(tier: "connect" | "create" | "empower" | "play", { termServed = false } = {}) {
  await syncFakeCatalogue();
  const user = await createTestUser({
    membershipLevel: tier,
    firstName: "Octavia",
    lastName: `Butler ${randomUUID().slice(0, 6)}`,
  });
  const [app] = await testDb()
    .insert(applications)
    .values({
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: "+1 555 010 0100",
      membershipTier: tier,
      heardAbout: "Instagram",
      whyJoin: "Arranged for a browser test of billing.",
      agreeTerms: true,
      status: "approved",
      userId: user.id,
    })
    .returning();
  const customer = (
    await stripeCall("/v1/customers", { email: user.email, name: `${user.firstName} ${user.lastName}` })
  ).json;
  const price = (await stripeCall(`/v1/prices?lookup_keys[0]=${lookupKeyFor(tier)}&active=true`, {}, "GET")).json
    .data[0];
  const periodEnd = addMonths(new Date(Math.floor(Date.now() / 1000) * 1000), 1);
  const subscription = (
    await stripeCall("/v1/subscriptions", {
      customer: customer.id,
      "items[0][price]": price.id,
      "billing_mode[type]": "classic",
      default_payment_method: "pm_card_visa",
      billing_cycle_anchor: String(periodEnd.getTime() / 1000),
      proration_behavior: "none",
    })
  ).json;
  check(typeof subscription.id === "string", "the subscription was not created", subscription);
  const { durationMonths } = (await testDb().select().from(membershipTiers).where(eq(membershipTiers.id, tier)))[0]!;
  const startedAt = termServed ? addMonths(periodEnd, -durationMonths) : addMonths(periodEnd, -1);
  await testDb()
    .update(users)
    .set({ stripeCustomerId: customer.id, stripePaymentMethodId: "pm_card_visa" })
    .where(eq(users.id, user.id));
  await testDb()
    .insert(memberships)
    .values({
      applicationId: app!.id,
      userId: user.id,
      tier,
      status: "active",
      billingMethod: "card",
      stripeCustomerId: customer.id,
      stripeSubscriptionId: subscription.id,
      startedAt,
      termEndsAt: addMonths(startedAt, durationMonths),
      currentPeriodStart: addMonths(periodEnd, -1),
      currentPeriodEnd: periodEnd,
    });
  return { user, subscriptionId: subscription.id as string };
}

/** A card payment Stripe has taken (an off-session charge on the fake), for tests that arrange their own payment rows. */
export async function chargedIntent(amount = 5000): Promise<string> {
  const customer = (await stripeCall("/v1/customers", { email: "charged@example.com" })).json;
  const intent = await stripeCall("/v1/payment_intents", {
    amount: String(amount),
    currency: "usd",
    customer: customer.id,
    payment_method: "pm_card_visa",
    confirm: "true",
    off_session: "true",
  });
  check(intent.json.status === "succeeded", "the charge did not succeed", intent.json);
  return intent.json.id as string;
}

/** A refund made in Stripe's Dashboard: Stripe tells the app by its refund events. */
export async function refundInStripe(intentId: string, amount?: number) {
  const refund = await stripeCall("/v1/refunds", {
    payment_intent: intentId,
    ...(amount ? { amount: String(amount) } : {}),
  });
  check(refund.status === 200, "the refund was refused", refund.json);
}

/** A member who pays by bank transfer, arranged directly: her account, an approved application paid by transfer, and the membership renewed by hand. */
export async function arrangeBankTransferMember(tier: "connect" | "create" | "empower" | "play") {
  const user = await createTestUser({
    membershipLevel: tier,
    firstName: "Audre",
    lastName: `Lorde ${randomUUID().slice(0, 6)}`,
  });
  const [app] = await testDb()
    .insert(applications)
    .values({
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: "+1 555 010 0100",
      membershipTier: tier,
      heardAbout: "Instagram",
      whyJoin: "Arranged for a browser test of bank transfers.",
      agreeTerms: true,
      status: "approved",
      userId: user.id,
    })
    .returning();
  const { durationMonths } = (await testDb().select().from(membershipTiers).where(eq(membershipTiers.id, tier)))[0]!;
  const startedAt = addMonths(new Date(), -1);
  await testDb()
    .insert(memberships)
    .values({
      applicationId: app!.id,
      userId: user.id,
      tier,
      status: "active",
      billingMethod: "manual",
      startedAt,
      termEndsAt: addMonths(startedAt, durationMonths),
      currentPeriodStart: startedAt,
      currentPeriodEnd: addMonths(startedAt, 1),
    });
  return { user };
}
