import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { contentCategories, contentItems } from "@/db/schema";
import type { TierId } from "@/features/membership/constants";
import { itemReadableLevel } from "@/server/library";
import { articleText } from "@/features/library/text";
import { splitIntoPassages, type PassageProvider } from "./types";

/**
 * Published library items: title, summary and the article's text. The library is for members only,
 * so an item open to every member needs the first tier; a gated item or category needs its tier.
 */
export const libraryProvider: PassageProvider = {
  async load(executor, ids) {
    const items = await executor
      .select({
        id: contentItems.id,
        slug: contentItems.slug,
        title: contentItems.title,
        summary: contentItems.summary,
        content: contentItems.content,
        isPublic: contentItems.isPublic,
        requiredMembershipLevel: contentItems.requiredMembershipLevel,
        categoryIsPublic: contentCategories.isPublic,
        categoryLevel: contentCategories.requiredMembershipLevel,
      })
      .from(contentItems)
      .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
      .where(and(eq(contentItems.status, "published"), ids ? inArray(contentItems.id, ids.map(Number)) : undefined));
    return items.flatMap((item) =>
      splitIntoPassages([item.summary ?? "", articleText(item.content)].join("\n\n")).map((body) => ({
        sourceId: String(item.id),
        title: `Library: ${item.title}`,
        url: `/library/item/${item.slug}`,
        body,
        requiredLevel: (itemReadableLevel(item) as TierId | null) ?? "connect",
      })),
    );
  },
};
