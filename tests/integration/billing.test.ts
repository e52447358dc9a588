import { addMonths } from "date-fns";
import { and, eq } from "drizzle-orm";
import { auditLog, emailOutbox, memberships, paymentTransactions } from "@/db/schema";
import {
  FAKE_STRIPE_PUBLISHABLE_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  signWebhookPayload,
  stripeEvent,
} from "../fakes/stripe";
import { waitFor } from "../support/applicants";
import {
  advanceClock,
  cardMember as cardMemberOf,
  fakeBilling,
  membershipOf,
  stripeCall,
  syncFakeCatalogue,
  transactionsOf,
} from "../support/billing";
import { closeTestDb, createTestUser, latestEmailTo, testDb, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";

// Recurring billing against the fake Stripe API (tests/fakes/stripe-billing.ts), whose
// shapes follow Stripe's API reference: subscriptions https://docs.stripe.com/api/subscriptions/object,
// invoices https://docs.stripe.com/api/invoices/object, the preview
// https://docs.stripe.com/api/invoices/create_preview, SetupIntents
// https://docs.stripe.com/api/setup_intents and test clocks https://docs.stripe.com/billing/testing/test-clocks.
// Time moves as Stripe's test clocks move it: each member's customer is created on a clock of its own.

afterAll(closeTestDb);

const DAY = 86_400;

let adminCookie: string;
beforeAll(async () => {
  await syncFakeCatalogue();
  const admin = await createTestUser({ isAdmin: true });
  adminCookie = await signIn(admin.username, TEST_PASSWORD);
});

const cardMember = (tier = "create") => cardMemberOf(adminCookie, tier);

/** Replaces her card as the Payment Element would: a SetupIntent confirmed with the publishable key. */
async function replaceCard(member: { userId: number; cookie: string }, paymentMethod: string) {
  const setup = await call(`/api/users/${member.userId}/billing/setup-intent`, {
    method: "POST",
    cookie: member.cookie,
  });
  expect(setup.status).toBe(200);
  const setupId = (setup.json.clientSecret as string).split("_secret_")[0]!;
  const confirmed = await stripeCall(
    `/v1/setup_intents/${setupId}/confirm`,
    {
      payment_method: paymentMethod,
      client_secret: setup.json.clientSecret,
      return_url: `${process.env.TEST_BASE_URL}/profile?tab=billing`,
    },
    "POST",
    FAKE_STRIPE_PUBLISHABLE_KEY,
  );
  expect(confirmed.status).toBe(200);
  return call(`/api/users/${member.userId}/billing/payment-method`, {
    body: { setupIntentId: setupId },
    cookie: member.cookie,
  });
}

const levelOf = async (cookie: string) =>
  (await call("/api/auth/me", { cookie })).json.membershipLevel as string | null;
const emailsOf = (to: string, kind: string) =>
  testDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));

describe("subscriptions", () => {
  it("starts the subscription at the first capture, its first renewal a month later, and a renewal is a transaction row", async () => {
    const member = await cardMember("create");
    const [first] = (await transactionsOf(member.userId)).filter((t) => t.kind === "payment");
    const firstRenewal = addMonths(first!.completedAt!, 1);
    expect(member.membership).toMatchObject({ tier: "create", status: "active", billingMethod: "card" });
    expect(member.membership.currentPeriodEnd!.getTime()).toBe(Math.floor(firstRenewal.getTime() / 1000) * 1000);
    const sub = (await fakeBilling()).subscriptions.find((s) => s.id === member.membership.stripeSubscriptionId)!;
    expect(sub).toMatchObject({
      status: "active",
      customer: member.customer,
      default_payment_method: "pm_card_visa",
      billing_cycle_anchor: Math.floor(firstRenewal.getTime() / 1000),
    });
    expect(sub.items.data[0]!.price.unit_amount).toBe(5000);

    const overview = await call(`/api/users/${member.userId}/billing`, { cookie: member.cookie });
    expect(overview.status).toBe(200);
    expect(overview.json.membership).toMatchObject({
      tier: "create",
      status: "active",
      nextCharge: { amount: 5000 },
      card: "Visa ending in 4242",
      canCancel: false,
    });
    expect(
      (
        await call(`/api/users/${member.userId}/billing`, {
          cookie: await signIn((await createTestUser()).username, TEST_PASSWORD),
        })
      ).status,
    ).toBe(403);

    await advanceClock(member.clock, new Date(firstRenewal.getTime() + 3600_000));
    const [renewal] = await waitFor(
      () => transactionsOf(member.userId),
      (rows) => rows[0]?.kind === "renewal" && rows[0].status === "completed",
      "the renewal webhook",
    );
    expect(renewal).toMatchObject({
      amount: 5000,
      paymentMethod: "card",
      membershipTier: "create",
      applicationId: member.applicationId,
    });
    expect(renewal!.stripeInvoiceId).toMatch(/^in_/);
    expect(renewal!.stripePaymentIntentId).toMatch(/^pi_/);
    const after = await waitFor(
      () => membershipOf(member.applicationId),
      (m) => m!.currentPeriodEnd!.getTime() > firstRenewal.getTime(),
      "the next period",
    );
    expect(after!.currentPeriodEnd!.getTime()).toBe(Math.floor(addMonths(firstRenewal, 1).getTime() / 1000) * 1000);
  });
});

