import "server-only";
import { and, eq } from "drizzle-orm";
import { applications, paymentTransactions } from "@/db/schema";
import type { Transaction } from "@/db/client";
import { AppError, conflict, notFound } from "@/lib/errors";
import { recordAudit } from "@/server/audit";
import { transactionWithEmail, type QueueEmail } from "@/server/email/outbox";
import { movePaymentById } from "@/server/payments/ledger";
import { paymentCompleted } from "@/server/payments/receipts";
import { stripe, stripeErrorMessage } from "@/server/payments/stripe";
import { getSiteSettings } from "@/server/settings";
import { writeToUs } from "@/server/settings/schema";
import { rejectionEmail } from "./emails";
import { inviteIfReady } from "./invitations";
import type { ReviewInput } from "./schemas";

export const ALREADY_REVIEWED = "This application has already been reviewed.";

interface Reviewer {
  adminId: number;
  ip: string;
  baseUrl: string;
}

/**
 * Approves or rejects a pending application. The application row is locked first, so of two
 * admins approving at once one does the work and the other gets 409: the card is captured once.
 * Approval captures a held card; rejection releases the hold (or refunds a card already charged),
 * so a rejected applicant is never left charged.
 */
export async function reviewApplication(id: number, input: ReviewInput, reviewer: Reviewer) {
  const settings = await getSiteSettings();
  return transactionWithEmail(async (tx, queueEmail) => {
    const [app] = await tx.select().from(applications).where(eq(applications.id, id)).for("update").limit(1);
    if (!app) throw notFound("Application not found.");
    if (app.status !== "pending") throw conflict(ALREADY_REVIEWED);
    const payments = await tx
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.applicationId, id), eq(paymentTransactions.kind, "payment"), eq(paymentTransactions.paymentMethod, "card")))
      .for("update");

    const now = new Date();
    if (input.status === "approved") {
      for (const payment of payments.filter((p) => p.status === "authorized" && p.stripePaymentIntentId)) {
        await capture(tx, queueEmail, payment.id, payment.stripePaymentIntentId!, reviewer.baseUrl);
      }
      await tx.update(applications).set({ status: "approved", reviewNotes: input.reviewNotes, reviewedBy: reviewer.adminId, approvedAt: now }).where(eq(applications.id, id));
      if (app.isTrial) await recordTrial(tx, app, settings.trialDays, reviewer.adminId, now);
      const invited = await inviteIfReady(tx, queueEmail, id, reviewer.baseUrl);
      await recordAudit({ actorId: reviewer.adminId, action: "application.approved", entityType: "application", entityId: id, details: { invited }, ip: reviewer.ip }, tx);
      return { status: "approved" as const, invited };
    }

    let money: "released" | "refunded" | null = null;
    for (const payment of payments) {
      if (!payment.stripePaymentIntentId) continue;
      if (payment.status === "authorized" || payment.status === "pending") {
        await cancel(tx, payment.id, payment.stripePaymentIntentId);
        if (payment.status === "authorized") money = "released";
      } else if (payment.status === "completed") {
        await refundInFull(tx, payment, reviewer.adminId);
        money = "refunded";
      }
    }
    await tx.update(applications).set({ status: "rejected", reviewNotes: input.reviewNotes, reviewedBy: reviewer.adminId, rejectedAt: now }).where(eq(applications.id, id));
    await queueEmail(rejectionEmail(settings.siteName, app, money, writeToUs(settings, reviewer.baseUrl)));
    await recordAudit({ actorId: reviewer.adminId, action: "application.rejected", entityType: "application", entityId: id, details: { money }, ip: reviewer.ip }, tx);
    return { status: "rejected" as const, invited: false };
  });
}

/** A trial is a zero-amount payment marked trial, so the ledger shows how every member came in. */
async function recordTrial(tx: Transaction, app: typeof applications.$inferSelect, trialDays: number, adminId: number, now: Date) {
  await tx.insert(paymentTransactions).values({
    applicationId: app.id,
    userId: app.userId,
    amount: 0,
    status: "completed",
    paymentMethod: "trial",
    membershipTier: app.membershipTier,
    notes: `Free trial of ${trialDays} days.`,
    createdBy: adminId,
    completedAt: now,
  });
}

// Stripe calls carry idempotency keys derived from the payment, so a retry after a lost answer
// (or after our transaction failed to commit) repeats the same capture instead of a second one.
async function capture(tx: Transaction, queueEmail: QueueEmail, paymentId: number, intentId: string, baseUrl: string) {
  try {
    const intent = await stripe().paymentIntents.capture(intentId, {}, { idempotencyKey: `capture-${intentId}` });
    if (intent.status !== "succeeded") throw new Error(`PaymentIntent is ${intent.status}`);
  } catch (error) {
    throw new AppError(402, `The card payment could not be captured: ${stripeErrorMessage(error, "Payment processing failed")}`);
  }
  const captured = await movePaymentById(tx, paymentId, { status: "completed" });
  if (captured) await paymentCompleted(tx, queueEmail, captured, baseUrl);
}

async function cancel(tx: Transaction, paymentId: number, intentId: string) {
  try {
    await stripe().paymentIntents.cancel(intentId, {}, { idempotencyKey: `cancel-${intentId}` });
  } catch (error) {
    // An intent Stripe already canceled (or that never got a card) needs nothing more.
    const code = (error as { code?: string }).code;
    if (code !== "payment_intent_unexpected_state") throw new AppError(502, `The card hold could not be released: ${stripeErrorMessage(error, "Stripe did not answer")}`);
  }
  await movePaymentById(tx, paymentId, { status: "canceled", notes: "Authorization released when the application was rejected." });
}

async function refundInFull(tx: Transaction, payment: typeof paymentTransactions.$inferSelect, adminId: number) {
  let refund;
  try {
    refund = await stripe().refunds.create(
      { payment_intent: payment.stripePaymentIntentId!, reason: "requested_by_customer", metadata: { paymentTransactionId: String(payment.id) } },
      { idempotencyKey: `reject-refund-${payment.id}` },
    );
  } catch (error) {
    throw new AppError(502, `The payment could not be refunded: ${stripeErrorMessage(error, "Stripe did not answer")}`);
  }
  await tx
    .insert(paymentTransactions)
    .values({
      applicationId: payment.applicationId,
      userId: payment.userId,
      kind: "refund",
      refundOfId: payment.id,
      amount: refund.amount,
      currency: payment.currency,
      status: refund.status === "succeeded" ? "completed" : refund.status === "failed" ? "failed" : "pending",
      paymentMethod: "card",
      membershipTier: payment.membershipTier,
      notes: "Refunded in full when the application was rejected.",
      stripeRefundId: refund.id,
      createdBy: adminId,
      completedAt: refund.status === "succeeded" ? new Date() : null,
    })
    .onConflictDoNothing();
  await movePaymentById(tx, payment.id, { status: "refunded" });
}

