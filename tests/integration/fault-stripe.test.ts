import { eq } from "drizzle-orm";
import { paymentTransactions } from "@/db/schema";
import { PAYMENTS_UNAVAILABLE_MESSAGE } from "@/lib/stripe-errors";
import { apply, paymentsOf } from "../support/applicants";
import { closeTestDb, testDb } from "../support/db";
import { call, randomIp } from "../support/http";

// Issue 17, item 5: Stripe answering 500. The fake (tests/fakes/stripe.ts) answers injected faults
// with Stripe's api_error and, as Stripe does, replays a saved 500 for its idempotency key
// (https://docs.stripe.com/api/idempotent_requests); the Stripe client retries twice itself.

afterAll(closeTestDb);
afterEach(() => fetch(`${process.env.STRIPE_API_BASE_URL}/__fake/faults`, { method: "DELETE" }));

async function injectFault(method: string, path: string, count: number) {
  const response = await fetch(`${process.env.STRIPE_API_BASE_URL}/__fake/faults`, { method: "POST", body: JSON.stringify({ method, path, count }) });
  expect(response.status).toBe(204);
}

const createIntent = (applicationId: number) =>
  call("/api/create-payment-intent", { body: { applicationId, tier: "create" }, headers: { "x-forwarded-for": randomIp() } });

it("tells an applicant clearly when Stripe fails, records nothing, and lets her pay once it answers", async () => {
  const { id } = await apply({ membershipTier: "create" });
  await injectFault("POST", "/v1/payment_intents", 1);

  const failed = await createIntent(id);
  expect(failed.status).toBe(503);
  expect(failed.json).toEqual({ error: PAYMENTS_UNAVAILABLE_MESSAGE });
  expect(failed.headers.get("retry-after")).toBe("60");
  expect(await paymentsOf(id)).toEqual([]);

  const paid = await createIntent(id);
  expect(paid.status).toBe(200);
  expect(paid.json.clientSecret).toMatch(/^pi_.+_secret_/);
  const rows = await testDb().select().from(paymentTransactions).where(eq(paymentTransactions.applicationId, id));
  expect(rows.map((r) => [r.status, r.amount])).toEqual([["pending", 5000]]);
  expect((await createIntent(id)).json.clientSecret).toBe(paid.json.clientSecret);
});
