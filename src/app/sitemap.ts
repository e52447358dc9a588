import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/http/site-url";
import { listPublishedPosts } from "@/server/blog";
import { listSitemapEvents } from "@/server/public-site/sitemap-events";
import { PUBLIC_PAGE_PATHS } from "@/server/cache/public-pages";

export const revalidate = 3600;

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = siteUrl();
  const [posts, events] = await Promise.all([listPublishedPosts(), listSitemapEvents()]);
  return [
    ...PUBLIC_PAGE_PATHS.map((path) => ({
      url: `${base}${path === "/" ? "" : path}`,
      changeFrequency: "weekly" as const,
      priority: path === "/" ? 1 : 0.7,
    })),
    ...posts.map((post) => ({
      url: `${base}/blog/${post.slug}`,
      lastModified: post.updatedAt,
      changeFrequency: "monthly" as const,
      priority: 0.6,
    })),
    ...events.map((event) => ({
      url: `${base}/events/${event.id}`,
      lastModified: event.updatedAt ?? undefined,
      changeFrequency: "daily" as const,
      priority: 0.5,
    })),
  ];
}
