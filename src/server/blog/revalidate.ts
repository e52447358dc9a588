import "server-only";
import { revalidatePath } from "next/cache";

/** The static pages a post appears on: the list, its own page (old and new slug), the feed and the sitemap. */
export function revalidateBlog(...slugs: string[]): void {
  for (const path of ["/blog", "/blog/rss.xml", "/sitemap.xml", ...slugs.map((slug) => `/blog/${slug}`)]) revalidatePath(path);
}
