import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Transaction } from "@/db/client";
import { applications, memberships, paymentTransactions } from "@/db/schema";
import { CHARGE_KINDS } from "@/features/money/constants";

export type Application = typeof applications.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type PaymentTransaction = typeof paymentTransactions.$inferSelect;

/**
 * The row locks of membership money, taken in one order everywhere: the application, then its
 * membership, then its payment rows. Review, the webhook, an admin's payment and a refund all take
 * them this way, so two of them at once wait for each other instead of deadlocking, and Stripe is
 * asked once (of two admins approving at once, one captures and the other is told it is done).
 */
export async function lockApplication(tx: Transaction, applicationId: number): Promise<Application | null> {
  const [app] = await tx.select().from(applications).where(eq(applications.id, applicationId)).for("update").limit(1);
  return app ?? null;
}

/** The application a payment row (or a PaymentIntent's row) belongs to, locked first; then the row itself. */
export async function lockPayment(
  tx: Transaction,
  where: { id: number } | { intentId: string },
): Promise<PaymentTransaction | null> {
  const match =
    "id" in where
      ? eq(paymentTransactions.id, where.id)
      : and(
          eq(paymentTransactions.stripePaymentIntentId, where.intentId),
          inArray(paymentTransactions.kind, CHARGE_KINDS),
        );
  const [owner] = await tx
    .select({ applicationId: paymentTransactions.applicationId })
    .from(paymentTransactions)
    .where(match)
    .limit(1);
  if (owner?.applicationId) await lockApplication(tx, owner.applicationId);
  const [row] = await tx.select().from(paymentTransactions).where(match).for("update").limit(1);
  return row ?? null;
}

/** The card payments of an application, locked (after the application). */
export async function lockCardPayments(tx: Transaction, applicationId: number): Promise<PaymentTransaction[]> {
  return tx
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.applicationId, applicationId),
        eq(paymentTransactions.kind, "payment"),
        eq(paymentTransactions.paymentMethod, "card"),
      ),
    )
    .for("update");
}

export async function lockMembership(
  tx: Transaction,
  where: { userId: number } | { subscriptionId: string },
): Promise<Membership | null> {
  const match =
    "userId" in where
      ? eq(memberships.userId, where.userId)
      : eq(memberships.stripeSubscriptionId, where.subscriptionId);
  const [row] = await tx.select().from(memberships).where(match).for("update").limit(1);
  return row ?? null;
}
