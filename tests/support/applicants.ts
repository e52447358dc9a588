import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { paymentTransactions } from "@/db/schema";
import { FAKE_STRIPE_PUBLISHABLE_KEY } from "../fakes/stripe";
import { testDb } from "./db";
import { call, randomIp } from "./http";

export function applicationBody(overrides: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `applicant_${tag}@example.com`,
    phone: "+1 555 010 0100",
    membershipTier: "create",
    heardAbout: "Instagram",
    whyJoin: "I want to find a community of creative womxn to grow with.",
    partnerCode: "",
    agreeTerms: true,
    ...overrides,
  };
}

export async function apply(overrides: Record<string, unknown> = {}) {
  const body = applicationBody(overrides);
  const result = await call("/api/applications/submit", { body, headers: { "x-forwarded-for": randomIp() } });
  expect(result.status).toBe(201);
  return { id: result.json.id as number, email: body.email };
}

export async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const paymentsOf = (applicationId: number) => testDb().select().from(paymentTransactions).where(eq(paymentTransactions.applicationId, applicationId));

/** Pays as the browser's Stripe.js would: confirms the intent at the fake with the publishable key. */
export async function payAndWaitForHold(applicationId: number, paymentMethod = "pm_card_visa") {
  const intent = await call("/api/create-payment-intent", { body: { applicationId, tier: "create", amount: 1 }, headers: { "x-forwarded-for": randomIp() } });
  expect(intent.status).toBe(200);
  const intentId = (intent.json.clientSecret as string).split("_secret_")[0]!;
  const confirm = await fetch(`${process.env.STRIPE_API_BASE_URL}/v1/payment_intents/${intentId}/confirm`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Bearer ${FAKE_STRIPE_PUBLISHABLE_KEY}` },
    body: new URLSearchParams({ payment_method: paymentMethod, client_secret: intent.json.clientSecret }),
  });
  if (paymentMethod === "pm_card_visa") {
    expect(confirm.status).toBe(200);
    await waitFor(() => paymentsOf(applicationId), (rows) => rows[0]?.status === "authorized", "the authorization webhook");
  }
  return intentId;
}
