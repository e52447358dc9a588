import "server-only";
import { formatCents } from "@/lib/format";
import type { Actor } from "@/server/auth/actor";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { and, asc, count, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor, Transaction } from "@/db/client";
import { affiliatePayouts, applications, partners, paymentTransactions, referralCommissions, users } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors";
import { recordAudit } from "@/server/audit";
import { toCsv } from "@/server/csv";
import { AFFILIATE_TERMS } from "@/features/affiliate/schemas";

const DAY_MS = 86_400_000;

export const COMMISSION_PROBLEMS = {
  noCode: "This application has no partner code.",
  unpaid: "The referral commission is created once the first payment has cleared.",
  self: "Self-referrals are not eligible for a commission.",
  exists: "A referral commission already exists for this application.",
} as const;

type Commission = typeof referralCommissions.$inferSelect;
type Outcome = { commission: Commission } | { problem: string };

/**
 * The partner's commission on a referred application's first cleared payment: the
 * partner's rate of that payment, eligible 30 days after it cleared. Both paths reach it: a payment
 * clearing (automatically) and the admin's Generate Referral button; the unique index on the
 * application makes the second one, or a parallel first payment, create nothing.
 */
export async function createCommission(tx: Transaction, applicationId: number): Promise<Outcome> {
  const [app] = await tx
    .select({ partnerCode: applications.partnerCode, email: applications.email, userId: applications.userId })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .limit(1);
  if (!app) throw notFound("Application not found.");
  if (!app.partnerCode) return { problem: COMMISSION_PROBLEMS.noCode };
  const [partner] = await tx
    .select({ id: partners.id, rate: partners.referralCommission, userId: partners.userId, email: users.email })
    .from(partners)
    .innerJoin(users, eq(users.id, partners.userId))
    .where(sql`lower(${partners.partnerCode}) = ${app.partnerCode.toLowerCase()}`)
    .limit(1);
  if (!partner) return { problem: `No partner uses the code ${app.partnerCode}.` };
  // The applicant may have no account yet, so a partner using her own code is also known by her email.
  if (partner.userId === app.userId || partner.email.toLowerCase() === app.email.toLowerCase())
    return { problem: COMMISSION_PROBLEMS.self };
  const [payment] = await tx
    .select({
      id: paymentTransactions.id,
      amount: paymentTransactions.amount,
      completedAt: paymentTransactions.completedAt,
    })
    .from(paymentTransactions)
    // A trial's zero-amount row is no payment to earn on.
    .where(
      and(
        eq(paymentTransactions.applicationId, applicationId),
        eq(paymentTransactions.kind, "payment"),
        eq(paymentTransactions.status, "completed"),
        gt(paymentTransactions.amount, 0),
      ),
    )
    .orderBy(asc(paymentTransactions.completedAt), asc(paymentTransactions.id))
    .limit(1);
  if (!payment) return { problem: COMMISSION_PROBLEMS.unpaid };
  const percent = Number.parseFloat(partner.rate) || Number.parseFloat(AFFILIATE_TERMS.defaultRate);
  const [commission] = await tx
    .insert(referralCommissions)
    .values({
      partnerId: partner.id,
      applicationId,
      paymentTransactionId: payment.id,
      amountCents: Math.round((payment.amount * percent) / 100),
      rate: partner.rate,
      eligibleAt: new Date((payment.completedAt ?? new Date()).getTime() + AFFILIATE_TERMS.eligibleAfterDays * DAY_MS),
    })
    .onConflictDoNothing()
    .returning();
  return commission ? { commission } : { problem: COMMISSION_PROBLEMS.exists };
}

/** A payment has cleared (paymentCompleted in src/server/money/receipts.ts, wherever it completed). */
export async function onPaymentCleared(
  tx: Transaction,
  payment: { kind: string; status: string; amount: number; applicationId: number | null },
): Promise<void> {
  if (payment.kind !== "payment" || payment.status !== "completed" || payment.amount <= 0 || !payment.applicationId)
    return;
  await createCommission(tx, payment.applicationId);
}

