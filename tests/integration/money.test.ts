import { randomUUID } from "node:crypto";
import { addMonths } from "date-fns";
import { and, eq } from "drizzle-orm";
import { auditLog, emailOutbox, memberships, stripeEvents } from "@/db/schema";
import { FAKE_STRIPE_WEBHOOK_SECRET, signWebhookPayload, stripeEvent } from "../fakes/stripe";
import { apply, payAndWaitForHold, paymentsOf, waitFor } from "../support/applicants";
import {
  advanceClock,
  cardMember,
  fakeBilling,
  membershipOf,
  stripeCall,
  syncFakeCatalogue,
  transactionsOf,
} from "../support/billing";
import { closeTestDb, createTestUser, latestEmailTo, linkIn, testDb, TEST_PASSWORD } from "../support/db";
import { call, sessionCookieFrom, signIn } from "../support/http";

// Membership money against the strict fake Stripe: what live Stripe
// refuses or shapes differently, seen through the app.

afterAll(closeTestDb);
const stripeUrl = () => process.env.STRIPE_API_BASE_URL!;
const fakeControl = (path: string, method: string, body?: object) =>
  fetch(`${stripeUrl()}/__fake/${path}`, { method, body: body ? JSON.stringify(body) : undefined });
const stripeRequests = async () =>
  (await (await fetch(`${stripeUrl()}/__fake/requests`)).json()) as {
    method: string;
    path: string;
    params: Record<string, unknown>;
    status: number;
  }[];
const deliveries = async () =>
  (await (await fetch(`${stripeUrl()}/__fake/deliveries`)).json()) as {
    id: string;
    type: string;
    status: number;
    apiVersion: string;
  }[];

let adminCookie: string;
beforeAll(async () => {
  await syncFakeCatalogue();
  adminCookie = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
});
afterEach(async () => {
  await fakeControl("mangle", "DELETE");
  await fakeControl("webhook-version", "DELETE");
});

async function approvedUnpaid() {
  const { id, email } = await apply();
  expect(
    (
      await call(`/api/applications/${id}/status`, {
        method: "PATCH",
        body: { status: "approved" },
        cookie: adminCookie,
      })
    ).status,
  ).toBe(200);
  return { id, email };
}

describe("the admin's Process Payment, confirmed on the server", () => {
  it("rules out redirects, so Stripe takes the card, and the admin sees its real outcome", async () => {
    const { id } = await approvedUnpaid();
    const answer = await call(`/api/applications/${id}/process-payment`, {
      body: { paymentMethodId: "pm_card_visa" },
      cookie: adminCookie,
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ status: "completed", amount: 5000, paymentMethod: "card" });
    const sent = (await stripeRequests()).filter(
      (r) =>
        r.method === "POST" &&
        r.path === "/v1/payment_intents" &&
        (r.params.metadata as { applicationId?: string })?.applicationId === String(id),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params).toMatchObject({
      confirm: "true",
      automatic_payment_methods: { enabled: "true", allow_redirects: "never" },
    });
    expect(sent[0]!.params.payment_method_types).toBeUndefined();
  });

  it("answers a declined card 402 with the card's reason, and Stripe refusing the request 502 as Stripe's refusal, never as a decline", async () => {
    const { id } = await approvedUnpaid();
    const declined = await call(`/api/applications/${id}/process-payment`, {
      body: { paymentMethodId: "pm_card_chargeDeclined" },
      cookie: adminCookie,
    });
    expect([declined.status, declined.json.error]).toEqual([402, "Your card was declined."]);
    const refused = await call(`/api/applications/${id}/process-payment`, {
      body: { paymentMethodId: "pm_unknown_method" },
      cookie: adminCookie,
    });
    expect(refused.status).toBe(502);
    expect(refused.json.error).toBe(
      "The payment was not processed: Stripe refused the request: No such PaymentMethod: 'pm_unknown_method'",
    );
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(["failed"]);
  });

  it("says a card that asks her to authenticate (3-D Secure) needs her, and holds nothing", async () => {
    const { id } = await approvedUnpaid();
    const answer = await call(`/api/applications/${id}/process-payment`, {
      body: { paymentMethodId: "pm_card_threeDSecure2Required" },
      cookie: adminCookie,
    });
    expect(answer.status).toBe(402);
    expect(answer.json.error).toMatch(/^Her card asks its holder to confirm the payment \(3-D Secure\)/);
    const [row] = await paymentsOf(id);
    // Failed, as recorded; or canceled, when Stripe's event of the cancel came after the row was committed
    // (payment_intent.canceled moves a failed payment, as it would one abandoned on the payment page).
    // Either way nothing was charged or held, and the row says why.
    expect(["failed", "canceled"]).toContain(row!.status);
    expect(row!.notes).toMatch(/^Her card asks its holder to confirm the payment \(3-D Secure\)/);
    expect(row!.completedAt).toBeNull();
    const intents = (await (await fetch(`${stripeUrl()}/__fake/intents`)).json()) as { id: string; status: string }[];
    expect(intents.find((i) => i.id === row!.stripePaymentIntentId)!.status).toBe("canceled");
  });
});

