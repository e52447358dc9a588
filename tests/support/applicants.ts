import { randomUUID } from "node:crypto";
import { and, desc, eq, like } from "drizzle-orm";
import { applications, emailOutbox, paymentTransactions } from "@/db/schema";
import { FAKE_STRIPE_PUBLISHABLE_KEY } from "../fakes/stripe";
import { linkIn, testDb } from "./db";
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

/** Applies as the form does; the answer names no application, so its id is read from the database. */
export async function apply(overrides: Record<string, unknown> = {}) {
  const body = applicationBody(overrides);
  const result = await call("/api/applications/submit", { body, headers: { "x-forwarded-for": randomIp() } });
  expect(result.status).toBe(201);
  const [row] = await testDb()
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.email, body.email), eq(applications.status, "pending")))
    .orderBy(desc(applications.id))
    .limit(1);
  return { id: row!.id, email: body.email };
}

/** The token of the newest payment link emailed to `email` (the receipt, a repeated application, an admin's resend). */
export async function paymentTokenOf(email: string): Promise<string> {
  const [mail] = await testDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), like(emailOutbox.text, "%/payment/%")))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  if (!mail) throw new Error(`No payment link was emailed to ${email}`);
  return new URL(linkIn(mail.text, "/payment/")).pathname.split("/").pop()!;
}

export async function waitFor<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const paymentsOf = (applicationId: number) =>
  testDb().select().from(paymentTransactions).where(eq(paymentTransactions.applicationId, applicationId));

/** Her PaymentIntent, asked for as the payment page asks: with the token of the link she was emailed. */
export async function intentFor(applicationId: number) {
  const [app] = await testDb()
    .select({ email: applications.email })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return call("/api/create-payment-intent", {
    body: { token: await paymentTokenOf(app!.email) },
    headers: { "x-forwarded-for": randomIp() },
  });
}

/** Pays as the browser's Stripe.js would: confirms the intent at the fake with the publishable key and the return address. */
export async function payAndWaitForHold(applicationId: number, paymentMethod = "pm_card_visa") {
  const intent = await intentFor(applicationId);
  expect(intent.status).toBe(200);
  const intentId = (intent.json.clientSecret as string).split("_secret_")[0]!;
  const confirm = await fetch(`${process.env.STRIPE_API_BASE_URL}/v1/payment_intents/${intentId}/confirm`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Bearer ${FAKE_STRIPE_PUBLISHABLE_KEY}`,
    },
    body: new URLSearchParams({
      payment_method: paymentMethod,
      client_secret: intent.json.clientSecret,
      return_url: `${process.env.TEST_BASE_URL}/payment-success`,
    }),
  });
  if (paymentMethod !== "pm_card_chargeDeclined") {
    expect(confirm.status).toBe(200);
    await waitFor(
      () => paymentsOf(applicationId),
      (rows) => rows[0]?.status === "authorized",
      "the authorization webhook",
    );
  }
  return intentId;
}
