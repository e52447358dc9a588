import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { contentItems, contentItemViews } from "@/db/schema";
import type { SessionUser } from "@/lib/auth/session-user";
import { assertCanReadItem } from "./access";

/**
 * Records her view of an item she may read, at most once per member, item and day (UTC), and
 * answers the item's count. The day's row and the counter change in one transaction.
 */
export async function recordView(
  user: SessionUser,
  contentId: number,
): Promise<{ recorded: boolean; viewCount: number }> {
  await assertCanReadItem(user, contentId);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(contentItemViews)
      .values({ contentId, userId: user.id, day: sql`(now() at time zone 'utc')::date` })
      .onConflictDoNothing()
      .returning({ contentId: contentItemViews.contentId });
    const recorded = inserted.length > 0;
    const [row] = recorded
      ? await tx
          .update(contentItems)
          .set({ viewCount: sql`${contentItems.viewCount} + 1`, updatedAt: sql`${contentItems.updatedAt}` })
          .where(eq(contentItems.id, contentId))
          .returning({ viewCount: contentItems.viewCount })
      : await tx.select({ viewCount: contentItems.viewCount }).from(contentItems).where(eq(contentItems.id, contentId));
    return { recorded, viewCount: row?.viewCount ?? 0 };
  });
}
