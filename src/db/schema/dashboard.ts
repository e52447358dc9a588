import { bigint, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * The admin dashboard's figures per UTC day, kept by triggers on the tables they count (migration 0027:
 * every insert, update and delete adds its difference in the same transaction), so a period reads at
 * most a few hundred rows whatever the size of the tables. Zero columns mean nothing happened.
 */
export const activityDaily = pgTable("activity_daily", {
  day: date().primaryKey(),
  /** Members who joined that day and are not disabled or erased. */
  joined: integer().notNull().default(0),
  /** Cents of completed (or later refunded) charges, and of refunds. */
  revenue: bigint({ mode: "number" }).notNull().default(0),
  refunds: bigint({ mode: "number" }).notNull().default(0),
  /** RSVPs still going, topics, replies, library comments and library views (one per member, item and day). */
  rsvps: integer().notNull().default(0),
  topics: integer().notNull().default(0),
  replies: integer().notNull().default(0),
  comments: integer().notNull().default(0),
  libraryViews: integer().notNull().default(0),
});

/** Active members (not disabled, not erased) per tier, '' for none: kept by triggers on users (migration 0027). */
export const membersByTier = pgTable("members_by_tier", {
  tier: text().primaryKey(),
  members: integer().notNull().default(0),
});

/**
 * Memberships by status, tier and billing method, kept by triggers on memberships (migration 0033) as
 * members_by_tier is on users: the dashboard's monthly recurring revenue reads these few rows.
 */
export const membershipsByStatus = pgTable(
  "memberships_by_status",
  {
    status: text().notNull(),
    tier: text().notNull(),
    billingMethod: text().notNull(),
    members: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.tier, t.billingMethod] })],
);

/**
 * The UTC months in which each member was seen (a session signed in or renewed then: sessions'
 * last_seen_at), written by triggers on sessions (migration 0033), and how many members each month has.
 */
export const memberActiveMonths = pgTable(
  "member_active_months",
  {
    month: date({ mode: "string" }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.month, t.userId] })],
);

export const activeMembersByMonth = pgTable("active_members_by_month", {
  month: date({ mode: "string" }).primaryKey(),
  members: integer().notNull().default(0),
});