describe("tier changes", () => {
  it("upgrades at once in her first month, charging exactly Stripe's preview with the credit for her unused time, and her level follows", async () => {
    const member = await cardMember("create");
    // Classic billing mode: her first month was paid by a PaymentIntent of its own, so
    // in flexible mode the subscription would credit nothing for the unused time of it.
    const sub = (await fakeBilling()).subscriptions.find((s) => s.id === member.membership.stripeSubscriptionId)!;
    expect(sub.billing_mode.type).toBe("classic");
    const preview = await call(`/api/users/${member.userId}/billing/preview`, {
      body: { tier: "play" },
      cookie: member.cookie,
    });
    expect(preview.status).toBe(200);
    const { current_period_start: start, current_period_end: end } = sub.items.data[0]!;
    const unused = (end - preview.json.prorationDate) / (end - start);
    expect(preview.json.lines.map((l: { amount: number }) => l.amount)).toEqual([
      -Math.round(5000 * unused),
      Math.round(7500 * unused),
    ]);
    expect(preview.json.amountDue).toBe(Math.round(7500 * unused) - Math.round(5000 * unused));
    expect(preview.json.amountDue).toBeLessThanOrEqual(2500);
    const stale = await call(`/api/users/${member.userId}/billing/tier`, {
      body: { tier: "play", prorationDate: preview.json.prorationDate - 3600 },
      cookie: member.cookie,
    });
    expect(stale.status).toBe(400);

    const upgraded = await call(`/api/users/${member.userId}/billing/tier`, {
      body: { tier: "play", prorationDate: preview.json.prorationDate },
      cookie: member.cookie,
    });
    expect(upgraded.status).toBe(200);
    expect(upgraded.json).toMatchObject({ tier: "play", charged: preview.json.amountDue, effective: "now" });
    const invoice = (await fakeBilling()).invoices.find(
      (i) =>
        i.billing_reason === "subscription_update" &&
        i.parent.subscription_details.subscription === member.membership.stripeSubscriptionId,
    )!;
    expect(invoice.amount_paid).toBe(preview.json.amountDue);
    const [row] = await waitFor(
      () => transactionsOf(member.userId),
      (rows) => rows[0]?.kind === "upgrade",
      "the upgrade invoice webhook",
    );
    expect(row).toMatchObject({
      amount: preview.json.amountDue,
      status: "completed",
      membershipTier: "play",
      stripeInvoiceId: invoice.id,
    });
    expect(await levelOf(member.cookie)).toBe("play");
    expect((await latestEmailTo(member.email))?.kind).toBe("billing-upgraded");
    expect(
      await testDb()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "billing.upgraded"), eq(auditLog.entityId, String(member.membership.id)))),
    ).toHaveLength(1);
  });

  it("downgrades at the end of the period, can be undone, and cancels at period end once the term is served", async () => {
    const member = await cardMember("create");
    const down = await call(`/api/users/${member.userId}/billing/tier`, {
      body: { tier: "connect" },
      cookie: member.cookie,
    });
    expect(down.status).toBe(200);
    expect(down.json.effective).toBe("period_end");
    expect(await membershipOf(member.applicationId)).toMatchObject({ tier: "create", scheduledTier: "connect" });
    expect(await levelOf(member.cookie)).toBe("create");
    expect((await latestEmailTo(member.email))?.kind).toBe("billing-downgrade-scheduled");
    expect(
      (await call(`/api/users/${member.userId}/billing/resume`, { method: "POST", cookie: member.cookie })).status,
    ).toBe(200);
    expect(await membershipOf(member.applicationId)).toMatchObject({ tier: "create", scheduledTier: null });
    expect((await latestEmailTo(member.email))?.kind).toBe("billing-change-undone");
    expect(
      (await call(`/api/users/${member.userId}/billing/tier`, { body: { tier: "connect" }, cookie: member.cookie }))
        .status,
    ).toBe(200);
    expect(await membershipOf(member.applicationId)).toMatchObject({ tier: "create", scheduledTier: "connect" });

    const early = await call(`/api/users/${member.userId}/billing/cancel`, { method: "POST", cookie: member.cookie });
    expect(early.status).toBe(409);
    expect(early.json.error).toMatch(/^Your membership term runs until .+\. You can cancel from .+\.$/);

    const periodEnd = member.membership.currentPeriodEnd!;
    await advanceClock(member.clock, new Date(periodEnd.getTime() + 3600_000));
    const [renewal] = await waitFor(
      () => transactionsOf(member.userId),
      (rows) => rows[0]?.kind === "renewal" && rows[0].status === "completed",
      "the renewal at the lower price",
    );
    expect(renewal).toMatchObject({ amount: 3000, membershipTier: "connect" });
    await waitFor(
      () => membershipOf(member.applicationId),
      (m) => m?.tier === "connect" && m.scheduledTier === null,
      "the downgrade to take effect",
    );
    expect(await levelOf(member.cookie)).toBe("connect");

    // Connect's term is 3 months from the start: the period ending then may be cancelled.
    await advanceClock(member.clock, new Date(addMonths(periodEnd, 1).getTime() + 7200_000));
    await waitFor(
      () => membershipOf(member.applicationId),
      (m) => m!.currentPeriodEnd!.getTime() >= m!.termEndsAt.getTime(),
      "the last term month",
    );
    const cancel = await call(`/api/users/${member.userId}/billing/cancel`, { method: "POST", cookie: member.cookie });
    expect(cancel.status).toBe(200);
    expect((await latestEmailTo(member.email))?.kind).toBe("billing-cancel-scheduled");
    expect(
      (await call(`/api/users/${member.userId}/billing/resume`, { method: "POST", cookie: member.cookie })).status,
    ).toBe(200);
    expect((await membershipOf(member.applicationId))!.cancelAtPeriodEnd).toBe(false);
    expect(
      (await call(`/api/users/${member.userId}/billing/cancel`, { method: "POST", cookie: member.cookie })).status,
    ).toBe(200);
    expect(await levelOf(member.cookie)).toBe("connect");

    await advanceClock(member.clock, new Date(addMonths(periodEnd, 2).getTime() + 10_800_000));
    await waitFor(
      () => membershipOf(member.applicationId),
      (m) => m?.status === "canceled",
      "the subscription to end",
    );
    expect(await levelOf(member.cookie)).toBeNull();
    expect((await latestEmailTo(member.email))?.kind).toBe("billing-membership-ended");
  });
});

