import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "@/db/client";
import { paymentTransactions } from "@/db/schema";
import { CHARGE_KINDS } from "@/features/money/constants";
import { AppError, conflict } from "@/lib/errors";
import { formatCents } from "@/lib/format";
import { movePaymentById, reopenRefundedPayment } from "./ledger";
import type { PaymentTransaction } from "./locks";
import { readStripe, readStripeList, type RefundObject } from "./objects";
import { stripeAttempt } from "./requests";
import { refundRowStatus } from "./statuses";
import { askStripe, stripe, stripeFailure } from "@/server/stripe/client";

export const DEMO_PAYMENT_NOT_REFUNDABLE =
  "This is a demo payment: the demo data made it up and no Stripe account holds it, so there is nothing to refund.";
const REFUNDED_IN_STRIPE = "Refunded in Stripe.";
const REFUND_FAILED = "The refund failed";

const isCharge = (t: PaymentTransaction) => (CHARGE_KINDS as readonly string[]).includes(t.kind);

/** Refunds of a payment that gave (or are giving) money back: pending and completed ones. */
async function refundedSoFar(tx: Transaction, paymentId: number): Promise<number> {
  const [{ total }] = (await tx
    .select({ total: sql<number>`coalesce(sum(${paymentTransactions.amount}), 0)::int` })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.refundOfId, paymentId),
        eq(paymentTransactions.kind, "refund"),
        inArray(paymentTransactions.status, ["pending", "completed"]),
      ),
    )) as [{ total: number }];
  return total;
}

/**
 * The one rule for "refunded": a payment is refunded when its pending and completed refunds cover
 * it, and completed again if a refund then fails and they no longer do. A failed refund never makes
 * a payment refunded, whichever path refunded it.
 */
async function settleRefundedPayment(tx: Transaction, payment: PaymentTransaction): Promise<void> {
  const covered = (await refundedSoFar(tx, payment.id)) >= payment.amount;
  const [now] = await tx
    .select({ status: paymentTransactions.status })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, payment.id))
    .limit(1);
  if (covered && now?.status === "completed") await movePaymentById(tx, payment.id, { status: "refunded" });
  if (!covered && now?.status === "refunded") await reopenRefundedPayment(tx, payment.id);
}

async function writeRefundRow(
  tx: Transaction,
  payment: PaymentTransaction,
  refund: RefundObject,
  notes: string,
  createdBy: number | null,
) {
  const status = refundRowStatus(refund.status);
  const [row] = await tx
    .insert(paymentTransactions)
    .values({
      applicationId: payment.applicationId,
      userId: payment.userId,
      kind: "refund",
      refundOfId: payment.id,
      amount: refund.amount,
      currency: payment.currency,
      status,
      paymentMethod: "card",
      membershipTier: payment.membershipTier,
      notes,
      stripeRefundId: refund.id,
      createdBy,
      completedAt: status === "completed" ? new Date() : null,
      failedAt: status === "failed" ? new Date() : null,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Brings the refund rows of a card payment (locked by the caller) in line with Stripe's refunds of
 * its PaymentIntent, as Stripe has them now: a refund we do not hold (made in Stripe's Dashboard, or
 * an attempt of ours whose answer was lost) becomes a row, and each row takes its refund's status.
 * Every refund event (charge.refunded, refund.created/updated/failed) comes here, and so does every
 * refund we make, first: what Stripe already gave back is never given again.
 */
export async function syncRefundsFromStripe(
  tx: Transaction,
  payment: PaymentTransaction,
  operation = "The payment's refunds could not be read",
): Promise<void> {
  if (!payment.stripePaymentIntentId || payment.demo) return;
  const theirs = readStripeList(
    "refund",
    await askStripe(operation, payment, (client) =>
      client.refunds.list({ payment_intent: payment.stripePaymentIntentId!, limit: 100 }),
    ),
  );
  const ours = await tx
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.refundOfId, payment.id), eq(paymentTransactions.kind, "refund")));
  for (const refund of theirs) {
    const row = ours.find((r) => r.stripeRefundId === refund.id);
    const status = refundRowStatus(refund.status);
    if (!row) {
      await writeRefundRow(tx, payment, refund, refund.metadata.note ?? REFUNDED_IN_STRIPE, null);
    } else if (row.status !== status) {
      await tx
        .update(paymentTransactions)
        .set({
          status,
          completedAt: status === "completed" ? (row.completedAt ?? new Date()) : null,
          failedAt: status === "failed" ? new Date() : null,
        })
        .where(eq(paymentTransactions.id, row.id));
    }
  }
  await settleRefundedPayment(tx, payment);
}

export interface RefundRequest {
  /** Cents; the whole of what remains when absent. */
  amount?: number;
  /** Why, kept on the refund row and on Stripe's refund. */
  note: string;
  actorId: number | null;
}

/**
 * Refunds a completed card payment (first payment, renewal or upgrade), locked by the caller, in
 * full or in part, through Stripe: the one way every refund is made (rejecting an application, the
 * transaction page, her billing page). Each refund is its own row; the payment is refunded once its
 * refunds cover it. A refund Stripe answers as failed is kept as a failed row and changes nothing else.
 */
export async function refundPayment(
  tx: Transaction,
  payment: PaymentTransaction,
  request: RefundRequest,
): Promise<PaymentTransaction> {
  if (payment.demo) throw conflict(DEMO_PAYMENT_NOT_REFUNDABLE);
  if (!isCharge(payment) || payment.paymentMethod !== "card" || !payment.stripePaymentIntentId)
    throw conflict("Only card payments can be refunded through Stripe.");
  if (payment.status !== "completed")
    throw conflict(
      payment.status === "refunded"
        ? "This payment has already been refunded in full."
        : "Only completed payments can be refunded.",
    );
  await syncRefundsFromStripe(tx, payment, REFUND_FAILED);
  const remaining = payment.amount - (await refundedSoFar(tx, payment.id));
  if (remaining <= 0) throw conflict("This payment has already been refunded in full.");
  const amount = request.amount ?? remaining;
  if (amount <= 0 || amount > remaining) {
    const message = `The refund must be between $0.01 and ${formatCents(remaining, payment.currency)}.`;
    throw new AppError(400, message, { amount: message });
  }
  let refund: RefundObject;
  try {
    refund = readStripe(
      "refund",
      await stripeAttempt(tx, { operation: "refund", subject: `payment-${payment.id}` }, (idempotencyKey) =>
        stripe().refunds.create(
          {
            payment_intent: payment.stripePaymentIntentId!,
            amount,
            reason: "requested_by_customer",
            metadata: { paymentTransactionId: String(payment.id), note: request.note.slice(0, 500) },
          },
          { idempotencyKey },
        ),
      ),
    );
  } catch (error) {
    throw stripeFailure(error, REFUND_FAILED, payment);
  }
  const row = (await writeRefundRow(tx, payment, refund, request.note, request.actorId))!;
  await settleRefundedPayment(tx, payment);
  return row;
}
