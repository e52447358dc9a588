import { bigint, date, integer, pgTable, text } from "drizzle-orm/pg-core";

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