describe("failed renewals", () => {
  it("goes past due, tells her once, ends access after 14 days unpaid, and a new card pays and restores it", async () => {
    const member = await cardMember("empower");
    const saved = await replaceCard(member, "pm_card_chargeCustomerFail");
    expect(saved.status).toBe(200);
    expect(saved.json.card).toBe("Visa ending in 0341");
    const periodEnd = member.membership.currentPeriodEnd!;
    await advanceClock(member.clock, new Date(periodEnd.getTime() + 3600_000));
    // The renewal's failure is recorded from invoice.payment_failed (past due may show first: every
    // event handler reads the subscription's current state).
    const [failed] = await waitFor(
      () => transactionsOf(member.userId),
      (rows) => rows[0]?.kind === "renewal",
      "the failed renewal",
    );
    const failing = await waitFor(
      () => membershipOf(member.applicationId),
      (m) => m?.status === "past_due",
      "past due",
    );
    expect(failing!.accessEndsAt!.getTime() - failing!.pastDueSince!.getTime()).toBe(14 * DAY * 1000);
    expect(failed).toMatchObject({ kind: "renewal", status: "failed", amount: 6500 });
    expect(await levelOf(member.cookie)).toBe("empower");

    // Stripe retries 3 days later; it fails again, and she is not told twice.
    await advanceClock(member.clock, new Date(periodEnd.getTime() + 3 * DAY * 1000 + 7200_000));
    await waitFor(
      () => transactionsOf(member.userId),
      (rows) => rows[0]!.notes?.startsWith("Attempt 2") ?? false,
      "the retry",
    );
    expect(await emailsOf(member.email, "billing-payment-failed")).toHaveLength(1);

    // 14 days unpaid (arranged in our records; Stripe keeps retrying on its own schedule).
    const longAgo = new Date(Date.now() - 15 * DAY * 1000);
    await testDb()
      .update(memberships)
      .set({ pastDueSince: longAgo, accessEndsAt: new Date(longAgo.getTime() + 14 * DAY * 1000) })
      .where(eq(memberships.id, member.membership.id));
    expect(await levelOf(member.cookie)).toBeNull();
    expect(
      (await call(`/api/users/${member.userId}/billing`, { cookie: member.cookie })).json.membership.accessEnded,
    ).toBe(true);

    const fixed = await replaceCard(member, "pm_card_visa");
    expect(fixed.status).toBe(200);
    expect(fixed.json.paymentError).toBeNull();
    const rows = await waitFor(
      () => transactionsOf(member.userId),
      (r) => r[0]?.status === "completed",
      "the overdue invoice to be paid",
    );
    expect(await membershipOf(member.applicationId)).toMatchObject({
      status: "active",
      accessEndsAt: null,
      pastDueSince: null,
    });
    expect(rows.filter((r) => r.kind === "renewal")).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "renewal", status: "completed", amount: 6500, failedAt: null });
    expect(await levelOf(member.cookie)).toBe("empower");
    expect((await latestEmailTo(member.email))?.kind).toBe("billing-payment-recovered");
  });
});

