import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, lower, oneOf, updatedAt } from "./helpers";
import { CHAT_ROLES } from "@/features/assistant/constants";
import { CONTACT_SOURCES } from "@/features/contact/constants";
import { MENTORSHIP_STATUSES } from "@/features/mentorship/constants";
import { NEWSLETTER_STATUSES } from "@/features/newsletter/constants";
import { OUTBOX_STATUSES } from "@/features/email/constants";
import { users } from "./users";

/**
 * Every email is written here in the same transaction as the change that causes it,
 * then delivered by the `email.deliver` job.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** Extra headers, such as List-Unsubscribe. */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** What caused the message, e.g. "password-reset". */
    kind: text().notNull(),
    /** A bulk email (a notification, a digest, the newsletter): not sent to a suppressed address. */
    bulk: boolean().notNull().default(false),
    status: text().notNull().default("queued"),
    attempts: integer().notNull().default(0),
    /** When the next attempt is due; while a worker sends it, the end of its lease. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    oneOf("email_outbox_status_check", t.status, OUTBOX_STATUSES),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * Addresses whose mail server refused our mail permanently (an SMTP 5xx): no bulk email is sent to
 * them; transactional mail (a password reset) still is, and its acceptance lifts the suppression.
 */
export const emailSuppressions = pgTable(
  "email_suppressions",
  {
    id: serial().primaryKey(),
    /** As it was refused; matched case-insensitively. */
    address: text().notNull(),
    /** The server's answer, e.g. "550 5.1.1 Mailbox unavailable". */
    reason: text().notNull(),
    /** The message that was refused. */
    outboxId: integer().references(() => emailOutbox.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_suppressions_address_key").on(lower(t.address)),
    index("email_suppressions_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    status: text().notNull().default("pending"),
    confirmTokenHash: text(),
    /** When the confirmation link was sent; it works for NEWSLETTER_CONFIRM_DAYS. */
    confirmSentAt: timestamp({ withTimezone: true }),
    /** Opaque token in every newsletter's unsubscribe link; it never expires (RFC 8058). */
    unsubscribeToken: text().notNull(),
    source: text(),
    createdAt: createdAt(),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    oneOf("newsletter_subscribers_status_check", t.status, NEWSLETTER_STATUSES),
    uniqueIndex("newsletter_subscribers_email_lower_key").on(lower(t.email)),
    uniqueIndex("newsletter_subscribers_confirm_key").on(t.confirmTokenHash),
    uniqueIndex("newsletter_subscribers_unsubscribe_key").on(t.unsubscribeToken),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    source: text().notNull(),
    createdAt: createdAt(),
    /** When the administrators were told of it (src/server/contact: at once, or in the next notice). */
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    oneOf("contact_messages_source_check", t.source, CONTACT_SOURCES),
    index("contact_messages_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("contact_messages_unnotified_idx")
      .on(t.id)
      .where(sql`notified_at is null`),
  ],
);

export const mentorshipRequests = pgTable(
  "mentorship_requests",
  {
    id: serial().primaryKey(),
    mentorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requesterId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topic: text(),
    message: text().notNull(),
    status: text().notNull().default("pending"),
    respondedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf("mentorship_requests_status_check", t.status, MENTORSHIP_STATUSES),
    index("mentorship_requests_mentor_idx").on(t.mentorId, t.createdAt.desc().nullsFirst()),
    index("mentorship_requests_requester_idx").on(t.requesterId, t.createdAt.desc().nullsFirst()),
    // One open request per member and mentor.
    uniqueIndex("mentorship_requests_one_open_key")
      .on(t.mentorId, t.requesterId)
      .where(sql`status = 'pending'`),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    role: text().notNull(),
    message: text().notNull(),
    /** Library items, events or pages the assistant's answer drew on. */
    sources: jsonb().$type<{ title: string; url: string }[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf("chat_messages_role_check", t.role, CHAT_ROLES),
    index("chat_messages_user_idx").on(t.userId, t.createdAt),
  ],
);
