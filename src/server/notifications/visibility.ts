import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { forumBlocks, notifications } from "@/db/schema";
import type { LevelSubject } from "@/lib/auth/access";
import type { InQuery } from "@/server/prepared-queries";
import { opensLevel, readableLevel } from "@/server/auth/tier-access";

/** Who reads her notifications: enough of the session user for the WHERE clause. */
export type Recipient = LevelSubject & { id: number };

/** A recipient in a query built once for her tiers (docs/decisions/061-hot-queries-built-once.md). */
export type RecipientInQuery = Recipient | InQuery<Recipient>;

/**
 * Her notifications that she may see now: not from a member she has blocked (even one blocked after
 * the notification was made), and not about content above her tier (her tier may have dropped since).
 */
export function visibleTo(user: RecipientInQuery): SQL {
  return and(
    eq(notifications.userId, user.id),
    sql`(${notifications.actorId} is null or not exists (select 1 from ${forumBlocks} where ${forumBlocks.blockerId} = ${user.id} and ${forumBlocks.blockedId} = ${notifications.actorId}))`,
    readableLevel(notifications.requiredLevel, user),
  )!;
}

/**
 * SQL true when the member `userAlias` (a users row) may read content needing `required` (a tier id or
 * null): the level every access check uses (src/server/auth/sessions.ts: none once her access ended),
 * for producers that choose recipients in SQL.
 */
export function memberOpensLevel(userAlias: string, required: SQL): SQL {
  return opensLevel(userAlias, required);
}

/** An active account (not disabled, not erased, not waiting for erasure) for producers' WHERE clauses. */
export function activeMember(userAlias: string): SQL {
  const u = sql.raw(userAlias);
  return sql`(${u}.disabled_at is null and ${u}.erased_at is null and ${u}.deletion_requested_at is null)`;
}