describe("webhooks", () => {
  const post = (event: object) => {
    const payload = JSON.stringify(event);
    return fetch(`${process.env.TEST_BASE_URL}/api/stripe/webhook`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": signWebhookPayload(payload, FAKE_STRIPE_WEBHOOK_SECRET),
      },
      body: payload,
    });
  };

  it("applies the same invoice event once, and a stale subscription event never overwrites the current state", async () => {
    const member = await cardMember("create");
    await advanceClock(member.clock, new Date(member.membership.currentPeriodEnd!.getTime() + 3600_000));
    await waitFor(
      () => transactionsOf(member.userId),
      (rows) => rows[0]?.kind === "renewal",
      "the renewal",
    );
    const invoice = (await fakeBilling()).invoices.find(
      (i) =>
        i.billing_reason === "subscription_cycle" &&
        i.parent.subscription_details.subscription === member.membership.stripeSubscriptionId,
    )!;
    const event = stripeEvent("invoice.paid", invoice);
    const before = await transactionsOf(member.userId);
    const first = await post(event);
    expect((await first.json()).result).toBe("processed");
    const second = await post(event);
    expect((await second.json()).result).toBe("duplicate");
    expect(await transactionsOf(member.userId)).toEqual(before);

    // An old "past_due" copy of the subscription arriving late: the handler reads Stripe's current state.
    const sub = (await fakeBilling()).subscriptions.find((s) => s.id === member.membership.stripeSubscriptionId)!;
    const stale = {
      ...stripeEvent("customer.subscription.updated", { ...sub, status: "past_due" }),
      created: Math.floor(Date.now() / 1000) - 86_400,
    };
    expect((await post(stale)).status).toBe(200);
    expect(await membershipOf(member.applicationId)).toMatchObject({ status: "active", pastDueSince: null });
  });
});

