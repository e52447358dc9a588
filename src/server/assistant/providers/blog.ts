import "server-only";
import { and, eq, inArray, lte } from "drizzle-orm";
import { blogPosts } from "@/db/schema";
import { splitIntoPassages, type PassageProvider } from "./types";

/** Published blog posts, split at paragraphs; the first passage leads with the excerpt. */
export const blogProvider: PassageProvider = {
  async load(executor, ids) {
    const posts = await executor
      .select()
      .from(blogPosts)
      .where(
        and(
          eq(blogPosts.status, "published"),
          lte(blogPosts.publishedAt, new Date()),
          ids ? inArray(blogPosts.id, ids.map(Number)) : undefined,
        ),
      );
    return posts.flatMap((post) =>
      splitIntoPassages(`${post.excerpt}\n\n${stripMarkdown(post.body)}`).map((body) => ({
        sourceId: String(post.id),
        title: `Blog: ${post.title}`,
        url: `/blog/${post.slug}`,
        body: `${body}`,
        requiredLevel: null,
      })),
    );
  },
};

/** The words of a Markdown post, without its link targets, images and markup characters. */
export function stripMarkdown(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/[*_`>~]+/g, "");
}
