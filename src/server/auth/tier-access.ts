import "server-only";
import { inArray, isNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { TIER_IDS } from "@/features/membership/constants";
import { levelsOpenTo, type LevelSubject, type Permission } from "@/lib/auth/access";

/**
 * A WHERE condition keeping rows whose required level (`column`, null for none) the user may read:
 * her tier and the ones below it. Undefined for whoever acts as an admin (and holders of `editors`
 * when given), who read everything. Every query of gated content (forum categories, library items,
 * the assistant's passages) filters with this, so rows above her tier are never loaded, let alone sent.
 */
export function readableLevel(column: AnyPgColumn, user: LevelSubject | null, editors?: Permission): SQL | undefined {
  const open = levelsOpenTo(user, editors);
  if (open === null) return undefined;
  if (open.length === 0) return isNull(column);
  return or(isNull(column), inArray(column, [...open]));
}

// The same rules for SQL that chooses members itself (the notifications' producers) and for the
// session's own row. The tier order is TIER_IDS', written out as a literal: the ids are code constants.
if (!TIER_IDS.every((tier) => /^[a-z]+$/.test(tier))) throw new Error("A tier id must be lowercase letters.");

/** The tiers, lowest first, as a SQL text array: TIER_IDS in SQL. */
export const TIER_ORDER_SQL: SQL = sql.raw(`array[${TIER_IDS.map((tier) => `'${tier}'`).join(",")}]`);

/** The place of the tier `level` in TIER_ORDER_SQL (1 for the lowest), null for none or an unknown one. */
export const tierRank = (level: SQLWrapper): SQL<number | null> => sql`array_position(${TIER_ORDER_SQL}, ${level})`;

/**
 * Her level as every access check sees it: the tier she has paid for (users.membership_level, kept
 * by src/server/billing), or none once her membership's access has ended (unpaid 14 days after a
 * failed renewal, a trial that ended without a card, a cancellation that took effect).
 */
export function levelInForce(userId: SQLWrapper, membershipLevel: SQLWrapper): SQL<string | null> {
  return sql`case when exists (select 1 from memberships m where m.user_id = ${userId} and m.access_ends_at <= now()) then null else ${membershipLevel} end`;
}

/** levelInForce of the users row called `userAlias` in hand-written SQL (a code constant, never input). */
export function levelInForceOf(userAlias: string): SQL<string | null> {
  const u = sql.raw(userAlias);
  return levelInForce(sql`${u}.id`, sql`${u}.membership_level`);
}

/**
 * SQL true when the member `userAlias` (a users row) may read content needing `required` (a tier id or
 * null): an admin, or her level in force at or above it. readableLevel's rule for SQL that chooses
 * recipients itself.
 */
export function opensLevel(userAlias: string, required: SQL): SQL<boolean> {
  return sql`(${required} is null or ${sql.raw(userAlias)}.is_admin or ${tierRank(required)} <= ${tierRank(levelInForceOf(userAlias))})`;
}
