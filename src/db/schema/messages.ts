import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { MESSAGE_PERMISSIONS } from "@/features/messages/constants";
import { createdAt, oneOf } from "./helpers";
import { users } from "./users";

/** A one-to-one conversation; the pair is stored in order (low id, high id), so there is one per pair. */
export const conversations = pgTable(
  "conversations",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    lowUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    highUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The id of the last message each of them has read. */
    lowLastReadId: bigint({ mode: "number" }).notNull().default(0),
    highLastReadId: bigint({ mode: "number" }).notNull().default(0),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Until when each of them has the conversation open on a screen (renewed while it is shown, cleared
     * when she leaves it): a message arriving meanwhile is read at once and raises no unread count.
     */
    lowOpenUntil: timestamp({ withTimezone: true }),
    highOpenUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversations_pair_key").on(t.lowUserId, t.highUserId),
    index("conversations_low_idx").on(t.lowUserId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("conversations_high_idx").on(t.highUserId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("conversations_ordered_pair", sql`${t.lowUserId} < ${t.highUserId}`),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    conversationId: bigint({ mode: "number" })
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.id.desc().nullsFirst()),
    index("messages_sender_idx").on(t.senderId),
  ],
);

/** A member's report of a message she received; admins see only reported messages. */
export const messageReports = pgTable(
  "message_reports",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    messageId: bigint({ mode: "number" })
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    reporterId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text().notNull(),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("message_reports_message_reporter_key").on(t.messageId, t.reporterId),
    index("message_reports_open_idx")
      .on(t.createdAt)
      .where(sql`resolved_at is null`),
  ],
);

/** Who may start a conversation with her; no row: any member. */
export const messageSettings = pgTable(
  "message_settings",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    allowFrom: text().notNull().default("everyone"),
  },
  (t) => [oneOf("message_settings_allow_from_check", t.allowFrom, MESSAGE_PERMISSIONS)],
);
