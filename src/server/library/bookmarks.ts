import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { contentBookmarks } from "@/db/schema";
import type { SessionUser } from "@/lib/auth/session-user";
import { assertCanSeeItem } from "./access";

// Bookmarks are private: every query here is limited to the signed-in member's own rows.

export async function isBookmarked(user: SessionUser, contentId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(contentBookmarks)
    .where(and(eq(contentBookmarks.userId, user.id), eq(contentBookmarks.contentId, contentId)))
    .limit(1);
  return Boolean(row);
}

/** Any published item she can see as a card may be saved, gated or not (to read after upgrading). */
export async function addBookmark(user: SessionUser, contentId: number): Promise<void> {
  await assertCanSeeItem(user, contentId);
  await db.insert(contentBookmarks).values({ userId: user.id, contentId }).onConflictDoNothing();
}

export async function removeBookmark(user: SessionUser, contentId: number): Promise<void> {
  await db
    .delete(contentBookmarks)
    .where(and(eq(contentBookmarks.userId, user.id), eq(contentBookmarks.contentId, contentId)));
}
