import "server-only";
import { revalidatePublicPages } from "@/server/cache/public-pages";

/** The static pages a post appears on: the list, its own page (old and new slug), the feed and the sitemap. */
export function revalidateBlog(...slugs: string[]): Promise<void> {
  return revalidatePublicPages(["/blog", "/blog/rss.xml", "/sitemap.xml", ...slugs.map((slug) => `/blog/${slug}`)]);
}
