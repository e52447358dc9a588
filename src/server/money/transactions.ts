import "server-only";
import { formatCents } from "@/lib/format";
import { actsAsAdmin, ADMIN, assertAccess } from "@/lib/auth/access";
import { desc, eq, lt } from "drizzle-orm";
import { db } from "@/db";
import { applications, paymentTransactions, users } from "@/db/schema";
import { CHARGE_KINDS } from "@/features/money/constants";
import { AppError, conflict, forbidden, notFound } from "@/lib/errors";
import { REFUND_GUARANTEE_DAYS } from "@/features/money/constants";
import type { RefundInput } from "@/features/money/schemas";
import { toMemberPayment, type MemberPayment } from "@/features/money/types";
import type { SessionUser } from "@/lib/auth/session-user";
import { recordAudit } from "@/server/audit";
import { CSV_PAGE_SIZE, pagesByIdDescending, type CsvCell, type CsvExport } from "@/server/csv";
import type { Actor } from "@/server/auth/actor";
import { lockPayment, type PaymentTransaction } from "./locks";
import { refundPayment } from "./refunds";

export type { PaymentTransaction };

/** Every transaction, newest first (the admin list filters and searches these in the browser). */
export async function listTransactions(viewer: SessionUser, limit = 5000) {
  assertAccess(viewer, ADMIN);
  return db
    .select()
    .from(paymentTransactions)
    .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
    .limit(limit);
}

export async function getTransaction(viewer: SessionUser, id: number) {
  assertAccess(viewer, ADMIN);
  const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)).limit(1);
  if (!row) throw notFound("Transaction Not Found");
  return row;
}

/** The transaction with its application and member, for the detail page. */
export async function getTransactionDetail(viewer: SessionUser, id: number) {
  assertAccess(viewer, ADMIN);
  const [row] = await db
    .select({
      transaction: paymentTransactions,
      application: {
        id: applications.id,
        firstName: applications.firstName,
        lastName: applications.lastName,
        email: applications.email,
        status: applications.status,
        membershipTier: applications.membershipTier,
      },
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        username: users.username,
        membershipLevel: users.membershipLevel,
      },
    })
    .from(paymentTransactions)
    .leftJoin(applications, eq(applications.id, paymentTransactions.applicationId))
    .leftJoin(users, eq(users.id, paymentTransactions.userId))
    .where(eq(paymentTransactions.id, id))
    .limit(1);
  if (!row) return null;
  const refunds = await db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.refundOfId, id))
    .orderBy(paymentTransactions.createdAt);
  return {
    ...row,
    application: row.application?.id ? row.application : null,
    user: row.user?.id ? row.user : null,
    refunds,
  };
}

/** A member's own payments, as she sees them (GET /api/users/{id}/payment-transactions, an admin too). */
export async function listUserTransactions(userId: number, viewer: SessionUser): Promise<MemberPayment[]> {
  if (viewer.id !== userId && !actsAsAdmin(viewer)) throw forbidden("You can only see your own payments.");
  const rows = await db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.userId, userId))
    .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id));
  return rows.map(toMemberPayment);
}

export const CSV_COLUMNS = [
  "id",
  "createdAt",
  "kind",
  "applicationId",
  "userId",
  "membershipTier",
  "paymentMethod",
  "amount",
  "currency",
  "status",
  "stripePaymentIntentId",
  "stripeRefundId",
  "completedAt",
  "failedAt",
  "notes",
] as const;

/** GET /api/payment-transactions/export. */
export const TRANSACTIONS_CSV: CsvExport<PaymentTransaction> = {
  name: "payment-transactions",
  header: CSV_COLUMNS,
  row: (row) =>
    CSV_COLUMNS.map((c) =>
      c === "amount"
        ? formatCents(row.amount, "usd", { plain: true })
        : row[c] instanceof Date
          ? (row[c] as Date).toISOString()
          : (row[c] as CsvCell),
    ),
};

/** Every transaction, newest first, a page at a time (the CSV export). */
export function transactionPages(viewer: SessionUser) {
  assertAccess(viewer, ADMIN);
  return pagesByIdDescending((beforeId) =>
    db
      .select()
      .from(paymentTransactions)
      .where(beforeId ? lt(paymentTransactions.id, beforeId) : undefined)
      .orderBy(desc(paymentTransactions.id))
      .limit(CSV_PAGE_SIZE),
  );
}

/**
 * An admin's refund of a card payment within the 14-day guarantee, in full or in part, from the
 * transaction page or her billing page (one route, POST /api/payment-transactions/{id}/refund).
 * A refund Stripe answers as failed is kept (committed) and then answered 502 with Stripe's reason.
 */
export async function refundTransaction(id: number, input: RefundInput, actor: Actor) {
  assertAccess(actor.viewer, ADMIN);
  const row = await db.transaction(async (tx) => {
    const payment = await lockPayment(tx, { id });
    if (!payment) throw notFound("Transaction Not Found");
    if (payment.status === "completed" && !withinGuarantee(payment))
      throw conflict(`The ${REFUND_GUARANTEE_DAYS}-day refund guarantee for this payment has passed.`);
    const refund = await refundPayment(tx, payment, { amount: input.amount, note: input.reason, actorId: actor.id });
    await recordAudit(
      {
        actorId: actor.id,
        action: "payment.refunded",
        entityType: "payment_transaction",
        entityId: id,
        details: {
          amount: refund.amount,
          refundId: refund.stripeRefundId,
          status: refund.status,
          reason: input.reason,
        },
        ip: actor.ip,
      },
      tx,
    );
    return refund;
  });
  if (row.status === "failed")
    throw new AppError(
      502,
      "Stripe could not make the refund: nothing went back to the card. The attempt is listed with the payment's refunds.",
    );
  return row;
}

const isCharge = (t: PaymentTransaction) => (CHARGE_KINDS as readonly string[]).includes(t.kind);
const withinGuarantee = (t: PaymentTransaction, now = Date.now()) =>
  now - (t.completedAt ?? t.createdAt).getTime() <= REFUND_GUARANTEE_DAYS * 86_400_000;

/** A completed card payment (first month, renewal or upgrade) inside the refund guarantee (demo payments never: Stripe does not know them). */
export function isRefundable(t: PaymentTransaction, now = Date.now()): boolean {
  return (
    isCharge(t) &&
    t.paymentMethod === "card" &&
    !t.demo &&
    t.status === "completed" &&
    Boolean(t.stripePaymentIntentId) &&
    withinGuarantee(t, now)
  );
}