describe("refunds", () => {
  it("rejecting an application whose refund then fails leaves the payment completed, never refunded", async () => {
    const { id, email } = await apply();
    const intentId = await payAndWaitForHold(id, "pm_card_refundFail");
    // Captured in Stripe's Dashboard while the application is still pending.
    expect((await stripeCall(`/v1/payment_intents/${intentId}/capture`)).status).toBe(200);
    await waitFor(
      () => paymentsOf(id),
      (rows) => rows[0]?.status === "completed",
      "the capture webhook",
    );

    const rejected = await call(`/api/applications/${id}/status`, {
      method: "PATCH",
      body: { status: "rejected" },
      cookie: adminCookie,
    });
    expect(rejected.status).toBe(200);
    expect((await latestEmailTo(email))!.text).toContain("We have refunded your payment in full");
    // Stripe's test card 4000 0000 0000 5126: the refund succeeds, then fails, and Stripe says so.
    const rows = await waitFor(
      () => paymentsOf(id),
      (r) => r.some((p) => p.kind === "refund" && p.status === "failed"),
      "the failed refund",
    );
    expect(rows.find((p) => p.kind === "payment")).toMatchObject({ status: "completed" });
    expect(rows.filter((p) => p.kind === "refund")).toEqual([
      expect.objectContaining({ status: "failed", amount: 5000 }),
    ]);
    // So it can be refunded again from its transaction page.
    const detail = await call(`/admin/payment-transactions/${rows.find((p) => p.kind === "payment")!.id}`, {
      cookie: adminCookie,
    });
    expect(detail.text).toContain("Issue Refund");
  });

  it("records a refund made in Stripe's Dashboard, and the payment is refunded once the refunds cover it", async () => {
    const member = await cardMember(adminCookie, "create");
    const [payment] = (await transactionsOf(member.userId)).filter((t) => t.kind === "payment");
    expect(
      (await stripeCall("/v1/refunds", { payment_intent: payment!.stripePaymentIntentId!, amount: "1500" })).status,
    ).toBe(200);
    await waitFor(
      () => transactionsOf(member.userId),
      (rows) => rows.some((r) => r.kind === "refund" && r.amount === 1500),
      "the Dashboard refund",
    );
    expect((await transactionsOf(member.userId)).find((r) => r.id === payment!.id)!.status).toBe("completed");
    const rest = await call(`/api/payment-transactions/${payment!.id}/refund`, {
      body: { reason: "The rest" },
      cookie: adminCookie,
    });
    expect([rest.status, rest.json.amount]).toEqual([201, 3500]);
    expect((await transactionsOf(member.userId)).find((r) => r.id === payment!.id)!.status).toBe("refunded");
    const refunds = (await transactionsOf(member.userId)).filter((r) => r.kind === "refund");
    expect(refunds.map((r) => [r.amount, r.notes]).sort()).toEqual([
      [1500, "Refunded in Stripe."],
      [3500, "The rest"],
    ]);
  });
});

