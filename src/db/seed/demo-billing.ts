import { addMonths } from "date-fns";
import { eq } from "drizzle-orm";
import type { Transaction } from "../client";
import * as t from "../schema";
import { MEMBER_JOINED_DAYS_AGO } from "./demo-users";

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo member's recurring billing: Jordan joined on Create by card (MEMBER_JOINED_DAYS_AGO) and has
 * renewed twice, so her Billing tab and the admin's transactions list (kinds) are not empty. Demo rows
 * are in no Stripe account (`demo`, no subscription id), so the daily reconciliation ignores them.
 */
export async function seedDemoBilling(tx: Transaction, memberId: number): Promise<void> {
  const [app] = await tx
    .select({ id: t.applications.id })
    .from(t.applications)
    .where(eq(t.applications.userId, memberId))
    .limit(1);
  if (!app) return;
  const startedAt = new Date(Date.now() - MEMBER_JOINED_DAYS_AGO * DAY);
  const [create] = await tx.select().from(t.membershipTiers).where(eq(t.membershipTiers.id, "create")).limit(1);
  await tx.insert(t.memberships).values({
    applicationId: app.id,
    userId: memberId,
    tier: "create",
    status: "active",
    billingMethod: "card",
    startedAt,
    termEndsAt: addMonths(startedAt, create!.durationMonths),
    currentPeriodStart: addMonths(startedAt, 2),
    currentPeriodEnd: addMonths(startedAt, 3),
  });
  await tx.insert(t.paymentTransactions).values(
    [1, 2].map((month) => ({
      applicationId: app.id,
      userId: memberId,
      kind: "renewal",
      amount: create!.monthlyPriceCents,
      membershipTier: "create",
      paymentMethod: "card",
      status: "completed",
      stripeInvoiceId: `in_demo_jordan_${month}`,
      demo: true,
      completedAt: addMonths(startedAt, month),
      createdAt: addMonths(startedAt, month),
    })),
  );
}

/**
 * The demo mentor pays by bank transfer: her application was paid by transfer, her
 * membership is renewed by hand, and one monthly transfer has been recorded, so the admin's view of
 * her billing shows the bank-transfer form and a manual renewal.
 */
export async function seedDemoBankTransferMember(tx: Transaction, mentorId: number, adminId: number): Promise<void> {
  const [mentor] = await tx.select().from(t.users).where(eq(t.users.id, mentorId)).limit(1);
  const [empower] = await tx.select().from(t.membershipTiers).where(eq(t.membershipTiers.id, "empower")).limit(1);
  if (!mentor || !empower) return;
  const startedAt = new Date(Date.now() - 40 * DAY);
  const [app] = await tx
    .insert(t.applications)
    .values({
      firstName: mentor.firstName,
      lastName: mentor.lastName,
      email: mentor.email,
      phone: "+1 312 555 0181",
      membershipTier: "empower",
      heardAbout: "A community event",
      whyJoin: "I mentor womxn founders and want a circle to learn from in turn.",
      agreeTerms: true,
      status: "approved",
      reviewedBy: adminId,
      approvedAt: startedAt,
      createdAt: new Date(startedAt.getTime() - 2 * DAY),
      userId: mentorId,
    })
    .returning({ id: t.applications.id });
  await tx.insert(t.memberships).values({
    applicationId: app!.id,
    userId: mentorId,
    tier: "empower",
    status: "active",
    billingMethod: "manual",
    startedAt,
    termEndsAt: addMonths(startedAt, empower.durationMonths),
    currentPeriodStart: addMonths(startedAt, 1),
    currentPeriodEnd: addMonths(startedAt, 2),
  });
  await tx.insert(t.paymentTransactions).values(
    [0, 1].map((month) => ({
      applicationId: app!.id,
      userId: mentorId,
      kind: month === 0 ? "payment" : "renewal",
      amount: empower.monthlyPriceCents,
      membershipTier: "empower",
      paymentMethod: "manual",
      status: "completed",
      notes: `Bank transfer ${month === 0 ? "for the first month" : "for the second month"}.`,
      createdBy: adminId,
      completedAt: addMonths(startedAt, month),
      createdAt: addMonths(startedAt, month),
    })),
  );
}

/**
 * Two calls Stripe refused (a declined card on the member's upgrade, a price Stripe could not find
 * when her billing was to start), so /admin/stripe-refusals shows what such rows look like. Their
 * request ids are made up: Stripe's Dashboard knows none of them.
 */
export async function seedDemoStripeRefusals(tx: Transaction, memberId: number): Promise<void> {
  const [app] = await tx
    .select({ id: t.applications.id })
    .from(t.applications)
    .where(eq(t.applications.userId, memberId))
    .limit(1);
  const now = Date.now();
  await tx.insert(t.stripeRefusals).values([
    {
      method: "POST",
      path: "/v1/subscriptions",
      requestId: "req_demo_subscription_refused",
      operation: "Her monthly billing could not start",
      userId: memberId,
      applicationId: app?.id ?? null,
      httpStatus: 400,
      type: "invalid_request_error",
      code: "resource_missing",
      param: "items[0][price]",
      message: "No such price: 'price_demo_create_monthly'",
      answeredStatus: 502,
      createdAt: new Date(now - 3 * DAY),
    },
    {
      method: "POST",
      path: "/v1/subscriptions/sub_demo_jordan",
      requestId: "req_demo_upgrade_declined",
      operation: "The upgrade failed",
      userId: memberId,
      applicationId: app?.id ?? null,
      httpStatus: 402,
      type: "card_error",
      code: "card_declined",
      declineCode: "insufficient_funds",
      message: "Your card has insufficient funds.",
      answeredStatus: 402,
      createdAt: new Date(now - DAY),
    },
  ]);
}
