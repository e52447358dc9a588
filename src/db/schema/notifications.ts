import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { DELIVERIES, NOTIFICATION_KINDS } from "@/features/notifications/constants";
import { createdAt, oneOf } from "./helpers";
import { TIER_IDS } from "@/features/membership/constants";
import { users } from "./users";

/**
 * The order of notification activity: a new notification, or a grouped one that gains an actor, takes
 * the next value. Pages are keyed on it, and it is the stream's event id (Last-Event-ID resumes after it).
 */
export const notificationSeq = pgSequence("notification_seq");

/**
 * What happened that she should know. A trigger (migration 0021) NOTIFYs channel
 * `notifications` with the recipient's id on every insert and change, for the open streams.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    seq: bigint({ mode: "number" })
      .notNull()
      .default(sql`nextval('notification_seq')`),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    /** Who did it (the latest of a group); none for the library, events and announcements. */
    actorId: integer().references(() => users.id, { onDelete: "cascade" }),
    /** Members behind a grouped notification ("Amara and 3 others"). */
    actorCount: integer().notNull().default(1),
    /** What happened, after the actor's name: "replied to your topic “Pricing”". */
    title: text().notNull(),
    url: text().notNull(),
    /** The tier the content it is about needs; read only while her tier opens it. */
    requiredLevel: text(),
    /** Unread notifications with the same key are one (reactions to one reply). */
    groupKey: text(),
    /** One per recipient and key, so that a producer run twice (a retried job) adds nothing. */
    dedupeKey: text(),
    readAt: timestamp({ withTimezone: true }),
    /** When it went out by email (at once or in a digest); never twice. */
    emailedAt: timestamp({ withTimezone: true }),
    /** When it went to her devices (Web Push); claimed once across instances. */
    pushedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_email_due_idx")
      .on(t.createdAt)
      .where(sql`read_at is null and emailed_at is null`),
    // One index per read path of her list (docs/decisions/049-notification-lists-at-size.md), in the
    // lists' order `seq desc` (nulls first, as ORDER BY ... DESC sorts): each page is a bounded scan.
    index("notifications_user_seq_idx").on(t.userId, t.seq.desc().nullsFirst()),
    index("notifications_user_kind_seq_idx").on(t.userId, t.kind, t.seq.desc().nullsFirst()),
    index("notifications_unread_seq_idx")
      .on(t.userId, t.seq.desc().nullsFirst())
      .where(sql`read_at is null`),
    index("notifications_unread_kind_seq_idx")
      .on(t.userId, t.kind, t.seq.desc().nullsFirst())
      .where(sql`read_at is null`),
    uniqueIndex("notifications_dedupe_key").on(t.userId, t.dedupeKey),
    uniqueIndex("notifications_open_group_key")
      .on(t.userId, t.groupKey)
      .where(sql`read_at is null and group_key is not null`),
    // An actor's rows (the cascade when an account goes), and hers from an actor she blocked (the unread count).
    index("notifications_actor_user_idx").on(t.actorId, t.userId),
    oneOf("notifications_kind_check", t.kind, NOTIFICATION_KINDS),
    oneOf("notifications_level_check", t.requiredLevel, TIER_IDS),
  ],
);

/**
 * Her unread notifications, kept by triggers on `notifications` (migration notification_counts) in
 * the transaction of every write: one row per member and required level (null: none), so that her
 * unread count is the sum of the rows her tier opens now, less the rare unread ones from a member she
 * has blocked (docs/decisions/049-notification-lists-at-size.md).
 */
export const notificationCounts = pgTable(
  "notification_counts",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The tier the counted notifications need; null for none. */
    requiredLevel: text(),
    unread: integer().notNull().default(0),
    /** Of them, her conversations with unread messages (kind `direct_message`): the navbar's Messages count. */
    unreadMessages: integer().notNull().default(0),
  },
  (t) => [
    unique("notification_counts_key").on(t.userId, t.requiredLevel).nullsNotDistinct(),
    oneOf("notification_counts_level_check", t.requiredLevel, TIER_IDS),
  ],
);

/**
 * Events that notify many members (a reply to a topic with thousands of participants, a library item,
 * an announcement), written in the transaction of the change that causes them and fanned out by the
 * `notifications.fan-out` job in one statement; `done_at` is set in the same transaction, so a worker
 * that dies mid-way leaves the event to be run again, whole, and the dedupe key keeps it to once.
 */
export const notificationEvents = pgTable(
  "notification_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    kind: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: createdAt(),
    doneAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("notification_events_pending_idx")
      .on(t.id)
      .where(sql`done_at is null`),
  ],
);

/** Her choice per kind; no row means the kind's default (DEFAULT_DELIVERY). */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    delivery: text().notNull(),
    /** Also sent to her devices (Web Push). */
    push: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    oneOf("notification_preferences_kind_check", t.kind, NOTIFICATION_KINDS),
    oneOf("notification_preferences_delivery_check", t.delivery, DELIVERIES),
  ],
);

/** Her one-click unsubscribe token and when her digests were last sent. */
export const notificationSettings = pgTable("notification_settings", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  unsubscribeToken: text().notNull().unique("notification_settings_token_key"),
  weeklyDigest: boolean().notNull().default(true),
  dailyDigestSentAt: timestamp({ withTimezone: true }),
  weeklyDigestSentAt: timestamp({ withTimezone: true }),
});

/** A browser or phone she allowed to receive Web Push (RFC 8030), with its RFC 8291 keys. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);
