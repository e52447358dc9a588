import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, lower, oneOf } from "./helpers";
import { COMMISSION_STATUSES } from "@/features/affiliate/constants";
import { applications } from "./membership";
import { paymentTransactions } from "./payments";
import { users } from "./users";

/**
 * The affiliate registration email: a single-use link that expires. Opening it
 * shows the programme's terms; only accepting them (a POST) creates the partner record.
 */
export const partnerRegistrations = pgTable(
  "partner_registrations",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("partner_registrations_token_hash_key").on(t.tokenHash),
    index("partner_registrations_user_idx").on(t.userId),
  ],
);

/** Visits of a partner's share link (/apply?ref=), one per visitor (a keyed hash, never the address) per day. */
export const partnerLinkVisits = pgTable(
  "partner_link_visits",
  {
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    visitorHash: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("partner_link_visits_key").on(t.partnerId, t.day, t.visitorHash)],
);

/** A payout run: the eligible commissions an administrator marked paid at once (the 15th of each month). */
export const affiliatePayouts = pgTable("affiliate_payouts", {
  id: serial().primaryKey(),
  createdBy: integer().references(() => users.id, { onDelete: "set null" }),
  commissionCount: integer().notNull(),
  totalCents: integer().notNull(),
  createdAt: createdAt(),
});

export const partners = pgTable(
  "partners",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    partnerCode: text().notNull(),
    /** Display text such as "15%". */
    referralCommission: text().notNull().default("15%"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("partners_user_key").on(t.userId),
    uniqueIndex("partners_code_lower_key").on(lower(t.partnerCode)),
  ],
);

export const referralCommissions = pgTable(
  "referral_commissions",
  {
    id: serial().primaryKey(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    /** The referred member's first cleared payment; a refund of it cancels the commission until it is paid. */
    paymentTransactionId: integer().references(() => paymentTransactions.id, { onDelete: "set null" }),
    amountCents: integer().notNull(),
    rate: text().notNull(),
    status: text().notNull().default("pending"),
    /** Commissions are processed 30 days after the payment clears. */
    eligibleAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    payoutId: integer().references(() => affiliatePayouts.id, { onDelete: "set null" }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf("referral_commissions_status_check", t.status, COMMISSION_STATUSES),
    // One commission per referred application, whichever path (payment or the admin's button) creates it.
    uniqueIndex("referral_commissions_application_key").on(t.applicationId),
    index("referral_commissions_partner_idx").on(t.partnerId),
    index("referral_commissions_status_idx").on(t.status, t.eligibleAt),
    index("referral_commissions_payment_idx").on(t.paymentTransactionId),
  ],
);
