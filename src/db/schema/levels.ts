import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "./helpers";
import { POINT_REASONS } from "@/features/levels/constants";
import { forumPosts } from "./forum";
import { users } from "./users";

/** The nine levels and the points each opens at; administrators rename and move them. */
export const levels = pgTable(
  "levels",
  {
    level: smallint().primaryKey(),
    name: text().notNull(),
    minPoints: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("levels_level_range", sql`${t.level} between 1 and 9`),
    check("levels_min_points_nonnegative", sql`${t.minPoints} >= 0`),
  ],
);

/**
 * The ledger: one row per thing that earned a member points (docs/decisions/047-points-and-levels.md).
 * Rows are inserted and deleted, never updated; triggers keep member_points and member_points_daily
 * in the same transaction, so every writer (a reaction, a course, a cascade, the recompute) keeps them.
 */
export const pointEntries = pgTable(
  "point_entries",
  {
    id: serial().primaryKey(),
    /** Who earned the points. */
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text().notNull(),
    points: integer().notNull(),
    /** A reaction's reply and reactor: one entry per reactor and reply. */
    postId: integer().references(() => forumPosts.id, { onDelete: "cascade" }),
    reactorId: integer().references(() => users.id, { onDelete: "cascade" }),
    /** What else earned them (a course's id): one entry per member, reason and source. */
    sourceId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf("point_entries_reason_check", t.reason, POINT_REASONS),
    check(
      "point_entries_source_check",
      sql`(${t.reason} = 'reaction') = (${t.postId} is not null and ${t.reactorId} is not null and ${t.sourceId} is null)`,
    ),
    uniqueIndex("point_entries_reaction_key").on(t.reactorId, t.postId),
    uniqueIndex("point_entries_source_key")
      .on(t.userId, t.reason, t.sourceId)
      .where(sql`${t.sourceId} is not null`),
    index("point_entries_post_idx").on(t.postId),
    index("point_entries_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * A member's total and her points in the leaderboard's 7- and 30-day windows, kept by the ledger's
 * triggers, so that each window's board is an index walk (docs/decisions/056-leaderboard-windows-kept.md).
 * The windows are counted up to `windowsDay` (a UTC day); a row last written before today is brought
 * forward by its next write or by the leaderboard's daily roll-over.
 */
export const memberPoints = pgTable(
  "member_points",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    points: integer().notNull().default(0),
    weekPoints: integer().notNull().default(0),
    monthPoints: integer().notNull().default(0),
    windowsDay: date({ mode: "string" })
      .notNull()
      .default(sql`((now() at time zone 'UTC')::date)`),
  },
  // Each board's order as queried (points desc, nulls first as PostgreSQL's DESC has them, then who
  // joined first), so the board is read straight from the index instead of sorting every member.
  (t) => [
    index("member_points_rank_idx").on(t.points.desc().nullsFirst(), t.userId),
    index("member_points_week_rank_idx")
      .on(t.weekPoints.desc().nullsFirst(), t.userId)
      .where(sql`${t.weekPoints} > 0`),
    index("member_points_month_rank_idx")
      .on(t.monthPoints.desc().nullsFirst(), t.userId)
      .where(sql`${t.monthPoints} > 0`),
  ],
);

/** Her points per UTC day, kept by the ledger's triggers: the leaderboard's 7- and 30-day windows sum these. */
export const memberPointsDaily = pgTable(
  "member_points_daily",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    points: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    index("member_points_daily_window_idx").on(t.day, t.userId, t.points),
  ],
);
