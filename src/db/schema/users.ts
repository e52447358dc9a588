import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid, date } from "drizzle-orm/pg-core";
import { createdAt, lower, oneOf, updatedAt } from "./helpers";
import { TIER_IDS } from "./enums";
import { membershipTiers } from "./membership";

export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull().default(""),
    bio: text(),
    profilePicture: text(),
    location: text(),
    occupation: text(),
    interests: text().array().notNull().default(sql`'{}'::text[]`),
    isMentor: boolean().notNull().default(false),
    mentorTopics: text().array().notNull().default(sql`'{}'::text[]`),
    membershipLevel: text().references(() => membershipTiers.id),
    memberSince: date({ mode: "string" }),
    eventsAttended: integer().notNull().default(0),
    isPartner: boolean().notNull().default(false),
    isAdmin: boolean().notNull().default(false),
    permissions: jsonb().$type<Record<string, boolean>>().notNull().default({}),
    /** Birth date, time and place, encrypted with the birth-data key (AES-256-GCM); only the owner reads them. */
    birthDataEncrypted: text(),
    astrologyReport: jsonb(),
    geneKeyReport: jsonb(),
    humanDesignReport: jsonb(),
    stripeCustomerId: text(),
    stripePaymentMethodId: text(),
    disabledAt: timestamp({ withTimezone: true }),
    passwordChangedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_username_lower_key").on(lower(t.username)),
    uniqueIndex("users_email_lower_key").on(lower(t.email)),
    uniqueIndex("users_stripe_customer_key").on(t.stripeCustomerId),
    oneOf("users_membership_level_check", t.membershipLevel, TIER_IDS),
  ],
);

/** One row per signed-in browser. The session cookie names a row; revoking it ends that session. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_reset_tokens_hash_key").on(t.tokenHash), index("password_reset_tokens_user_idx").on(t.userId)],
);
