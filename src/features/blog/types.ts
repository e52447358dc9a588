/** A published post as the blog list, RSS and sitemap show it (src/server/blog). */
export interface PostSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  authorName: string;
  imageUrl: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
}
