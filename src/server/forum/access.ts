import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "@/db";
import { forumBlocks, forumCategories, forumPosts, forumTopics } from "@/db/schema";
import { notFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session-user";
import { readableLevel } from "@/server/auth/tier-access";

/** Who is reading: enough of the session user for the forum's WHERE clauses. */
export type Reader = Pick<SessionUser, "id" | "isAdmin" | "permissions" | "twoFactorPassed" | "membershipLevel">;

export const TOPIC_NOT_FOUND = "Topic not found.";
export const POST_NOT_FOUND = "Post not found.";

/** Rows whose category the reader's tier opens. Joins forum_categories. */
export const categoryReadableBy = (reader: Reader) => readableLevel(forumCategories.requiredMembershipLevel, reader);

/** Hides what members the reader blocked have written (`authorColumn` is the row's author). */
export function notBlockedBy(reader: Reader, authorColumn: AnyPgColumn): SQL {
  return sql`not exists (select 1 from ${forumBlocks} where ${forumBlocks.blockerId} = ${reader.id} and ${forumBlocks.blockedId} = ${authorColumn})`;
}

/** True when either member has blocked the other. */
export async function eitherBlocked(a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const rows = await db
    .select({ one: sql`1` })
    .from(forumBlocks)
    .where(
      sql`(${forumBlocks.blockerId} = ${a} and ${forumBlocks.blockedId} = ${b}) or (${forumBlocks.blockerId} = ${b} and ${forumBlocks.blockedId} = ${a})`,
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * A topic the reader may read, with what writing to it needs to know; 404 otherwise, so a topic of a
 * closed category is indistinguishable from one that does not exist.
 */
export async function readableTopic(topicId: number, reader: Reader) {
  const [row] = await db
    .select({
      id: forumTopics.id,
      title: forumTopics.title,
      slug: forumTopics.slug,
      userId: forumTopics.userId,
      isLocked: forumTopics.isLocked,
      categoryArchived: sql<boolean>`${forumCategories.archivedAt} is not null`,
    })
    .from(forumTopics)
    .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
    .where(and(eq(forumTopics.id, topicId), categoryReadableBy(reader)))
    .limit(1);
  if (!row) throw notFound(TOPIC_NOT_FOUND);
  return row;
}

/** A visible reply in a topic the reader may read; 404 otherwise. */
export async function readablePost(postId: number, reader: Reader) {
  const [row] = await db
    .select({
      id: forumPosts.id,
      userId: forumPosts.userId,
      topicId: forumPosts.topicId,
      topicLocked: forumTopics.isLocked,
      categoryArchived: sql<boolean>`${forumCategories.archivedAt} is not null`,
    })
    .from(forumPosts)
    .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
    .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
    .where(and(eq(forumPosts.id, postId), eq(forumPosts.status, "visible"), categoryReadableBy(reader)))
    .limit(1);
  if (!row) throw notFound(POST_NOT_FOUND);
  return row;
}
