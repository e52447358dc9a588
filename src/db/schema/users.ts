import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  date,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { createdAt, lower, oneOf, updatedAt } from "./helpers";
import { PROFILE_VISIBILITIES } from "@/features/profiles/constants";
import { TIER_IDS } from "@/features/membership/constants";
import { membershipTiers } from "./tiers";

type SearchColumns = Record<
  "firstName" | "lastName" | "location" | "locationVisibility" | "interests" | "isMentor" | "mentorTopics",
  AnyPgColumn
>;

/** The directory's sort key; the query must use this same expression for the index to serve it. */
export function directoryName(t: Pick<SearchColumns, "firstName" | "lastName">): SQL {
  return sql`lower(${t.firstName} || ' ' || ${t.lastName})`;
}

/**
 * What the directory search matches: name, location (only when she shows it to members), interests and
 * mentor topics (only for mentors), lower-cased. member_search_text is an IMMUTABLE SQL function
 * (migration 0011) so that a trigram index can hold it; the query must use this same expression.
 */
export function memberSearchText(t: SearchColumns): SQL {
  return sql`member_search_text(${t.firstName}, ${t.lastName}, ${t.location}, ${t.locationVisibility}, ${t.interests}, ${t.isMentor}, ${t.mentorTopics})`;
}

/**
 * The site search's words of a member (src/server/search): the directory's text as full-text words,
 * 'simple' (names are not English words, so no stemming). The query must use this same expression.
 */
export function memberSearchVector(t: SearchColumns): SQL {
  return sql`to_tsvector('simple', ${memberSearchText(t)})`;
}

/** What the admin's member search matches: name, username and email, lower-cased. */
export function adminSearchText(t: Record<"firstName" | "lastName" | "username" | "email", AnyPgColumn>): SQL {
  return sql`lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.username} || ' ' || ${t.email})`;
}

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
    interests: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isMentor: boolean().notNull().default(false),
    mentorTopics: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    membershipLevel: text().references(() => membershipTiers.id),
    memberSince: date({ mode: "string" }),
    /** Who sees her location, occupation and bio besides herself (and admins). */
    locationVisibility: text().notNull().default("members"),
    occupationVisibility: text().notNull().default("members"),
    bioVisibility: text().notNull().default("members"),
    /** Left out of the member directory (her profile still opens from her posts). */
    hiddenFromDirectory: boolean().notNull().default(false),
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
    /** Her TOTP secret (base32), encrypted like birth data; set while she sets two-factor up. */
    totpSecretEncrypted: text(),
    /** When she confirmed two-factor sign-in with a first code; null: two-factor is off. */
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** The last TOTP time step accepted, so that a code is never accepted twice (RFC 6238 section 5.2). */
    totpLastCounter: bigint({ mode: "number" }),
    /** She asked to delete her account: erased 30 days later unless she signs in before (src/server/privacy). */
    deletionRequestedAt: timestamp({ withTimezone: true }),
    /** Her personal data was erased; the row stays so that her posts and payments keep their references. */
    erasedAt: timestamp({ withTimezone: true }),
    passwordChangedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_username_lower_key").on(lower(t.username)),
    uniqueIndex("users_email_lower_key").on(lower(t.email)),
    uniqueIndex("users_stripe_customer_key").on(t.stripeCustomerId),
    oneOf("users_membership_level_check", t.membershipLevel, TIER_IDS),
    oneOf("users_location_visibility_check", t.locationVisibility, PROFILE_VISIBILITIES),
    oneOf("users_occupation_visibility_check", t.occupationVisibility, PROFILE_VISIBILITIES),
    oneOf("users_bio_visibility_check", t.bioVisibility, PROFILE_VISIBILITIES),
    // The member directory: sorted by name with keyset pagination, searched with ILIKE on trigrams.
    index("users_directory_name_idx").on(directoryName(t), t.id),
    index("users_directory_search_trgm_idx").using("gin", sql`${memberSearchText(t)} gin_trgm_ops`),
    // The site search's members (src/server/search): full-text words of the same text.
    index("users_search_idx").using("gin", memberSearchVector(t)),
    // The admin's member search (name, username, email): ILIKE on trigrams.
    index("users_admin_search_trgm_idx").using("gin", sql`${adminSearchText(t)} gin_trgm_ops`),
    index("users_created_idx").on(t.createdAt),
    // The admin dashboard's members by tier and growth: an index-only scan of active members.
    index("users_active_created_idx")
      .on(t.createdAt, t.membershipLevel)
      .where(sql`${t.disabledAt} is null and ${t.erasedAt} is null`),
    // The dashboard's members by status: the few disabled or leaving members, counted from small indexes.
    index("users_disabled_idx")
      .on(t.id)
      .where(sql`${t.disabledAt} is not null and ${t.erasedAt} is null`),
    index("users_deletion_pending_idx")
      .on(t.id)
      .where(sql`${t.deletionRequestedAt} is not null and ${t.disabledAt} is null and ${t.erasedAt} is null`),
    // The members the directory and the leaderboard leave out, few: her rank counts those ahead of her
    // from the points index and takes these away, instead of joining every member ahead.
    index("users_unlisted_idx")
      .on(t.id)
      .where(sql`${t.hiddenFromDirectory} or ${t.disabledAt} is not null`),
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
    /**
     * When this session proved the second factor: a sign-in with a code or recovery code, or the code
     * that turned two-factor on in it. Null: a password-only session, which never carries admin rights
     * (src/lib/auth/access.ts) and is no session at all once the account has two-factor on.
     */
    twoFactorAt: timestamp({ withTimezone: true }),
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
  (t) => [
    uniqueIndex("password_reset_tokens_hash_key").on(t.tokenHash),
    index("password_reset_tokens_user_idx").on(t.userId),
  ],
);

/**
 * A new email address she asked for, waiting for her to open the link sent to it: the address changes
 * only once its owner has shown she reads it (decision 051).
 */
export const emailChangeTokens = pgTable(
  "email_change_tokens",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_change_tokens_hash_key").on(t.tokenHash),
    index("email_change_tokens_user_idx").on(t.userId),
  ],
);

/** Two-factor recovery codes: shown once, stored as SHA-256 hashes, each usable once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash_key").on(t.userId, t.codeHash)],
);
