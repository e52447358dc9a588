import "server-only";
import { and, desc, eq, lt, ne, sql } from "drizzle-orm";
import { db } from "@/db";
import { applications, paymentTransactions, users } from "@/db/schema";
import { CHARGE_KINDS } from "@/db/schema/enums";
import { AppError, conflict, forbidden, notFound } from "@/lib/errors";
import type { SessionUser } from "@/server/auth/sessions";
import { withdrawUnpaidInvitation } from "@/server/applications/invitations";
import { recordAudit } from "@/server/audit";
import { transactionWithEmail } from "@/server/email/outbox";
import { movePaymentById } from "./ledger";
import { paymentCompleted } from "./receipts";
import { onPaymentReversed } from "@/server/affiliate/commissions";
import { REFUND_GUARANTEE_DAYS, type MarkTransactionInput, type RefundInput } from "./schemas";
import { stripe, stripeErrorMessage } from "./stripe";
import { CSV_PAGE_SIZE, pagesByIdDescending, type CsvCell, type CsvExport } from "@/server/csv";

export type PaymentTransaction = typeof paymentTransactions.$inferSelect;

/** Every transaction, newest first (the admin list filters and searches these in the browser). */
export async function listTransactions(limit = 5000) {
  return db.select().from(paymentTransactions).orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id)).limit(limit);
}

export async function getTransaction(id: number) {
  const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)).limit(1);
  if (!row) throw notFound("Transaction Not Found");
  return row;
}

/** The transaction with its application and member, for the detail page. */
export async function getTransactionDetail(id: number) {
  const [row] = await db
    .select({
      transaction: paymentTransactions,
      application: { id: applications.id, firstName: applications.firstName, lastName: applications.lastName, email: applications.email, status: applications.status, membershipTier: applications.membershipTier },
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, username: users.username, membershipLevel: users.membershipLevel },
    })
    .from(paymentTransactions)
    .leftJoin(applications, eq(applications.id, paymentTransactions.applicationId))
    .leftJoin(users, eq(users.id, paymentTransactions.userId))
    .where(eq(paymentTransactions.id, id))
    .limit(1);
  if (!row) return null;
  const refunds = await db.select().from(paymentTransactions).where(eq(paymentTransactions.refundOfId, id)).orderBy(paymentTransactions.createdAt);
  return { ...row, application: row.application?.id ? row.application : null, user: row.user?.id ? row.user : null, refunds };
}

/** A member's own payments; an admin may read anyone's. */
export async function listUserTransactions(userId: number, viewer: SessionUser) {
  if (viewer.id !== userId && !viewer.isAdmin) throw forbidden("You can only see your own payments.");
  return db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, userId)).orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id));
}

export const CSV_COLUMNS = ["id", "createdAt", "kind", "applicationId", "userId", "membershipTier", "paymentMethod", "amount", "currency", "status", "stripePaymentIntentId", "stripeRefundId", "completedAt", "failedAt", "notes"] as const;

/** GET /api/payment-transactions/export. */
export const TRANSACTIONS_CSV: CsvExport<PaymentTransaction> = {
  name: "payment-transactions",
  header: CSV_COLUMNS,
  row: (row) => CSV_COLUMNS.map((c) => (c === "amount" ? (row.amount / 100).toFixed(2) : row[c] instanceof Date ? (row[c] as Date).toISOString() : (row[c] as CsvCell))),
};

/** Every transaction, newest first, a page at a time (the CSV export). */
export function transactionPages() {
  return pagesByIdDescending((beforeId) =>
    db
      .select()
      .from(paymentTransactions)
      .where(beforeId ? lt(paymentTransactions.id, beforeId) : undefined)
      .orderBy(desc(paymentTransactions.id))
      .limit(CSV_PAGE_SIZE),
  );
}

interface Actor {
  adminId: number;
  ip: string;
  baseUrl: string;
}

