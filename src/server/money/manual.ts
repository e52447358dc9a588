import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import { addMonths } from "date-fns";
import { eq } from "drizzle-orm";
import { memberships, paymentTransactions } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors";
import type { MarkTransactionInput } from "@/features/money/schemas";
import { onPaymentReversed } from "@/server/affiliate";
import { recordAudit } from "@/server/audit";
import { transactionWithEmail } from "@/server/email/outbox";
import type { Actor } from "@/server/auth/actor";
import { afterApplicationPayment } from "./after-payment";
import { lockApprovedUnpaid } from "./intents";
import { lockMembership, lockPayment } from "./locks";
import { tierCharge } from "./pricing";
import { paymentCompleted } from "./receipts";

/**
 * Payments taken outside Stripe (bank transfer, cash, cheque): recorded by an admin with a note,
 * audit-logged, and followed by the same receipt and invitation as a card payment.
 */

/** An application's first payment, so it can be approved and invited without Stripe. The amount is the tier's price. */
export async function recordManualPayment(id: number, notes: string, actor: Actor) {
  assertAccess(actor.viewer, ADMIN);
  return transactionWithEmail(async (tx, queueEmail) => {
    const app = await lockApprovedUnpaid(tx, id);
    const charge = await tierCharge(app.membershipTier, tx);
    const [row] = await tx
      .insert(paymentTransactions)
      .values({
        applicationId: id,
        userId: app.userId,
        amount: charge.amount,
        currency: charge.currency,
        status: "completed",
        paymentMethod: "manual",
        membershipTier: app.membershipTier,
        notes,
        createdBy: actor.id,
        completedAt: new Date(),
      })
      .returning();
    await recordAudit(
      {
        actorId: actor.id,
        action: "payment.manual_recorded",
        entityType: "payment_transaction",
        entityId: row!.id,
        details: { applicationId: id, amount: charge.amount, notes },
        ip: actor.ip,
      },
      tx,
    );
    await paymentCompleted(tx, queueEmail, row!, actor.baseUrl);
    return row!;
  });
}

/**
 * A bank-transfer member's monthly payment: a completed renewal row at her tier's price, and her
 * paid period moves forward one month from where it ended (a late transfer pays the month that was
 * due, not one from today), so the next reminder is for the next month and her access follows.
 */
export async function recordBankTransfer(userId: number, notes: string, actor: Actor) {
  assertAccess(actor.viewer, ADMIN);
  return transactionWithEmail(async (tx, queueEmail) => {
    const m = await lockMembership(tx, { userId });
    if (!m) throw notFound("This member has no membership billing yet.");
    if (m.billingMethod !== "manual")
      throw conflict(
        "Only a membership paid by bank transfer is renewed by recording a transfer: card memberships renew through Stripe.",
      );
    if (m.status === "canceled") throw conflict("This membership has ended.");
    const charge = await tierCharge(m.tier, tx);
    const from = m.currentPeriodEnd ?? new Date();
    const to = addMonths(from, 1);
    const [row] = await tx
      .insert(paymentTransactions)
      .values({
        applicationId: m.applicationId,
        userId,
        kind: "renewal",
        amount: charge.amount,
        currency: charge.currency,
        status: "completed",
        paymentMethod: "manual",
        membershipTier: m.tier,
        notes,
        createdBy: actor.id,
        completedAt: new Date(),
      })
      .returning();
    await tx
      .update(memberships)
      .set({ currentPeriodStart: from, currentPeriodEnd: to, status: "active", pastDueSince: null, accessEndsAt: null })
      .where(eq(memberships.id, m.id));
    await recordAudit(
      {
        actorId: actor.id,
        action: "billing.bank_transfer_recorded",
        entityType: "membership",
        entityId: m.id,
        details: { userId, amount: charge.amount, paidUntil: to.toISOString(), notes },
        ip: actor.ip,
      },
      tx,
    );
    await paymentCompleted(tx, queueEmail, row!, actor.baseUrl);
    return { payment: row!, currentPeriodEnd: to };
  });
}

/** Mark as Completed / Mark as Failed, for manual (offline) payments only, with a note; audit-logged. */
export async function markManualTransaction(id: number, input: MarkTransactionInput, actor: Actor) {
  assertAccess(actor.viewer, ADMIN);
  return transactionWithEmail(async (tx, queueEmail) => {
    const row = await lockPayment(tx, { id });
    if (!row) throw notFound("Transaction Not Found");
    if (row.paymentMethod !== "manual" || row.kind !== "payment")
      throw conflict("Only manual payments can be marked by hand; card payments follow Stripe.");
    if (row.status === input.status) throw conflict(`This payment is already ${input.status}.`);
    const [updated] = await tx
      .update(paymentTransactions)
      .set({
        status: input.status,
        notes: row.notes ? `${row.notes}\n${input.note}` : input.note,
        completedAt: input.status === "completed" ? new Date() : row.completedAt,
        failedAt: input.status === "failed" ? new Date() : null,
      })
      .where(eq(paymentTransactions.id, id))
      .returning();
    const invitationWithdrawn =
      input.status === "failed" && row.applicationId
        ? await afterApplicationPayment().failed(tx, queueEmail, row.applicationId)
        : false;
    await recordAudit(
      {
        actorId: actor.id,
        action: `payment.marked_${input.status}`,
        entityType: "payment_transaction",
        entityId: id,
        details: { from: row.status, note: input.note, invitationWithdrawn },
        ip: actor.ip,
      },
      tx,
    );
    if (input.status === "completed") await paymentCompleted(tx, queueEmail, updated!, actor.baseUrl);
    if (input.status === "failed" && row.status === "completed") await onPaymentReversed(tx, id);
    return updated!;
  });
}
