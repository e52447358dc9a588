import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { Actor } from "@/server/auth/actor";
import { eq } from "drizzle-orm";
import { applications, paymentTransactions } from "@/db/schema";
import type { Transaction } from "@/db/client";
import { AppError, conflict, notFound } from "@/lib/errors";
import { recordAudit } from "@/server/audit";
import { transactionWithEmail } from "@/server/email/outbox";
import { captureHeldPayment, releaseHeldPayment } from "@/server/money";
import { lockApplication, lockCardPayments } from "@/server/money";
import { refundPayment } from "@/server/money";
import { getSiteSettings } from "@/server/settings";
import { writeToUs } from "@/features/settings/schemas";
import { rejectionEmail } from "./emails";
import { inviteIfReady } from "./invitations";
import type { ReviewInput } from "@/features/applications/schemas";

export const ALREADY_REVIEWED = "This application has already been reviewed.";
export const REFUND_FAILED_ON_REJECTION =
  "Stripe could not refund her payment, so the application was not rejected: she would be left charged. Try again, or refund the payment from its transaction page first.";

/**
 * Approves or rejects a pending application. The application row is locked first, so of two
 * admins approving at once one does the work and the other gets 409: the card is captured once.
 * Approval captures a held card; rejection releases the hold (or refunds a card already charged),
 * so a rejected applicant is never left charged, and a refund that fails stops the rejection rather
 * than being taken for a refund.
 */
export async function reviewApplication(id: number, input: ReviewInput, reviewer: Actor) {
  assertAccess(reviewer.viewer, ADMIN);
  const settings = await getSiteSettings();
  return transactionWithEmail(async (tx, queueEmail) => {
    const app = await lockApplication(tx, id);
    if (!app) throw notFound("Application not found.");
    if (app.status !== "pending") throw conflict(ALREADY_REVIEWED);
    const payments = (await lockCardPayments(tx, id)).filter((p) => p.stripePaymentIntentId);

    const now = new Date();
    if (input.status === "approved") {
      for (const payment of payments.filter((p) => p.status === "authorized"))
        await captureHeldPayment(tx, queueEmail, payment, reviewer.baseUrl);
      await tx
        .update(applications)
        .set({ status: "approved", reviewNotes: input.reviewNotes, reviewedBy: reviewer.id, approvedAt: now })
        .where(eq(applications.id, id));
      if (app.isTrial) await recordTrial(tx, app, settings.trialDays, reviewer.id, now);
      const invited = await inviteIfReady(tx, queueEmail, id, reviewer.baseUrl);
      await recordAudit(
        {
          actorId: reviewer.id,
          action: "application.approved",
          entityType: "application",
          entityId: id,
          details: { invited },
          ip: reviewer.ip,
        },
        tx,
      );
      return { status: "approved" as const, invited };
    }

    let money: "released" | "refunded" | null = null;
    for (const payment of payments) {
      let charged = payment.status === "completed";
      if (payment.status === "authorized" || payment.status === "pending") {
        const released = await releaseHeldPayment(tx, payment);
        if (released === "captured") charged = true;
        else if (payment.status === "authorized") money = "released";
      }
      if (!charged) continue;
      const [current] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, payment.id));
      const refund = await refundPayment(tx, current!, {
        note: "Refunded in full when the application was rejected.",
        actorId: reviewer.id,
      });
      if (refund.status === "failed") throw new AppError(502, REFUND_FAILED_ON_REJECTION);
      money = "refunded";
    }
    await tx
      .update(applications)
      .set({ status: "rejected", reviewNotes: input.reviewNotes, reviewedBy: reviewer.id, rejectedAt: now })
      .where(eq(applications.id, id));
    await queueEmail(rejectionEmail(settings.siteName, app, money, writeToUs(settings, reviewer.baseUrl)));
    await recordAudit(
      {
        actorId: reviewer.id,
        action: "application.rejected",
        entityType: "application",
        entityId: id,
        details: { money },
        ip: reviewer.ip,
      },
      tx,
    );
    return { status: "rejected" as const, invited: false };
  });
}

/** A trial is a zero-amount payment marked trial, so the ledger shows how every member came in. */
async function recordTrial(
  tx: Transaction,
  app: typeof applications.$inferSelect,
  trialDays: number,
  adminId: number,
  now: Date,
) {
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
