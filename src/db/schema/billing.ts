import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, oneOf, updatedAt } from "./helpers";
import { BILLING_METHODS, MEMBERSHIP_STATUSES } from "@/features/billing/constants";
import { TIER_IDS } from "@/features/membership/constants";
import { applications } from "./membership";
import { membershipTiers } from "./tiers";
import { users } from "./users";

/**
 * A member's recurring billing: one row per accepted application. Stripe's subscription
 * is the source of truth for card members; this row mirrors it (written by webhooks) so that pages
 * and access checks never call Stripe. `tier` is the tier she has paid for, which her level follows.
 */
export const memberships = pgTable(
  "memberships",
  {
    id: serial().primaryKey(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    /** Set when the applicant creates her account. */
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    tier: text()
      .notNull()
      .references(() => membershipTiers.id),
    /** A downgrade that takes effect at the end of the current period. */
    scheduledTier: text().references(() => membershipTiers.id),
    status: text().notNull(),
    billingMethod: text().notNull(),
    stripeCustomerId: text(),
    stripeSubscriptionId: text(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    /** The end of the tier's term: cancelling is possible once a period ends on or after it. */
    termEndsAt: timestamp({ withTimezone: true }).notNull(),
    currentPeriodStart: timestamp({ withTimezone: true }),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    trialEndsAt: timestamp({ withTimezone: true }),
    pastDueSince: timestamp({ withTimezone: true }),
    /** When her access ends unless she pays (past due + 14 days, a trial's end, a cancellation). */
    accessEndsAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    /** `created` of the invoice `tier` was last taken from, so that a late invoice never undoes a change. */
    tierInvoiceCreated: integer(),
    /** The period end a renewal or trial reminder was last sent for (one reminder per period). */
    reminderSentFor: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf("memberships_status_check", t.status, MEMBERSHIP_STATUSES),
    oneOf("memberships_billing_method_check", t.billingMethod, BILLING_METHODS),
    oneOf("memberships_tier_check", t.tier, TIER_IDS),
    uniqueIndex("memberships_application_key").on(t.applicationId),
    uniqueIndex("memberships_user_key").on(t.userId),
    uniqueIndex("memberships_subscription_key").on(t.stripeSubscriptionId),
    index("memberships_period_end_idx").on(t.currentPeriodEnd),
  ],
);

/** What the daily comparison of our records with Stripe's found (listed on the admin dashboard). */
export const billingReconciliations = pgTable("billing_reconciliations", {
  id: serial().primaryKey(),
  ranAt: createdAt(),
  checked: integer().notNull(),
  differences: jsonb()
    .$type<
      { membershipId: number; userId: number | null; field: string; ours: string | null; stripe: string | null }[]
    >()
    .notNull(),
});