/** Clawback: a payment refunded in full (or a manual one marked failed) before its commission is paid cancels the commission. */
export async function onPaymentReversed(executor: Executor, paymentId: number): Promise<void> {
  await executor
    .update(referralCommissions)
    .set({
      status: "cancelled",
      cancelledAt: new Date(),
      cancelReason: "The referred payment was refunded or reversed.",
    })
    .where(
      and(
        eq(referralCommissions.paymentTransactionId, paymentId),
        inArray(referralCommissions.status, ["pending", "eligible"]),
      ),
    );
}

/** Pending commissions whose 30 days have passed become eligible (the daily job, and before each payout run). */
export async function promoteEligibleCommissions(executor: Executor = db): Promise<number> {
  const moved = await executor
    .update(referralCommissions)
    .set({ status: "eligible" })
    .where(and(eq(referralCommissions.status, "pending"), lte(referralCommissions.eligibleAt, sql`now()`)))
    .returning({ id: referralCommissions.id });
  return moved.length;
}

/** What a payout run would pay now: eligible commissions, and pending ones whose 30 days have passed since the daily job ran. */
export async function countPayableCommissions(viewer: SessionUser): Promise<number> {
  assertAccess(viewer, ADMIN);
  const [row] = await db
    .select({ n: count() })
    .from(referralCommissions)
    .where(
      or(
        eq(referralCommissions.status, "eligible"),
        and(eq(referralCommissions.status, "pending"), lte(referralCommissions.eligibleAt, sql`now()`)),
      ),
    );
  return row?.n ?? 0;
}

/** The admin's payout run: every eligible commission is marked paid in one run, audit-logged. */
export async function runPayout(actor: Actor) {
  assertAccess(actor.viewer, ADMIN);
  return db.transaction(async (tx) => {
    await promoteEligibleCommissions(tx);
    const due = await tx
      .select({ id: referralCommissions.id, amountCents: referralCommissions.amountCents })
      .from(referralCommissions)
      .where(eq(referralCommissions.status, "eligible"))
      .for("update");
    if (due.length === 0) throw conflict("No commissions are eligible for payout.");
    const totalCents = due.reduce((sum, c) => sum + c.amountCents, 0);
    const [payout] = await tx
      .insert(affiliatePayouts)
      .values({ createdBy: actor.id, commissionCount: due.length, totalCents })
      .returning();
    await tx
      .update(referralCommissions)
      .set({ status: "paid", paidAt: new Date(), payoutId: payout!.id })
      .where(
        inArray(
          referralCommissions.id,
          due.map((c) => c.id),
        ),
      );
    await recordAudit(
      {
        actorId: actor.id,
        action: "affiliate.payout",
        entityType: "affiliate_payout",
        entityId: payout!.id,
        details: { commissionIds: due.map((c) => c.id), totalCents },
        ip: actor.ip,
      },
      tx,
    );
    return payout!;
  });
}

export const PAYOUT_CSV_HEADER = [
  "commissionId",
  "partnerCode",
  "partnerName",
  "partnerEmail",
  "applicationId",
  "rate",
  "amount",
  "currency",
  "paidAt",
];

/** The CSV of one payout run: one line per commission paid, amounts in dollars. */
export async function payoutCsv(viewer: SessionUser, payoutId: number): Promise<string> {
  assertAccess(viewer, ADMIN);
  const rows = await db
    .select({
      id: referralCommissions.id,
      code: partners.partnerCode,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      applicationId: referralCommissions.applicationId,
      rate: referralCommissions.rate,
      amountCents: referralCommissions.amountCents,
      paidAt: referralCommissions.paidAt,
    })
    .from(referralCommissions)
    .innerJoin(partners, eq(partners.id, referralCommissions.partnerId))
    .innerJoin(users, eq(users.id, partners.userId))
    .where(eq(referralCommissions.payoutId, payoutId))
    .orderBy(asc(referralCommissions.id));
  if (rows.length === 0) throw notFound("Payout not found.");
  return toCsv(
    PAYOUT_CSV_HEADER,
    rows.map((r) => [
      r.id,
      r.code,
      `${r.firstName} ${r.lastName}`,
      r.email,
      r.applicationId,
      r.rate,
      formatCents(r.amountCents, "usd", { plain: true }),
      "usd",
      r.paidAt?.toISOString(),
    ]),
  );
}
