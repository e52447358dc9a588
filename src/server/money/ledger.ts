import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { paymentTransactions } from "@/db/schema";
import { CHARGE_KINDS, type PaymentStatus } from "@/features/money/constants";
import { onPaymentReversed } from "@/server/affiliate";

/**
 * The moves a payment may make. Stripe may deliver events late or out of order and an admin may
 * act at the same time, so every change is a conditional UPDATE from the states allowed to reach
 * the new one: a late "authorized" never undoes a capture, a late "failed" never undoes a payment.
 */
const ALLOWED_FROM: Record<PaymentStatus, PaymentStatus[]> = {
  pending: [],
  authorized: ["pending", "failed"],
  completed: ["pending", "authorized", "failed"],
  failed: ["pending", "authorized"],
  canceled: ["pending", "authorized", "failed"],
  refunded: ["completed"],
};

export interface PaymentChange {
  status: PaymentStatus;
  notes?: string | null;
  userId?: number | null;
}

/** Moves a payment row; returns the row when it moved, null otherwise. */
export async function movePaymentById(executor: Executor, id: number, change: PaymentChange) {
  return moveWhere(executor, eq(paymentTransactions.id, id), change);
}

async function moveWhere(executor: Executor, where: ReturnType<typeof eq>, change: PaymentChange) {
  const from = ALLOWED_FROM[change.status];
  if (from.length === 0) return null;
  const [row] = await executor
    .update(paymentTransactions)
    .set({
      status: change.status,
      ...(change.notes !== undefined ? { notes: change.notes } : {}),
      ...(change.userId !== undefined ? { userId: change.userId } : {}),
      ...(change.status === "completed"
        ? { completedAt: sql`coalesce(${paymentTransactions.completedAt}, now())`, failedAt: null }
        : {}),
      ...(change.status === "failed" ? { failedAt: sql`now()` } : {}),
    })
    .where(and(where, inArray(paymentTransactions.kind, CHARGE_KINDS), inArray(paymentTransactions.status, from)))
    .returning();
  // A payment refunded in full before its partner's commission is paid cancels the commission.
  if (row?.status === "refunded") await onPaymentReversed(executor, row.id);
  return row ?? null;
}

/**
 * The one move back: a payment marked refunded whose refund then failed (Stripe reports a refund
 * as failed days later when the card's account has closed) is completed again, nothing having gone
 * back to her. Kept apart from the forward moves so that no late capture event can undo a refund.
 */
export async function reopenRefundedPayment(executor: Executor, id: number) {
  const [row] = await executor
    .update(paymentTransactions)
    .set({ status: "completed" })
    .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.status, "refunded")))
    .returning();
  return row ?? null;
}
