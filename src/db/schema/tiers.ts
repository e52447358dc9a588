import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, text } from "drizzle-orm/pg-core";
import { TIER_IDS } from "@/features/membership/constants";
import { oneOf } from "./helpers";

// The tier catalogue: the first table, that users and applications point at.

export const membershipTiers = pgTable(
  "membership_tiers",
  {
    id: text().primaryKey(),
    title: text().notNull(),
    /** Length of the membership term in months. */
    durationMonths: integer().notNull(),
    /** Price per month, in cents. */
    monthlyPriceCents: integer().notNull(),
    popular: boolean().notNull().default(false),
    description: text().notNull(),
    features: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer().notNull(),
  },
  (t) => [oneOf("membership_tiers_id_check", t.id, TIER_IDS)],
);
