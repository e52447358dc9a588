import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./helpers";
import { partners } from "./membership";
import { users } from "./users";

/**
 * The affiliate registration email (spec 02 section 2.10): a single-use link that expires. Opening it
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
  (t) => [uniqueIndex("partner_registrations_token_hash_key").on(t.tokenHash), index("partner_registrations_user_idx").on(t.userId)],
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

/** A payout run: the eligible commissions an administrator marked paid at once (spec 02 section 9: the 15th of each month). */
export const affiliatePayouts = pgTable("affiliate_payouts", {
  id: serial().primaryKey(),
  createdBy: integer().references(() => users.id, { onDelete: "set null" }),
  commissionCount: integer().notNull(),
  totalCents: integer().notNull(),
  createdAt: createdAt(),
});
