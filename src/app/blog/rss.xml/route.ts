// GET /blog/rss.xml - RSS 2.0 feed of the published posts (static, regenerated when a post changes).
import { fileResponse } from "@/lib/http/file-response";
import { siteUrl } from "@/lib/http/site-url";
import { listPublishedPosts } from "@/server/blog";
import { getSiteSettings } from "@/server/settings";

export const revalidate = 3600;

const xml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

export async function GET() {
  const [posts, settings] = await Promise.all([listPublishedPosts(), getSiteSettings()]);
  const base = siteUrl();
  const items = posts
    .map((post) => {
      const url = `${base}/blog/${post.slug}`;
      return `<item><title>${xml(post.title)}</title><link>${url}</link><guid isPermaLink="true">${url}</guid><description>${xml(post.excerpt)}</description><category>${xml(post.category)}</category><dc:creator>${xml(post.authorName)}</dc:creator>${post.publishedAt ? `<pubDate>${post.publishedAt.toUTCString()}</pubDate>` : ""}</item>`;
    })
    .join("");
  const body = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${xml(settings.siteName)} Blog</title><link>${base}/blog</link><description>${xml(settings.tagline)}</description><language>en-us</language><atom:link href="${base}/blog/rss.xml" rel="self" type="application/rss+xml"/>${items}</channel></rss>`;
  return fileResponse(body, {
    contentType: "application/rss+xml; charset=utf-8",
    filename: "rss.xml",
    disposition: "attachment",
  });
}
