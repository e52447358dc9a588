import "server-only";
import type Stripe from "stripe";
import { and, eq, sql } from "drizzle-orm";
import { applications, paymentTransactions, stripeEvents } from "@/db/schema";
import type { Transaction } from "@/db/client";
import { badRequest, serviceUnavailable } from "@/lib/errors";
import { env } from "@/lib/env";
import { paymentCompleted } from "./receipts";
import { transactionWithEmail } from "@/server/email/outbox";
import { onInvoiceEvent, onSubscriptionEvent, recordOutsideRefund } from "@/server/billing/events";
import { startCardMembership } from "@/server/billing/memberships";
import { movePaymentByIntent } from "./ledger";
import { stripe } from "./stripe";

/** Verifies Stripe's signature on the raw body; a bad or missing signature is a 400. */
export function verifyWebhook(rawBody: string, signature: string | null): Stripe.Event {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw serviceUnavailable("Payments are not configured");
  if (!signature) throw badRequest("Missing Stripe-Signature header");
  try {
    return stripe().webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw badRequest("Invalid webhook signature");
  }
}

/**
 * Applies one verified event. The event id is recorded in the same transaction as the change, so
 * a redelivered event changes nothing and a failed one (answered 500) is retried by Stripe.
 */
export async function handleStripeEvent(event: Stripe.Event, baseUrl: string): Promise<"processed" | "duplicate"> {
  return transactionWithEmail(async (tx, queueEmail) => {
    const [fresh] = await tx.insert(stripeEvents).values({ id: event.id, type: event.type, payload: event }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (!fresh) return "duplicate";
    switch (event.type) {
      case "payment_intent.amount_capturable_updated":
        await lockApplicationOfIntent(tx, event.data.object.id);
        await movePaymentByIntent(tx, event.data.object.id, { status: "authorized" });
        break;
      case "payment_intent.succeeded": {
        await lockApplicationOfIntent(tx, event.data.object.id);
        const row = await movePaymentByIntent(tx, event.data.object.id, { status: "completed" });
        if (row) await paymentCompleted(tx, queueEmail, row, baseUrl);
        // The first payment captured (here, at approval or by an admin): monthly billing begins.
        const applicationId = Number(event.data.object.metadata?.applicationId);
        if (applicationId) await startCardMembership(tx, applicationId);
        break;
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        await onSubscriptionEvent(tx, queueEmail, event.data.object, baseUrl);
        break;
      case "invoice.paid":
        await onInvoiceEvent(tx, queueEmail, event.data.object, "paid", baseUrl);
        break;
      case "invoice.payment_failed":
        await onInvoiceEvent(tx, queueEmail, event.data.object, "failed", baseUrl);
        break;
      case "payment_intent.payment_failed": {
        const intent = event.data.object;
        await lockApplicationOfIntent(tx, intent.id);
        await movePaymentByIntent(tx, intent.id, { status: "failed", notes: intent.last_payment_error?.message ?? "The payment failed." });
        break;
      }
      case "payment_intent.canceled":
        await lockApplicationOfIntent(tx, event.data.object.id);
        await movePaymentByIntent(tx, event.data.object.id, { status: "canceled" });
        break;
      case "charge.refunded": {
        const charge = event.data.object;
        const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
        if (intentId) await lockApplicationOfIntent(tx, intentId);
        if (intentId) await recordOutsideRefund(tx, charge, intentId);
        if (intentId && charge.amount_refunded >= charge.amount) await movePaymentByIntent(tx, intentId, { status: "refunded" });
        break;
      }
      case "refund.updated":
      case "refund.created": {
        const refund = event.data.object;
        const status = refund.status === "succeeded" ? "completed" : refund.status === "failed" || refund.status === "canceled" ? "failed" : null;
        if (status) {
          await tx
            .update(paymentTransactions)
            .set({ status, ...(status === "completed" ? { completedAt: sql`coalesce(${paymentTransactions.completedAt}, now())` } : { failedAt: sql`now()` }) })
            .where(and(eq(paymentTransactions.stripeRefundId, refund.id), eq(paymentTransactions.status, "pending")));
        }
        break;
      }
      default:
        break;
    }
    return "processed";
  });
}


/**
 * Locks the application before its payment row, the order approval and rejection use, so that an
 * event arriving while an admin reviews waits for the review instead of deadlocking with it.
 */
async function lockApplicationOfIntent(tx: Transaction, intentId: string): Promise<void> {
  const [row] = await tx
    .select({ applicationId: paymentTransactions.applicationId })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.stripePaymentIntentId, intentId))
    .limit(1);
  if (row?.applicationId) await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, row.applicationId)).for("update");
}
