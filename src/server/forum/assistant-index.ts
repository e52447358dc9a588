import "server-only";
import { asc, eq, gt } from "drizzle-orm";
import { db } from "@/db";
import { forumCategories, forumTopics } from "@/db/schema";
import type { TierId } from "@/db/schema/enums";
import { plainText } from "./plain-text";

export interface ForumPassage {
  topicId: number;
  slug: string;
  title: string;
  /** The category's required tier (null: every member). The assistant shows a passage only to askers who meet it (meetsLevel). */
  requiredLevel: TierId | null;
  /** Title and opening post as plain text, without Markdown. */
  text: string;
}

/**
 * Topics for the assistant's index, in id order, `limit` at a time after `afterId`. The forum is for
 * members only: nothing here may be shown to a visitor, and each passage carries its level.
 */
export async function listForumPassages(options: { afterId?: number; limit?: number } = {}): Promise<ForumPassage[]> {
  const rows = await db
    .select({ topicId: forumTopics.id, slug: forumTopics.slug, title: forumTopics.title, content: forumTopics.content, requiredLevel: forumCategories.requiredMembershipLevel })
    .from(forumTopics)
    .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
    .where(options.afterId ? gt(forumTopics.id, options.afterId) : undefined)
    .orderBy(asc(forumTopics.id))
    .limit(options.limit ?? 500);
  return rows.map(({ content, requiredLevel, ...row }) => ({ ...row, requiredLevel: requiredLevel as TierId | null, text: `${row.title}\n${plainText(content)}` }));
}
