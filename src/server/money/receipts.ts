import "server-only";
import { onPaymentCleared } from "@/server/affiliate";
import { eq } from "drizzle-orm";
import type { Transaction } from "@/db/client";
import { applications, users } from "@/db/schema";
import { formatCents, formatDate, tierName } from "@/lib/format";
import type { OutgoingEmail, QueueEmail } from "@/server/email/outbox";
import { renderEmail } from "@/server/email/render";
import { readSiteSettings } from "@/server/settings";
import { writeToUs } from "@/features/settings/schemas";
import { afterApplicationPayment } from "./after-payment";
import type { PaymentTransaction } from "./locks";

const METHOD_LABELS: Record<string, string> = { card: "Card", manual: "Bank transfer or other offline payment" };

export function paymentReceiptEmail(
  siteName: string,
  contact: string,
  payer: { firstName: string; email: string },
  payment: PaymentTransaction,
): OutgoingEmail {
  const paidOn = formatDate(payment.completedAt ?? new Date());
  return {
    to: payer.email,
    kind: "payment-receipt",
    subject: `Your receipt from ${siteName}`,
    ...renderEmail({
      siteName,
      heading: "Payment received",
      paragraphs: [
        `Hi ${payer.firstName},`,
        `Thank you: we received your payment of ${formatCents(payment.amount, payment.currency)}${payment.membershipTier ? ` for the ${tierName(payment.membershipTier)} membership` : ""} on ${paidOn}.`,
        `Receipt number: ${payment.id}. Payment method: ${METHOD_LABELS[payment.paymentMethod] ?? payment.paymentMethod}.`,
        `Please keep this email for your records. If anything looks wrong, ${contact}.`,
      ],
    }),
  };
}

async function payerOf(tx: Transaction, payment: PaymentTransaction) {
  if (payment.userId) {
    const [user] = await tx
      .select({ firstName: users.firstName, email: users.email })
      .from(users)
      .where(eq(users.id, payment.userId))
      .limit(1);
    if (user) return user;
  }
  if (payment.applicationId) {
    const [app] = await tx
      .select({ firstName: applications.firstName, email: applications.email })
      .from(applications)
      .where(eq(applications.id, payment.applicationId))
      .limit(1);
    if (app) return app;
  }
  return null;
}

/**
 * What follows every payment that has just become completed, wherever it completed (the webhook,
 * a capture on approval, an admin's card payment, a manual payment recorded or marked): the
 * receipt, in the same transaction, and the invitation if the application was waiting for it.
 * Callers call it only when their own change completed the payment, so the receipt goes once.
 */
export async function paymentCompleted(
  tx: Transaction,
  queueEmail: QueueEmail,
  payment: PaymentTransaction,
  baseUrl: string,
): Promise<boolean> {
  // Card renewals and upgrades get Stripe's own invoice and receipt; what we took ourselves gets ours.
  const ours = payment.kind === "payment" || payment.paymentMethod === "manual";
  if (ours && payment.status === "completed" && payment.amount > 0) {
    const payer = await payerOf(tx, payment);
    if (payer) {
      const settings = await readSiteSettings(tx);
      await queueEmail(paymentReceiptEmail(settings.siteName, writeToUs(settings, baseUrl), payer, payment));
    }
  }
  await onPaymentCleared(tx, payment);
  return payment.applicationId ? afterApplicationPayment().paid(tx, queueEmail, payment.applicationId, baseUrl) : false;
}
