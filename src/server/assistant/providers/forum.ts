import "server-only";
import { eq, inArray } from "drizzle-orm";
import { forumCategories, forumTopics } from "@/db/schema";
import type { TierId } from "@/features/membership/constants";
import { plainText } from "@/server/forum";
import { splitIntoPassages, type PassageProvider } from "./types";

/**
 * Forum topics: title and opening post. The forum is for members only, so a topic of a category
 * open to every member needs the first tier: a visitor's question never retrieves one.
 */
export const forumProvider: PassageProvider = {
  async load(executor, ids) {
    const topics = await executor
      .select({
        id: forumTopics.id,
        slug: forumTopics.slug,
        title: forumTopics.title,
        content: forumTopics.content,
        level: forumCategories.requiredMembershipLevel,
      })
      .from(forumTopics)
      .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
      .where(ids ? inArray(forumTopics.id, ids.map(Number)) : undefined);
    return topics.flatMap((topic) =>
      splitIntoPassages(plainText(topic.content)).map((body) => ({
        sourceId: String(topic.id),
        title: `Forum: ${topic.title}`,
        url: `/forum/topic/${topic.slug}`,
        body,
        requiredLevel: (topic.level as TierId | null) ?? "connect",
      })),
    );
  },
};
