import { addMonths } from "date-fns";
import { eq } from "drizzle-orm";
import type { Transaction } from "../client";
import * as t from "../schema";
import { MEMBER_JOINED_DAYS_AGO } from "./demo-users";

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo member's recurring billing (issue 15): Jordan joined on Create by card (MEMBER_JOINED_DAYS_AGO) and has
 * renewed twice, so her Billing tab and the admin's transactions list (kinds) are not empty. Demo rows
 * are in no Stripe account (`demo`, no subscription id), so the daily reconciliation ignores them.
 */
export async function seedDemoBilling(tx: Transaction, memberId: number): Promise<void> {
  const [app] = await tx.select({ id: t.applications.id }).from(t.applications).where(eq(t.applications.userId, memberId)).limit(1);
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
