import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { applications, memberships, membershipTiers, paymentTransactions } from "@/db/schema";
import { createStripeClient } from "@/lib/stripe-client";
import { syncStripeCatalogue } from "@/server/billing/catalogue";
import { FAKE_STRIPE_SECRET_KEY } from "../fakes/stripe";
import { apply, payAndWaitForHold, waitFor } from "./applicants";
import { latestEmailTo, linkIn, testDb } from "./db";
import { call, sessionCookieFrom } from "./http";

// Members with recurring billing (issue 15) against the fake Stripe API (tests/fakes/stripe-billing.ts).
// Time moves as Stripe's test clocks move it: each member's customer is created on a clock of its own.

const stripeUrl = () => process.env.STRIPE_API_BASE_URL!;

export async function stripeCall(path: string, form: Record<string, string> = {}, method = "POST", key = FAKE_STRIPE_SECRET_KEY) {
  const response = await fetch(`${stripeUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/x-www-form-urlencoded" },
    body: method === "GET" ? undefined : new URLSearchParams(form),
  });
  return { status: response.status, json: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface FakeBilling {
  subscriptions: { id: string; status: string; customer: string; billing_cycle_anchor: number; default_payment_method: string; cancel_at_period_end: boolean; items: { data: { price: { id: string; unit_amount: number }; current_period_end: number }[] } }[];
  invoices: { id: string; status: string; amount_paid: number; amount_due: number; billing_reason: string; parent: { subscription_details: { subscription: string } } }[];
}
export const fakeBilling = async () => (await (await fetch(`${stripeUrl()}/__fake/billing`)).json()) as FakeBilling;

/** npm run stripe:sync, against the fake: the tiers' Products and Prices, found by lookup key. */
export async function syncFakeCatalogue() {
  const tiers = await testDb().select().from(membershipTiers);
  await syncStripeCatalogue(createStripeClient(FAKE_STRIPE_SECRET_KEY, stripeUrl()), tiers);
}

export const membershipOf = async (applicationId: number) => (await testDb().select().from(memberships).where(eq(memberships.applicationId, applicationId)))[0];
export const transactionsOf = (userId: number) => testDb().select().from(paymentTransactions).where(eq(paymentTransactions.userId, userId)).orderBy(desc(paymentTransactions.id));

/** An approved, card-paying member with her account, her Stripe customer on a test clock of its own. */
export async function cardMember(adminCookie: string, tier = "create") {
  const clock = (await stripeCall("/v1/test_helpers/test_clocks", { frozen_time: String(Math.floor(Date.now() / 1000)) })).json;
  const customer = (await stripeCall("/v1/customers", { email: "member@example.com", test_clock: clock.id })).json;
  const { id, email } = await apply({ membershipTier: tier });
  await testDb().update(applications).set({ stripeCustomerId: customer.id }).where(eq(applications.id, id));
  await payAndWaitForHold(id);
  expect((await call(`/api/applications/${id}/status`, { method: "PATCH", body: { status: "approved" }, cookie: adminCookie })).status).toBe(200);
  await waitFor(() => membershipOf(id), (m) => Boolean(m?.stripeSubscriptionId), "the subscription to start");
  const token = new URL(linkIn((await latestEmailTo(email))!.text, "/join/")).pathname.split("/").pop()!;
  const username = `m_${randomUUID().slice(0, 8)}`;
  const accepted = await call("/api/invitations/accept", { body: { token, username, password: "a-long-password-1", confirmPassword: "a-long-password-1" } });
  expect(accepted.status).toBe(201);
  const cookie = sessionCookieFrom(accepted)!;
  const membership = (await membershipOf(id))!;
  return { applicationId: id, email, username, clock: clock.id as string, customer: customer.id as string, cookie, userId: membership.userId!, membership };
}

export async function advanceClock(clock: string, to: Date) {
  const result = await stripeCall(`/v1/test_helpers/test_clocks/${clock}/advance`, { frozen_time: String(Math.floor(to.getTime() / 1000)) });
  expect(result.status).toBe(200);
}
