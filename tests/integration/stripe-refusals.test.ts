import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { memberships, stripeRefusals } from "@/db/schema";
import { FAKE_STRIPE_PUBLISHABLE_KEY } from "../fakes/stripe";
import type { StripeErrorObject } from "../fakes/stripe-rules";
import { apply, intentFor, paymentsOf, waitFor } from "../support/applicants";
import { arrangeCardMember, stripeCall, syncFakeCatalogue } from "../support/billing";
import { closeTestDb, createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";

// Stripe refusing a call (https://docs.stripe.com/api/errors): a card decline is 402 with Stripe's
// message, any other refusal 502 with Stripe's words; either is one line in the log and one row on the
// admin's list of Stripe refusals (/admin/stripe-refusals), and money Stripe took is recorded whatever
// follows. The fake refuses with Stripe's documented error object (POST /__fake/refusals).

afterAll(closeTestDb);
const stripeUrl = () => process.env.STRIPE_API_BASE_URL!;
afterEach(() => fetch(`${stripeUrl()}/__fake/refusals`, { method: "DELETE" }));

async function refuseNext(method: string, path: string, count: number, error: StripeErrorObject) {
  const response = await fetch(`${stripeUrl()}/__fake/refusals`, {
    method: "POST",
    body: JSON.stringify({ method, path, count, error }),
  });
  expect(response.status).toBe(204);
}
const deliveriesFor = async (objectId: string) =>
  (
    (await (await fetch(`${stripeUrl()}/__fake/deliveries`)).json()) as {
      type: string;
      status: number;
      objectId: string;
    }[]
  ).filter((d) => d.objectId === objectId);
/** The server's log lines that name a Stripe request. */
const logLinesNaming = (requestId: string) =>
  readFileSync(process.env.TEST_SERVER_LOG!, "utf8")
    .split("\n")
    .filter((line) => line.includes(requestId));

let adminCookie: string;
beforeAll(async () => {
  await syncFakeCatalogue();
  adminCookie = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
});

it("records the payment Stripe captured when Stripe refuses to start her monthly billing, answers its webhook 502 with Stripe's words, and lists the refusal", async () => {
  const { id } = await apply({ firstName: "Toni", lastName: "Morrison" });
  const intent = await intentFor(id);
  const intentId = (intent.json.clientSecret as string).split("_secret_")[0]!;
  // Approved before her card is held, so the capture reaches the app by its webhook, as one made in Stripe's Dashboard does.
  const approved = await call(`/api/applications/${id}/status`, {
    method: "PATCH",
    body: { status: "approved" },
    cookie: adminCookie,
  });
  expect(approved.status).toBe(200);
  const confirmed = await fetch(`${stripeUrl()}/v1/payment_intents/${intentId}/confirm`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Bearer ${FAKE_STRIPE_PUBLISHABLE_KEY}`,
    },
    body: new URLSearchParams({
      payment_method: "pm_card_visa",
      client_secret: intent.json.clientSecret,
      return_url: `${process.env.TEST_BASE_URL}/payment-success`,
    }),
  });
  expect(confirmed.status).toBe(200);
  await waitFor(
    () => paymentsOf(id),
    (rows) => rows[0]?.status === "authorized",
    "the hold",
  );

  // Every delivery (the first and the fake's three retries) meets the refusal.
  const refusal = {
    type: "invalid_request_error",
    code: "resource_missing",
    param: "default_payment_method",
    message: "The customer does not have a payment method with the ID pm_card_visa.",
  } as const;
  await refuseNext("POST", "/v1/subscriptions", 4, refusal);
  expect((await stripeCall(`/v1/payment_intents/${intentId}/capture`)).status).toBe(200);
  const deliveries = await waitFor(
    async () => (await deliveriesFor(intentId)).filter((d) => d.type === "payment_intent.succeeded"),
    (list) => list.length === 4,
    "Stripe's four deliveries of the capture",
  );
  expect(deliveries.map((d) => d.status)).toEqual([502, 502, 502, 502]);

  // The money is recorded: the payment is completed and can be refunded.
  const [payment] = await paymentsOf(id);
  expect(payment!.status).toBe("completed");
  expect(await testDb().select().from(memberships).where(eq(memberships.applicationId, id))).toEqual([]);
  const refunded = await call(`/api/payment-transactions/${payment!.id}/refund`, {
    body: { amount: 1000, reason: "Goodwill" },
    cookie: adminCookie,
  });
  expect(refunded.status).toBe(201);

  // Each refusal is a row of the admin's list, with the call, the member, Stripe's words and the request id.
  const rows = await testDb().select().from(stripeRefusals).where(eq(stripeRefusals.applicationId, id));
  expect(rows).toHaveLength(4);
  expect(rows[0]).toMatchObject({
    method: "POST",
    path: "/v1/subscriptions",
    httpStatus: 400,
    type: "invalid_request_error",
    code: "resource_missing",
    declineCode: null,
    message: refusal.message,
    answeredStatus: 502,
  });
  expect(rows[0]!.requestId).toMatch(/^req_/);
  const page = await call("/admin/stripe-refusals", { cookie: adminCookie });
  expect(page.status).toBe(200);
  for (const text of ["POST /v1/subscriptions", "Toni Morrison", refusal.message, rows[0]!.requestId!])
    expect(page.text).toContain(text);
  // One line in the log for each, naming the call and Stripe's words; never the error object.
  for (const row of rows) {
    // The server's output reaches the log file as it is written: wait for the line.
    const lines = await waitFor(
      async () => logLinesNaming(row.requestId!),
      (found) => found.length > 0,
      `the log line of ${row.requestId}`,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`POST /v1/subscriptions`);
    expect(lines[0]).toContain(refusal.message);
  }
});

it("answers a member's call Stripe refuses 502 with Stripe's words, a decline 402 with the card's, and lists both with her name", async () => {
  const { user } = await arrangeCardMember("create");
  const memberCookie = await signIn(user.username, TEST_PASSWORD);
  const outage = "This subscription cannot be read: the account's API key was rolled.";
  await refuseNext("GET", "/v1/subscriptions/", 1, { type: "invalid_request_error", message: outage });
  const preview = await call(`/api/users/${user.id}/billing/preview`, { body: { tier: "play" }, cookie: memberCookie });
  expect([preview.status, preview.json.error]).toEqual([
    502,
    `The upgrade could not be previewed: Stripe refused the request: ${outage}`,
  ]);

  const fresh = await call(`/api/users/${user.id}/billing/preview`, { body: { tier: "play" }, cookie: memberCookie });
  expect(fresh.status).toBe(200);
  await refuseNext("POST", "/v1/subscriptions/", 1, {
    type: "card_error",
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  });
  const upgrade = await call(`/api/users/${user.id}/billing/tier`, {
    body: { tier: "play", prorationDate: fresh.json.prorationDate },
    cookie: memberCookie,
  });
  expect([upgrade.status, upgrade.json.error]).toEqual([402, "Your card has insufficient funds."]);

  const rows = await testDb().select().from(stripeRefusals).where(eq(stripeRefusals.userId, user.id));
  expect(rows.map((r) => [r.method, r.path.replace(/sub_\w+/, "sub_…"), r.declineCode, r.answeredStatus])).toEqual(
    expect.arrayContaining([
      ["GET", "/v1/subscriptions/sub_…", null, 502],
      ["POST", "/v1/subscriptions/sub_…", "insufficient_funds", 402],
    ]),
  );
  const page = await call("/admin/stripe-refusals", { cookie: adminCookie });
  for (const text of [`${user.firstName} ${user.lastName}`, outage, "insufficient_funds"])
    expect(page.text).toContain(text);
});
