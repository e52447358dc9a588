import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "@/db/client";
import { paymentTransactions, users } from "@/db/schema";
import type { QueueEmail } from "@/server/email/outbox";
import { lockMembership } from "@/server/money";
import { readStripe, readStripeList, type InvoiceObject } from "@/server/money";
import { askStripe } from "@/server/stripe/client";
import type { FollowUp } from "@/server/stripe/follow-up";
import { readSiteSettings } from "@/server/settings";
import { billingEmails } from "./emails";
import { mirrorSubscription, setPaidTier, type Membership } from "./memberships";
import { tierOfPrice } from "./prices";

const SUBSCRIPTION_UNREAD = "Her subscription could not be read";

async function emailContext(tx: Transaction, membership: Membership, baseUrl: string) {
  if (!membership.userId) return null;
  const [to] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, membership.userId))
    .limit(1);
  if (!to) return null;
  return { siteName: (await readSiteSettings(tx)).siteName, to, billingUrl: `${baseUrl}/profile?tab=billing` };
}

/** Re-reads the subscription from Stripe and mirrors it, under the membership's lock. */
async function refresh(
  tx: Transaction,
  queueEmail: QueueEmail,
  membership: Membership,
  baseUrl: string,
): Promise<Membership> {
  const subscription = readStripe(
    "subscription",
    await askStripe(SUBSCRIPTION_UNREAD, membership, (client) =>
      client.subscriptions.retrieve(membership.stripeSubscriptionId!),
    ),
  );
  const { before, after } = await mirrorSubscription(tx, membership, subscription);
  if (before.status !== "canceled" && after.status === "canceled") {
    const ctx = await emailContext(tx, after, baseUrl);
    if (ctx) await queueEmail(billingEmails.ended(ctx));
  }
  return after;
}

/** customer.subscription.created / updated / deleted: the subscription as it is now. */
export async function onSubscriptionChanged(
  tx: Transaction,
  queueEmail: QueueEmail,
  subscriptionId: string,
  baseUrl: string,
): Promise<void> {
  const membership = await lockMembership(tx, { subscriptionId });
  if (membership) await refresh(tx, queueEmail, membership, baseUrl);
}

/** The PaymentIntent that paid an invoice, for refunds (Stripe lists an invoice's payments separately). */
async function intentOfInvoice(invoice: InvoiceObject, membership: Membership): Promise<string | null> {
  const payments =
    invoice.payments?.data ??
    readStripeList(
      "invoice_payment",
      await askStripe("The invoice's payment could not be read", membership, (client) =>
        client.invoicePayments.list({ invoice: invoice.id, limit: 10 }),
      ),
    );
  const paid = payments.find((p) => p.status === "paid") ?? payments.at(-1);
  return paid?.payment.payment_intent ?? null;
}

/** The tier an invoice paid for: the price of its largest line (an upgrade's charge for the new tier). */
async function tierOfInvoice(invoice: InvoiceObject): Promise<string | null> {
  const top = [...invoice.lines.data].sort((a, b) => b.amount - a.amount)[0];
  const priceId = top?.pricing?.price_details?.price;
  return priceId ? tierOfPrice(priceId) : null;
}

/**
 * invoice.paid and invoice.payment_failed: each invoice that asks for money is one payment
 * transaction row (renewal or upgrade), keyed by the invoice, moved only forward: a late failure
 * never undoes a payment. A paid invoice sets the tier she has paid for, unless a newer invoice
 * already did. The first failure of an invoice tells her, and so does its payment at last; the
 * subscription's state (past due, active again) is then read back from Stripe.
 */
export async function onInvoiceEvent(
  tx: Transaction,
  queueEmail: QueueEmail,
  invoice: InvoiceObject,
  outcome: "paid" | "failed",
  baseUrl: string,
  followUp: FollowUp,
): Promise<void> {
  const subscriptionId = invoice.parent?.subscription_details?.subscription;
  if (!subscriptionId) return;
  let membership = await lockMembership(tx, { subscriptionId });
  if (!membership) return;
  const amount = outcome === "paid" ? invoice.amount_paid : invoice.amount_due;
  const tier = await tierOfInvoice(invoice);
  let firstFailure = false;
  let recovered = false;
  if (amount > 0) {
    const kind = invoice.billing_reason === "subscription_update" ? "upgrade" : "renewal";
    const base = {
      applicationId: membership.applicationId,
      userId: membership.userId,
      kind,
      amount,
      currency: invoice.currency,
      paymentMethod: "card",
      membershipTier: tier ?? membership.tier,
      stripeInvoiceId: invoice.id,
    };
    if (outcome === "paid") {
      const [prior] = await tx
        .select({ status: paymentTransactions.status })
        .from(paymentTransactions)
        .where(eq(paymentTransactions.stripeInvoiceId, invoice.id))
        .limit(1);
      recovered = prior?.status === "failed";
      const intentId = await intentOfInvoice(invoice, membership);
      await tx
        .insert(paymentTransactions)
        .values({
          ...base,
          status: "completed",
          completedAt: new Date(),
          stripePaymentIntentId: intentId,
          receiptUrl: invoice.hosted_invoice_url ?? null,
        })
        .onConflictDoUpdate({
          target: paymentTransactions.stripeInvoiceId,
          set: {
            status: "completed",
            amount,
            completedAt: sql`coalesce(${paymentTransactions.completedAt}, now())`,
            failedAt: null,
            stripePaymentIntentId: intentId,
            receiptUrl: invoice.hosted_invoice_url ?? null,
          },
          setWhere: inArray(paymentTransactions.status, ["pending", "failed"]),
        });
    } else {
      const notes = `Attempt ${invoice.attempt_count} failed${invoice.next_payment_attempt ? `; Stripe retries on ${new Date(invoice.next_payment_attempt * 1000).toISOString().slice(0, 10)}` : ""}.`;
      const [row] = await tx
        .insert(paymentTransactions)
        .values({ ...base, status: "failed", failedAt: new Date(), notes })
        .onConflictDoUpdate({
          target: paymentTransactions.stripeInvoiceId,
          set: { failedAt: sql`now()`, notes },
          setWhere: inArray(paymentTransactions.status, ["pending", "failed"]),
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      firstFailure = Boolean(row?.inserted);
    }
  }
  if (outcome === "paid" && tier && invoice.created >= (membership.tierInvoiceCreated ?? 0))
    membership = await setPaidTier(tx, membership, tier, invoice.created);
  const paidFor = membership;
  // The payment is recorded above; reading the subscription back is a follow-up (src/server/stripe/follow-up.ts).
  await followUp(async (sp) => {
    const after = await refresh(sp, queueEmail, paidFor, baseUrl);
    const failedNow = firstFailure && after.status === "past_due";
    if (!failedNow && !recovered) return;
    const ctx = await emailContext(sp, after, baseUrl);
    if (!ctx) return;
    if (failedNow) await queueEmail(billingEmails.paymentFailed(ctx, amount, after.accessEndsAt!));
    if (recovered) await queueEmail(billingEmails.paymentRecovered(ctx, amount));
  });
}
