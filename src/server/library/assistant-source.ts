import "server-only";
import { asc, eq } from "drizzle-orm";
import { db } from "@/db";
import { contentCategories, contentItems } from "@/db/schema";
import { itemReadableLevel } from "./queries";
import { articleText } from "./text";

/**
 * Every published item as plain text with the tier that may read it (`requiredLevel` null: every
 * member), for the assistant's index (decisions.md: it answers from the library as far as the asker
 * may read it). The index must filter by `requiredLevel` with meetsLevel before showing a passage.
 */
export async function listPublishedItemTexts() {
  const rows = await db
    .select({
      id: contentItems.id,
      slug: contentItems.slug,
      title: contentItems.title,
      summary: contentItems.summary,
      content: contentItems.content,
      updatedAt: contentItems.updatedAt,
      isPublic: contentItems.isPublic,
      requiredMembershipLevel: contentItems.requiredMembershipLevel,
      categoryIsPublic: contentCategories.isPublic,
      categoryLevel: contentCategories.requiredMembershipLevel,
    })
    .from(contentItems)
    .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
    .where(eq(contentItems.status, "published"))
    .orderBy(asc(contentItems.id));
  return rows.map((row) => ({
    id: row.id,
    url: `/library/item/${row.slug}`,
    title: row.title,
    summary: row.summary,
    bodyText: articleText(row.content),
    requiredLevel: itemReadableLevel(row),
    updatedAt: row.updatedAt,
  }));
}
export type PublishedItemText = Awaited<ReturnType<typeof listPublishedItemTexts>>[number];
