import { and, eq } from "drizzle-orm";
import { paymentTransactions, stripeRequests } from "@/db/schema";
import { PAYMENTS_UNAVAILABLE_MESSAGE } from "@/lib/stripe-errors";
import { apply, intentFor, payAndWaitForHold, paymentsOf } from "../support/applicants";
import { closeTestDb, createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";

// Stripe answering 500. The fake (tests/fakes/stripe.ts)
// answers injected faults with Stripe's api_error and, as Stripe does, replays a saved 500 for its
// idempotency key for 24 hours (https://docs.stripe.com/api/idempotent_requests); the Stripe client
// retries twice itself, with the same key. A key names one attempt, so trying again after the outage
// is a new request, not the replay of the outage.

afterAll(closeTestDb);
afterEach(() => fetch(`${process.env.STRIPE_API_BASE_URL}/__fake/faults`, { method: "DELETE" }));

let adminCookie: string;
beforeAll(async () => {
  adminCookie = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
});

async function injectFault(method: string, path: string, count: number) {
  const response = await fetch(`${process.env.STRIPE_API_BASE_URL}/__fake/faults`, {
    method: "POST",
    body: JSON.stringify({ method, path, count }),
  });
  expect(response.status).toBe(204);
}

it("tells an applicant clearly when Stripe fails, records nothing, and lets her pay once it answers", async () => {
  const { id } = await apply({ membershipTier: "create" });
  await injectFault("POST", "/v1/payment_intents", 1);

  const failed = await intentFor(id);
  expect(failed.status).toBe(503);
  expect(failed.json).toEqual({ error: PAYMENTS_UNAVAILABLE_MESSAGE });
  expect(failed.headers.get("retry-after")).toBe("60");
  expect(await paymentsOf(id)).toEqual([]);

  const paid = await intentFor(id);
  expect(paid.status).toBe(200);
  expect(paid.json.clientSecret).toMatch(/^pi_.+_secret_/);
  const rows = await testDb().select().from(paymentTransactions).where(eq(paymentTransactions.applicationId, id));
  expect(rows.map((r) => [r.status, r.amount])).toEqual([["pending", 5000]]);
  expect((await intentFor(id)).json.clientSecret).toBe(paid.json.clientSecret);
});

it("approves once Stripe answers again after an outage during the capture: the retry is a new attempt, not the replayed 500", async () => {
  const { id } = await apply();
  await payAndWaitForHold(id);
  // The first approval's capture fails; the client's two retries of it are answered the saved 500.
  await injectFault("POST", "/v1/payment_intents/", 1);
  const failed = await call(`/api/applications/${id}/status`, {
    method: "PATCH",
    body: { status: "approved" },
    cookie: adminCookie,
  });
  expect(failed.status).toBe(503);
  expect((await paymentsOf(id))[0]!.status).toBe("authorized");

  const approved = await call(`/api/applications/${id}/status`, {
    method: "PATCH",
    body: { status: "approved" },
    cookie: adminCookie,
  });
  expect(approved.status).toBe(200);
  expect((await paymentsOf(id))[0]!.status).toBe("completed");
  const [payment] = await paymentsOf(id);
  const attempts = await testDb()
    .select()
    .from(stripeRequests)
    .where(and(eq(stripeRequests.operation, "capture"), eq(stripeRequests.subject, `payment-${payment!.id}`)));
  expect(attempts).toEqual([
    expect.objectContaining({
      outcome: "succeeded",
      stripeId: payment!.stripePaymentIntentId,
      idempotencyKey: `capture-payment-${payment!.id}-attempt-${attempts[0]!.id}`,
    }),
  ]);
});

it("refunds once Stripe answers again after an outage during a refund, and never twice", async () => {
  const { id } = await apply();
  await payAndWaitForHold(id);
  await call(`/api/applications/${id}/status`, { method: "PATCH", body: { status: "approved" }, cookie: adminCookie });
  const [payment] = await paymentsOf(id);
  await injectFault("POST", "/v1/refunds", 1);
  const failed = await call(`/api/payment-transactions/${payment!.id}/refund`, {
    body: { amount: 1000, reason: "Goodwill" },
    cookie: adminCookie,
  });
  expect(failed.status).toBe(503);
  expect((await paymentsOf(id)).filter((p) => p.kind === "refund")).toEqual([]);

  const refunded = await call(`/api/payment-transactions/${payment!.id}/refund`, {
    body: { amount: 1000, reason: "Goodwill" },
    cookie: adminCookie,
  });
  expect(refunded.status).toBe(201);
  expect(refunded.json).toMatchObject({ kind: "refund", amount: 1000, status: "completed" });
  const intents = (await (await fetch(`${process.env.STRIPE_API_BASE_URL}/__fake/intents`)).json()) as {
    id: string;
    amount_refunded: number;
  }[];
  expect(intents.find((i) => i.id === payment!.stripePaymentIntentId)!.amount_refunded).toBe(1000);
});
