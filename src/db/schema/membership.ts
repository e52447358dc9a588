import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { createdAt, lower, oneOf, updatedAt } from "./helpers";
import { APPLICATION_STATUSES } from "@/features/applications/constants";
import { users } from "./users";
import { membershipTiers } from "./tiers";

/**
 * What the admin's application search matches: first name, last name, email and partner code in one
 * text, so that one trigram index serves it. The query must use this same expression.
 */
export function applicationSearchText(t: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
  partnerCode: AnyPgColumn;
}): SQL {
  return sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || coalesce(${t.partnerCode}, ''))`;
}

export const applications = pgTable(
  "applications",
  {
    id: serial().primaryKey(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    membershipTier: text()
      .notNull()
      .references(() => membershipTiers.id),
    heardAbout: text().notNull(),
    whyJoin: text().notNull(),
    partnerCode: text(),
    agreeTerms: boolean().notNull(),
    isTrial: boolean().notNull().default(false),
    status: text().notNull().default("pending"),
    reviewNotes: text(),
    reviewedBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** The member account created from this application through its invitation. */
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    stripeCustomerId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    approvedAt: timestamp({ withTimezone: true }),
    rejectedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    oneOf("applications_status_check", t.status, APPLICATION_STATUSES),
    index("applications_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("applications_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("applications_email_idx").on(lower(t.email)),
    index("applications_partner_code_idx").on(lower(t.partnerCode)),
    // The admin search is ILIKE '%term%' on this text: trigrams (pg_trgm) let it use an index.
    index("applications_search_trgm_idx").using("gin", sql`${applicationSearchText(t)} gin_trgm_ops`),
    // At most one application under review per applicant.
    uniqueIndex("applications_one_pending_per_email_key")
      .on(lower(t.email))
      .where(sql`status = 'pending'`),
  ],
);

export const invitations = pgTable(
  "invitations",
  {
    id: serial().primaryKey(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    email: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invitations_token_hash_key").on(t.tokenHash),
    index("invitations_application_idx").on(t.applicationId),
  ],
);

/**
 * The link to /payment/{token} an applicant is emailed when she applies
 * (docs/decisions/010-membership-journey.md): only its hash is kept. Applying again with her address
 * emails a fresh one, so several may be live; any live one opens the payment of its application while
 * that application waits for payment.
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: serial().primaryKey(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_links_token_hash_key").on(t.tokenHash),
    index("payment_links_application_idx").on(t.applicationId),
  ],
);