describe("admin", () => {
  it("reads a member's billing, refunds a renewal within 14 days and refuses after, changes her tier, all audited", async () => {
    const member = await cardMember("create");
    await advanceClock(member.clock, new Date(member.membership.currentPeriodEnd!.getTime() + 3600_000));
    const [renewal] = await waitFor(
      () => transactionsOf(member.userId),
      (rows) => rows[0]?.kind === "renewal" && rows[0].status === "completed",
      "the renewal",
    );
    const view = await call(`/api/users/${member.userId}/billing`, { cookie: adminCookie });
    expect(view.status).toBe(200);
    expect(view.json.transactions.find((t: { id: number }) => t.id === renewal!.id)).toMatchObject({
      kind: "renewal",
      refundable: true,
    });

    const refund = await call(`/api/payment-transactions/${renewal!.id}/refund`, {
      body: { reason: "Goodwill" },
      cookie: adminCookie,
    });
    expect(refund.status).toBe(201);
    expect(refund.json).toMatchObject({ kind: "refund", amount: 5000, refundOfId: renewal!.id });
    await waitFor(
      () => transactionsOf(member.userId),
      (rows) => rows.find((r) => r.id === renewal!.id)?.status === "refunded",
      "the refund",
    );
    // The charge.refunded webhook found our own refund row and added none.
    expect((await transactionsOf(member.userId)).filter((r) => r.kind === "refund")).toHaveLength(1);

    const [first] = (await transactionsOf(member.userId)).filter((t) => t.kind === "payment");
    await testDb()
      .update(paymentTransactions)
      .set({ completedAt: new Date(Date.now() - 15 * DAY * 1000) })
      .where(eq(paymentTransactions.id, first!.id));
    const late = await call(`/api/payment-transactions/${first!.id}/refund`, {
      body: { reason: "Too late" },
      cookie: adminCookie,
    });
    expect(late.status).toBe(409);
    expect(late.json.error).toBe("The 14-day refund guarantee for this payment has passed.");

    const onBehalf = await call(`/api/users/${member.userId}/billing/tier`, {
      body: { tier: "connect" },
      cookie: adminCookie,
    });
    expect(onBehalf.status).toBe(200);
    const [entry] = await testDb()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "billing.downgrade_scheduled"), eq(auditLog.entityId, String(member.membership.id))),
      );
    expect(entry!.details).toMatchObject({ onBehalf: true, from: "create", to: "connect" });
    // Her card is hers alone to enter.
    expect(
      (await call(`/api/users/${member.userId}/billing/setup-intent`, { method: "POST", cookie: adminCookie })).status,
    ).toBe(403);
    // Admins cancel without waiting for the term.
    expect(
      (await call(`/api/users/${member.userId}/billing/cancel`, { method: "POST", cookie: adminCookie })).status,
    ).toBe(200);
  });
});

describe("Stripe answering 500 while a renewal's webhook is handled", () => {
  afterEach(() => fetch(`${process.env.STRIPE_API_BASE_URL}/__fake/faults`, { method: "DELETE" }));

  it("answers the webhook 5xx, Stripe retries it, and the renewal is applied once", async () => {
    const member = await cardMember("create");
    const [first] = (await transactionsOf(member.userId)).filter((t) => t.kind === "payment");
    // Reading the invoice's payments fails on the first delivery: three calls, the client's retries included.
    const fault = await fetch(`${process.env.STRIPE_API_BASE_URL}/__fake/faults`, {
      method: "POST",
      body: JSON.stringify({ method: "GET", path: "/v1/invoice_payments", count: 3 }),
    });
    expect(fault.status).toBe(204);

    await advanceClock(member.clock, new Date(addMonths(first!.completedAt!, 1).getTime() + 3600_000));
    const [renewal] = await waitFor(
      () => transactionsOf(member.userId),
      (rows) => rows[0]?.kind === "renewal" && rows[0].status === "completed",
      "the retried renewal webhook",
    );
    const deliveries = (await (await fetch(`${process.env.STRIPE_API_BASE_URL}/__fake/deliveries`)).json()) as {
      id: string;
      type: string;
      status: number;
    }[];
    const paid = deliveries.filter((d) => d.type === "invoice.paid");
    const attempts = paid.filter((d) => d.id === paid.find((p) => p.status >= 500)?.id).map((d) => d.status);
    expect(attempts[0]).toBeGreaterThanOrEqual(500);
    expect(attempts.at(-1)).toBe(200);
    expect(
      (await transactionsOf(member.userId)).filter((t) => t.stripeInvoiceId === renewal!.stripeInvoiceId),
    ).toHaveLength(1);
  });
});
