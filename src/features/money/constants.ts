import type Stripe from "stripe";

/** authorized = card held, completed = captured or paid, canceled = hold released. */
export const PAYMENT_STATUSES = ["pending", "authorized", "completed", "failed", "canceled", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** payment = the first month, renewal = a monthly invoice, upgrade = the prorated charge of a tier change. */
export const PAYMENT_KINDS = ["payment", "renewal", "upgrade", "refund"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
/** The kinds that take money (a refund gives it back). */
/** Also in activity_daily_contribution (migration 0027): a new kind that charges needs a migration there too. */
export const CHARGE_KINDS = ["payment", "renewal", "upgrade"] as const satisfies readonly PaymentKind[];
export const PAYMENT_METHODS = ["card", "manual", "trial"] as const;

/** The webhook events the app handles, one handler each (src/server/runtime/stripe-webhook/handlers.ts). */
export const HANDLED_STRIPE_EVENTS = [
  "payment_intent.amount_capturable_updated",
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
  "charge.refunded",
  "refund.created",
  "refund.updated",
  "refund.failed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
] as const satisfies readonly Stripe.WebhookEndpointCreateParams.EnabledEvent[];
export type HandledStripeEvent = (typeof HANDLED_STRIPE_EVENTS)[number];

export const WEBHOOK_PATH = "/api/stripe/webhook";

/** Stripe's own tolerance for a signed timestamp (https://docs.stripe.com/webhooks#replay-attacks), here in both directions. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The 14-day refund guarantee. */
export const REFUND_GUARANTEE_DAYS = 14;

/** How long the payment link emailed to an applicant works (as an invitation does). */
export const PAYMENT_LINK_TTL_DAYS = 14;

/** Rows per page of the admin's list of Stripe refusals (/admin/stripe-refusals). */
export const STRIPE_REFUSALS_PAGE_SIZE = 50;