describe("bank transfers", () => {
  it("recording her transfer moves her paid period forward a month, with a receipt and an audit entry", async () => {
    const { id, email } = await apply({ membershipTier: "connect" });
    await call(`/api/applications/${id}/manual-payment`, { body: { notes: "Transfer 1" }, cookie: adminCookie });
    await call(`/api/applications/${id}/status`, {
      method: "PATCH",
      body: { status: "approved" },
      cookie: adminCookie,
    });
    const token = new URL(linkIn((await latestEmailTo(email))!.text, "/join/")).pathname.split("/").pop()!;
    const joined = await call("/api/invitations/accept", {
      body: {
        token,
        username: `bt_${randomUUID().slice(0, 8)}`,
        password: "a-long-password-1",
        confirmPassword: "a-long-password-1",
      },
    });
    expect(joined.status).toBe(201);
    const cookie = sessionCookieFrom(joined)!;
    const before = (await membershipOf(id))!;
    expect(before).toMatchObject({ billingMethod: "manual", status: "active" });

    expect(
      (await call(`/api/users/${before.userId}/billing/bank-transfer`, { body: { notes: "Transfer 2" }, cookie }))
        .status,
    ).toBe(403);
    expect(
      (await call(`/api/users/${before.userId}/billing/bank-transfer`, { body: { notes: "" }, cookie: adminCookie }))
        .status,
    ).toBe(400);
    const recorded = await call(`/api/users/${before.userId}/billing/bank-transfer`, {
      body: { notes: "Transfer 2" },
      cookie: adminCookie,
    });
    expect(recorded.status).toBe(201);
    const after = (await membershipOf(id))!;
    expect(after.currentPeriodStart!.getTime()).toBe(before.currentPeriodEnd!.getTime());
    expect(after.currentPeriodEnd!.getTime()).toBe(addMonths(before.currentPeriodEnd!, 1).getTime());
    expect(new Date(recorded.json.currentPeriodEnd).getTime()).toBe(after.currentPeriodEnd!.getTime());
    const [renewal] = (await transactionsOf(before.userId!)).filter((t) => t.kind === "renewal");
    expect(renewal).toMatchObject({
      amount: 3000,
      paymentMethod: "manual",
      status: "completed",
      membershipTier: "connect",
      notes: "Transfer 2",
    });
    expect((await latestEmailTo(email))?.kind).toBe("payment-receipt");
    const [entry] = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "billing.bank_transfer_recorded"), eq(auditLog.entityId, String(after.id))));
    expect(entry!.details).toMatchObject({ userId: before.userId, amount: 3000, notes: "Transfer 2" });
    // Her next reminder is for the new period's end.
    const overview = await call(`/api/users/${before.userId}/billing`, { cookie });
    expect(overview.json.membership.nextCharge).toMatchObject({
      date: after.currentPeriodEnd!.toISOString(),
      byCard: false,
    });
  });

  it("refuses a card membership: Stripe renews those", async () => {
    const member = await cardMember(adminCookie, "create");
    const refused = await call(`/api/users/${member.userId}/billing/bank-transfer`, {
      body: { notes: "Transfer" },
      cookie: adminCookie,
    });
    expect(refused.status).toBe(409);
  });
});

describe("Stripe objects of an unexpected shape", () => {
  it("answers 502 naming the object and field, and sends Stripe nothing built from it", async () => {
    const member = await cardMember(adminCookie, "create");
    const subscription = member.membership.stripeSubscriptionId!;
    await fakeControl("mangle", "POST", { id: subscription, drop: "items.data.0.current_period_start" });
    const previews = async () =>
      (await stripeRequests()).filter((r) => r.path === "/v1/invoices/create_preview").length;
    const before = await previews();
    const preview = await call(`/api/users/${member.userId}/billing/preview`, {
      body: { tier: "play" },
      cookie: member.cookie,
    });
    expect(preview.status).toBe(502);
    expect(preview.json.error).toBe(
      `Stripe sent a subscription ${subscription} this app cannot read: items.data.0.current_period_start is missing.`,
    );
    expect(await previews()).toBe(before);
    for (const path of ["cancel", "tier"]) {
      const answer = await call(`/api/users/${member.userId}/billing/${path}`, {
        body: path === "tier" ? { tier: "connect" } : undefined,
        method: "POST",
        cookie: adminCookie,
      });
      expect(answer.status).toBe(502);
    }
    expect((await membershipOf(member.applicationId))!.currentPeriodEnd).toEqual(member.membership.currentPeriodEnd);
  });

  it("answers Stripe's webhook non-2xx so it retries, lists the event on /admin, and applies it once the object reads", async () => {
    const member = await cardMember(adminCookie, "create");
    const subscription = member.membership.stripeSubscriptionId!;
    await fakeControl("mangle", "POST", { id: subscription, drop: "items.data.0.current_period_end" });
    const sub = (await fakeBilling()).subscriptions.find((s) => s.id === subscription)!;
    const event = stripeEvent("customer.subscription.updated", sub);
    const payload = JSON.stringify(event);
    const post = () =>
      fetch(`${process.env.TEST_BASE_URL}/api/stripe/webhook`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "stripe-signature": signWebhookPayload(payload, FAKE_STRIPE_WEBHOOK_SECRET),
        },
        body: payload,
      });
    const refused = await post();
    expect(refused.status).toBe(502);
    expect((await refused.json()).error).toContain("items.data.0.current_period_end is missing");
    expect(await testDb().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
    expect((await call("/admin", { cookie: adminCookie })).text).toContain(event.id);

    await fakeControl("mangle", "DELETE");
    expect((await post()).status).toBe(200);
    expect(await testDb().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(1);
    expect((await call("/admin", { cookie: adminCookie })).text).not.toContain(event.id);
  });
});

