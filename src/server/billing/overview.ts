import "server-only";
import { actsAsAdmin, ADMIN, assertAccess } from "@/lib/auth/access";
import { desc, eq } from "drizzle-orm";
import { db } from "@/db";
import { memberships, paymentTransactions, users } from "@/db/schema";
import { forbidden } from "@/lib/errors";
import type { TierId } from "@/features/membership/constants";
import type { AdminBilling, MemberBilling, MembershipView } from "@/features/billing/types";
import type { SessionUser } from "@/lib/auth/session-user";
import { listTiers } from "@/server/money";
import { paymentsConfigured } from "@/server/stripe/client";
import { toMemberPayment } from "@/features/money/types";
import { isRefundable } from "@/server/money";
import { cancelableFrom, describeCard } from "./changes";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Everything her Billing tab shows (and an admin's view of it): the membership as our records
 * mirror Stripe, the next charge, her card, and every invoice and refund with its receipt. Without
 * Stripe configured it still answers, with the membership's dates. She sees her payments as a member
 * does; an administrator also what each may still be refunded (never the rows).
 */
export async function getBillingOverview(userId: number, viewer: SessionUser): Promise<MemberBilling | AdminBilling> {
  if (viewer.id !== userId && !actsAsAdmin(viewer)) throw forbidden("You can only see your own billing.");
  const [member] = await db
    .select({
      membershipLevel: users.membershipLevel,
      memberSince: users.memberSince,
      createdAt: users.createdAt,
      paymentMethod: users.stripePaymentMethodId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const [m] = await db.select().from(memberships).where(eq(memberships.userId, userId)).limit(1);
  const tiers = (await listTiers()).map((t) => ({
    id: t.id as TierId,
    title: t.title,
    amount: t.monthlyPriceCents,
    durationMonths: t.durationMonths,
  }));
  const transactions = await db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.userId, userId))
    .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
    .limit(200);
  const configured = paymentsConfigured();
  // What each payment has given back so far (refunds on their way included), for a partial refund of the rest.
  const refundedOf = new Map<number, number>();
  for (const t of transactions)
    if (t.kind === "refund" && t.refundOfId && t.status !== "failed")
      refundedOf.set(t.refundOfId, (refundedOf.get(t.refundOfId) ?? 0) + t.amount);
  const titleOf = (tier: string | null) => tiers.find((t) => t.id === tier)?.title ?? null;
  const priceOf = (tier: string | null) => tiers.find((t) => t.id === tier)?.amount ?? 0;
  const membership: MembershipView | null = m
    ? {
        tier: m.tier as TierId,
        tierTitle: titleOf(m.tier),
        status: m.status as MembershipView["status"],
        billingMethod: m.billingMethod as MembershipView["billingMethod"],
        startedAt: m.startedAt.toISOString(),
        termEndsAt: m.termEndsAt.toISOString(),
        currentPeriodEnd: iso(m.currentPeriodEnd),
        scheduledTier: m.scheduledTier as TierId | null,
        scheduledTierTitle: titleOf(m.scheduledTier),
        cancelAtPeriodEnd: m.cancelAtPeriodEnd,
        trialEndsAt: iso(m.trialEndsAt),
        pastDueSince: iso(m.pastDueSince),
        accessEndsAt: iso(m.accessEndsAt),
        accessEnded: Boolean(m.accessEndsAt && m.accessEndsAt.getTime() <= Date.now()),
        canCancel: Boolean(m.currentPeriodEnd && m.currentPeriodEnd.getTime() >= m.termEndsAt.getTime()),
        cancelableFrom: cancelableFrom(m).toISOString(),
        nextCharge:
          m.status === "canceled" ||
          m.cancelAtPeriodEnd ||
          !m.currentPeriodEnd ||
          (m.billingMethod === "trial" && !m.stripeSubscriptionId)
            ? null
            : {
                date: m.currentPeriodEnd.toISOString(),
                amount: priceOf(m.scheduledTier ?? m.tier),
                byCard: m.billingMethod === "card",
              },
        card: configured && m.billingMethod !== "manual" ? await describeCard(member?.paymentMethod ?? null, m) : null,
      }
    : null;
  const overview = {
    configured,
    memberSince: member?.memberSince ?? member?.createdAt.toISOString().slice(0, 10) ?? null,
    membershipLevel: member?.membershipLevel ?? null,
    membership,
    tiers,
  };
  if (viewer.id === userId) return { ...overview, transactions: transactions.map(toMemberPayment) };
  return {
    ...overview,
    transactions: transactions.map((t) => ({
      ...toMemberPayment(t),
      refundable: isRefundable(t),
      refundableAmount: isRefundable(t) ? Math.max(0, t.amount - (refundedOf.get(t.id) ?? 0)) : 0,
    })),
  };
}

/** Whose billing an admin is looking at (the page's heading). */
export async function billingMember(viewer: SessionUser, userId: number) {
  assertAccess(viewer, ADMIN);
  const [member] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return member ? { name: `${member.firstName} ${member.lastName}`.trim(), email: member.email } : null;
}
