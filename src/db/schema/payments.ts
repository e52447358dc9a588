import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, oneOf, updatedAt } from "./helpers";
import { PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES } from "@/features/money/constants";
import { applications } from "./membership";
import { users } from "./users";

/** Every charge, capture, refund and failure is a row here. */
export const paymentTransactions = pgTable(
  "payment_transactions",
  {
    id: serial().primaryKey(),
    applicationId: integer().references(() => applications.id, { onDelete: "set null" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    kind: text().notNull().default("payment"),
    /** For a refund row, the payment it refunds. */
    refundOfId: integer(),
    /** Amount in cents (positive for refunds too; `kind` tells the direction). */
    amount: integer().notNull(),
    currency: text().notNull().default("usd"),
    status: text().notNull().default("pending"),
    paymentMethod: text().notNull(),
    membershipTier: text(),
    notes: text(),
    stripePaymentIntentId: text(),
    stripeRefundId: text(),
    /** The Stripe invoice of a renewal or upgrade. */
    stripeInvoiceId: text(),
    /** Stripe's hosted receipt of that invoice. */
    receiptUrl: text(),
    /** Made up by the demo data: its Stripe ids exist in no Stripe account, so Stripe is never asked about it. */
    demo: boolean().notNull().default(false),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    oneOf("payment_transactions_status_check", t.status, PAYMENT_STATUSES),
    oneOf("payment_transactions_kind_check", t.kind, PAYMENT_KINDS),
    oneOf("payment_transactions_method_check", t.paymentMethod, PAYMENT_METHODS),
    uniqueIndex("payment_transactions_intent_key").on(t.stripePaymentIntentId),
    uniqueIndex("payment_transactions_refund_key").on(t.stripeRefundId),
    uniqueIndex("payment_transactions_invoice_key").on(t.stripeInvoiceId),
    index("payment_transactions_application_idx").on(t.applicationId),
    index("payment_transactions_user_idx").on(t.userId),
    index("payment_transactions_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("payment_transactions_status_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The admin dashboard's revenue and refunds: an index-only scan of settled rows by date.
    index("payment_transactions_settled_idx")
      .on(t.createdAt, t.kind, t.amount)
      .where(sql`${t.status} in ('completed', 'refunded')`),
  ],
);

/** Stripe webhook events already handled, so a redelivered event changes nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  payload: jsonb(),
  receivedAt: createdAt(),
});

/**
 * Every Stripe call that changes something, one row per attempt: its idempotency key names this row,
 * never the operation, so a retry after Stripe failed is a new request rather than a replay of the
 * saved failure (Stripe replays a key's first answer, a 500 included, for 24 hours). The row is
 * written in the transaction of the change it serves; an attempt whose transaction rolled back leaves
 * no row, but its number is never used again.
 */
export const stripeRequests = pgTable(
  "stripe_requests",
  {
    id: serial().primaryKey(),
    /** What was asked, e.g. "refund", "capture", "subscription". */
    operation: text().notNull(),
    /** Of what, e.g. "payment-12", "application-7", "membership-3". */
    subject: text().notNull(),
    idempotencyKey: text().notNull(),
    outcome: text().notNull().default("sent"),
    /** The id of the object Stripe answered with. */
    stripeId: text(),
    error: text(),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf("stripe_requests_outcome_check", t.outcome, ["sent", "succeeded", "failed"]),
    uniqueIndex("stripe_requests_idempotency_key").on(t.idempotencyKey),
    index("stripe_requests_subject_idx").on(t.subject),
  ],
);

/**
 * Webhook events we refused and Stripe will deliver again: sent at another API version than the one
 * this app reads, or of a shape it cannot read. Listed on /admin until the event is applied.
 */
export const stripeEventRefusals = pgTable("stripe_event_refusals", {
  eventId: text().primaryKey(),
  type: text().notNull(),
  apiVersion: text(),
  reason: text().notNull(),
  message: text().notNull(),
  deliveries: integer().notNull().default(1),
  firstAt: createdAt(),
  lastAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each call Stripe refused (https://docs.stripe.com/api/errors), a card decline included: the admin's
 * list at /admin/stripe-refusals. The call as Stripe's request log names it (method, path, request id),
 * whose money it was about, what the app was doing, Stripe's error object (type, code, decline code,
 * parameter, message) and what the caller was answered (402 for a decline, 502 otherwise).
 */
export const stripeRefusals = pgTable(
  "stripe_refusals",
  {
    id: serial().primaryKey(),
    method: text().notNull(),
    path: text().notNull(),
    requestId: text(),
    /** What the app was doing, in the words the caller was given ("The refund failed"). */
    operation: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    applicationId: integer().references(() => applications.id, { onDelete: "set null" }),
    httpStatus: integer().notNull(),
    type: text().notNull(),
    code: text(),
    declineCode: text(),
    param: text(),
    message: text().notNull(),
    answeredStatus: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("stripe_refusals_created_idx").on(t.createdAt.desc().nullsFirst()),
    index("stripe_refusals_user_idx").on(t.userId),
    index("stripe_refusals_application_idx").on(t.applicationId),
  ],
);