describe("webhook events in another API version's shapes", () => {
  it("refuses a renewal sent by an endpoint at the account's older default version instead of dropping it", async () => {
    const member = await cardMember(adminCookie, "create");
    // The endpoint was made in the Dashboard without a version: Stripe sends the account's default.
    await fakeControl("webhook-version", "POST", { apiVersion: "2024-06-20" });
    await advanceClock(member.clock, new Date(member.membership.currentPeriodEnd!.getTime() + 3600_000));
    const invoice = (await fakeBilling()).invoices.find(
      (i) =>
        i.billing_reason === "subscription_cycle" &&
        i.parent.subscription_details.subscription === member.membership.stripeSubscriptionId,
    )!;
    const refused = await waitFor(
      deliveries,
      (all) => all.some((d) => d.type === "invoice.paid" && d.apiVersion === "2024-06-20" && d.status === 400),
      "the refused invoice.paid",
    );
    expect(
      refused.filter((d) => d.type === "invoice.paid" && d.apiVersion === "2024-06-20").every((d) => d.status === 400),
    ).toBe(true);
    expect((await transactionsOf(member.userId)).some((t) => t.stripeInvoiceId === invoice.id)).toBe(false);
    const admin = await call("/admin", { cookie: adminCookie });
    expect(admin.text).toContain("Stripe events refused");
    expect(admin.text).toMatch(/invoice\.paid.*at API version 2024-06-20/s);
    expect(
      await testDb()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, member.email), eq(emailOutbox.kind, "billing-payment-failed"))),
    ).toHaveLength(0);
    // The membership still reads as before the renewal: nothing was applied from an object it could misread.
    expect(
      (await testDb().select().from(memberships).where(eq(memberships.id, member.membership.id)))[0]!.currentPeriodEnd,
    ).toEqual(member.membership.currentPeriodEnd);
  });
});

describe("subscriptions are created in classic billing mode", () => {
  it("names the billing mode on every subscription it starts", async () => {
    const member = await cardMember(adminCookie, "create");
    const sent = (await stripeRequests()).filter(
      (r) =>
        r.method === "POST" &&
        r.path === "/v1/subscriptions" &&
        (r.params.metadata as { applicationId?: string })?.applicationId === String(member.applicationId),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params.billing_mode).toEqual({ type: "classic" });
    expect(
      (await fakeBilling()).subscriptions.find((s) => s.id === member.membership.stripeSubscriptionId)!.billing_mode
        .type,
    ).toBe("classic");
  });
});

describe("payment links", () => {
  it("an admin emails a pending applicant a fresh link, refused once she has paid", async () => {
    const { id, email } = await apply();
    const sent = await call(`/api/applications/${id}/payment-link`, { method: "POST", cookie: adminCookie });
    expect(sent.json).toEqual({ sentTo: email });
    const mail = await latestEmailTo(email);
    expect(mail).toMatchObject({
      kind: "application-payment-link",
      subject: "Complete your payment for Womxn Community",
    });
    expect(linkIn(mail!.text, "/payment/")).toMatch(/\/payment\/[A-Za-z0-9_-]{43}$/);
    await payAndWaitForHold(id);
    const again = await call(`/api/applications/${id}/payment-link`, { method: "POST", cookie: adminCookie });
    expect([again.status, again.json.error]).toEqual([409, "This application has already been paid for."]);
  });
});