/** Mark as Completed / Mark as Failed, for manual (offline) payments only, with a note; audit-logged. */
export async function markManualTransaction(id: number, input: MarkTransactionInput, actor: Actor) {
  return transactionWithEmail(async (tx, queueEmail) => {
    // Application first, then payment: the lock order of review and webhooks (no deadlock).
    const [owner] = await tx.select({ applicationId: paymentTransactions.applicationId }).from(paymentTransactions).where(eq(paymentTransactions.id, id)).limit(1);
    if (owner?.applicationId) await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, owner.applicationId)).for("update");
    const [row] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)).for("update").limit(1);
    if (!row) throw notFound("Transaction Not Found");
    if (row.paymentMethod !== "manual" || row.kind !== "payment") throw conflict("Only manual payments can be marked by hand; card payments follow Stripe.");
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
    const invitationWithdrawn = input.status === "failed" && row.applicationId ? await withdrawUnpaidInvitation(tx, queueEmail, row.applicationId) : false;
    await recordAudit({ actorId: actor.adminId, action: `payment.marked_${input.status}`, entityType: "payment_transaction", entityId: id, details: { from: row.status, note: input.note, invitationWithdrawn }, ip: actor.ip }, tx);
    if (input.status === "completed") await paymentCompleted(tx, queueEmail, updated!, actor.baseUrl);
    if (input.status === "failed" && row.status === "completed") await onPaymentReversed(tx, id);
    return updated!;
  });
}

/**
 * Refunds a completed card payment through Stripe, in full or in part, within the 14-day
 * guarantee. Each refund is its own row; the payment becomes refunded once nothing is left.
 */
export async function refundTransaction(id: number, input: RefundInput, actor: Actor) {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)).for("update").limit(1);
    if (!payment) throw notFound("Transaction Not Found");
    if (!isCharge(payment) || payment.paymentMethod !== "card" || !payment.stripePaymentIntentId) throw conflict("Only card payments can be refunded through Stripe.");
    if (payment.demo) throw conflict(DEMO_PAYMENT_NOT_REFUNDABLE);
    if (payment.status !== "completed") throw conflict("Only completed payments can be refunded.");
    const paidAt = payment.completedAt ?? payment.createdAt;
    if (Date.now() - paidAt.getTime() > REFUND_GUARANTEE_DAYS * 86_400_000) throw conflict(`The ${REFUND_GUARANTEE_DAYS}-day refund guarantee for this payment has passed.`);
    const [{ refunded }] = (await tx
      .select({ refunded: sql<number>`coalesce(sum(${paymentTransactions.amount}), 0)::int` })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.refundOfId, id), ne(paymentTransactions.status, "failed")))) as [{ refunded: number }];
    const remaining = payment.amount - refunded;
    const amount = input.amount ?? remaining;
    if (amount <= 0 || amount > remaining) throw new AppError(400, `The refund must be between $0.01 and $${(remaining / 100).toFixed(2)}.`, { amount: "Too large" });

    let refund;
    try {
      refund = await stripe().refunds.create(
        { payment_intent: payment.stripePaymentIntentId, amount, reason: "requested_by_customer", metadata: { paymentTransactionId: String(id) } },
        { idempotencyKey: `refund-${id}-${refunded}-${amount}` },
      );
    } catch (error) {
      throw new AppError(502, `The refund failed: ${stripeErrorMessage(error, "Stripe did not answer")}`);
    }
    const status = refund.status === "succeeded" ? "completed" : refund.status === "failed" || refund.status === "canceled" ? "failed" : "pending";
    const [row] = await tx
      .insert(paymentTransactions)
      .values({
        applicationId: payment.applicationId,
        userId: payment.userId,
        kind: "refund",
        refundOfId: id,
        amount: refund.amount,
        currency: payment.currency,
        status,
        paymentMethod: "card",
        membershipTier: payment.membershipTier,
        notes: input.reason,
        stripeRefundId: refund.id,
        createdBy: actor.adminId,
        completedAt: status === "completed" ? new Date() : null,
        failedAt: status === "failed" ? new Date() : null,
      })
      .returning();
    if (status !== "failed" && refunded + refund.amount >= payment.amount) await movePaymentById(tx, id, { status: "refunded" });
    await recordAudit({ actorId: actor.adminId, action: "payment.refunded", entityType: "payment_transaction", entityId: id, details: { amount: refund.amount, refundId: refund.id, reason: input.reason }, ip: actor.ip }, tx);
    return row!;
  });
}

const isCharge = (t: PaymentTransaction) => (CHARGE_KINDS as readonly string[]).includes(t.kind);

export const DEMO_PAYMENT_NOT_REFUNDABLE = "This is a demo payment: the demo data made it up and no Stripe account holds it, so there is nothing to refund.";

/** A completed card payment (first month, renewal or upgrade) inside the refund guarantee (demo payments never: Stripe does not know them). */
export function isRefundable(t: PaymentTransaction, now = Date.now()): boolean {
  const paidAt = t.completedAt ?? t.createdAt;
  return isCharge(t) && t.paymentMethod === "card" && !t.demo && t.status === "completed" && Boolean(t.stripePaymentIntentId) && now - paidAt.getTime() <= REFUND_GUARANTEE_DAYS * 86_400_000;
}
