import "server-only";
import type { Transaction } from "@/db/client";
import type { HandledStripeEvent } from "@/features/money/constants";
import { onInvoiceEvent, onSubscriptionChanged } from "@/server/billing/events";
import { startCardMembership } from "@/server/billing/memberships";
import type { QueueEmail } from "@/server/email/outbox";
import { movePaymentById } from "@/server/money/ledger";
import { lockPayment } from "@/server/money/locks";
import { readStripe } from "@/server/money/objects";
import { paymentCompleted } from "@/server/money/receipts";
import { syncRefundsFromStripe } from "@/server/money/refunds";
import type { FollowUp } from "@/server/stripe/follow-up";

interface Context {
  queueEmail: QueueEmail;
  baseUrl: string;
  followUp: FollowUp;
}
type Handler = (tx: Transaction, object: unknown, context: Context) => Promise<void>;

/** payment_intent.amount_capturable_updated: her card is held (authorized), waiting for review. */
const onIntentAuthorized: Handler = async (tx, object) => {
  const intent = readStripe("payment_intent", object);
  const payment = await lockPayment(tx, { intentId: intent.id });
  if (payment) await movePaymentById(tx, payment.id, { status: "authorized" });
};

/**
 * payment_intent.succeeded: captured (at approval, by an admin's charge, or in Stripe); her monthly
 * billing starts, once the payment is recorded: Stripe refusing the subscription never unrecords it.
 */
const onIntentSucceeded: Handler = async (tx, object, { queueEmail, baseUrl, followUp }) => {
  const intent = readStripe("payment_intent", object);
  const payment = await lockPayment(tx, { intentId: intent.id });
  if (!payment) return;
  const completed = await movePaymentById(tx, payment.id, { status: "completed" });
  if (completed) await paymentCompleted(tx, queueEmail, completed, baseUrl);
  // An application's first payment (ours carry its id; an invoice's renewal charge does not): monthly billing begins.
  const applicationId = Number(intent.metadata.applicationId);
  if (payment.kind === "payment" && applicationId === payment.applicationId)
    await followUp((sp) => startCardMembership(sp, applicationId));
};

const onIntentFailed: Handler = async (tx, object) => {
  const intent = readStripe("payment_intent", object);
  const payment = await lockPayment(tx, { intentId: intent.id });
  if (payment)
    await movePaymentById(tx, payment.id, {
      status: "failed",
      notes: intent.last_payment_error?.message ?? "The payment failed.",
    });
};

const onIntentCanceled: Handler = async (tx, object) => {
  const intent = readStripe("payment_intent", object);
  const payment = await lockPayment(tx, { intentId: intent.id });
  if (payment) await movePaymentById(tx, payment.id, { status: "canceled" });
};

/** charge.refunded: the payment's refunds as Stripe has them now, those made in Stripe's Dashboard included. */
const onChargeRefunded: Handler = async (tx, object) => {
  const charge = readStripe("charge", object);
  const payment = charge.payment_intent ? await lockPayment(tx, { intentId: charge.payment_intent }) : null;
  if (payment) await syncRefundsFromStripe(tx, payment);
};

/** refund.created / updated / failed: likewise (a refund can fail days after it succeeded). */
const onRefundChanged: Handler = async (tx, object) => {
  const refund = readStripe("refund", object);
  const payment = refund.payment_intent ? await lockPayment(tx, { intentId: refund.payment_intent }) : null;
  if (payment) await syncRefundsFromStripe(tx, payment);
};

const onSubscription: Handler = async (tx, object, { queueEmail, baseUrl }) => {
  await onSubscriptionChanged(tx, queueEmail, readStripe("reference", object).id, baseUrl);
};

const onInvoicePaid: Handler = (tx, object, { queueEmail, baseUrl, followUp }) =>
  onInvoiceEvent(tx, queueEmail, readStripe("invoice", object), "paid", baseUrl, followUp);
const onInvoiceFailed: Handler = (tx, object, { queueEmail, baseUrl, followUp }) =>
  onInvoiceEvent(tx, queueEmail, readStripe("invoice", object), "failed", baseUrl, followUp);

/**
 * One handler per event type the app handles (HANDLED_STRIPE_EVENTS, which `npm run stripe:sync`
 * subscribes the webhook endpoint to). Payments move only along the ledger's allowed transitions, so
 * late or out-of-order events cannot undo a later state; subscription, invoice and refund events
 * re-read the current state from Stripe.
 */
export const STRIPE_EVENT_HANDLERS: Record<HandledStripeEvent, Handler> = {
  "payment_intent.amount_capturable_updated": onIntentAuthorized,
  "payment_intent.succeeded": onIntentSucceeded,
  "payment_intent.payment_failed": onIntentFailed,
  "payment_intent.canceled": onIntentCanceled,
  "charge.refunded": onChargeRefunded,
  "refund.created": onRefundChanged,
  "refund.updated": onRefundChanged,
  "refund.failed": onRefundChanged,
  "customer.subscription.created": onSubscription,
  "customer.subscription.updated": onSubscription,
  "customer.subscription.deleted": onSubscription,
  "invoice.paid": onInvoicePaid,
  "invoice.payment_failed": onInvoiceFailed,
};
