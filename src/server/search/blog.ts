import "server-only";
import { sql } from "drizzle-orm";
import { RANKED_MATCHES } from "@/server/full-text";
import { blogPosts, blogSearchVector } from "@/db/schema";
import { foundPage, tsquery, kindQuery, type KindQuery, type KindSearch } from "./terms";

/**
 * Published blog posts, for everyone. The vector is the schema's blogSearchVector, which
 * blog_posts_search_idx holds (migration 0035).
 */
export function searchBlog({ terms, limit, after }: KindSearch): KindQuery | null {
  const vector = blogSearchVector(blogPosts);
  return kindQuery<{
    id: number;
    title: string;
    slug: string;
    excerpt: string;
    category: string;
    rank: string;
    title_match: boolean;
  }>(
    sql`
    with query as (select ${tsquery(terms)} as q),
    found as (
      select ${blogPosts.id} as id, ts_rank(${vector}, ${tsquery(terms)}) as rank
      from ${blogPosts}
      where ${vector} @@ ${tsquery(terms)} and ${blogPosts.status} = 'published' and ${blogPosts.publishedAt} <= now()
      limit ${RANKED_MATCHES}
    )
    select ${blogPosts.id} as id, ${blogPosts.title} as title, ${blogPosts.slug} as slug,
      ${blogPosts.excerpt} as excerpt, ${blogPosts.category} as category,
      found.rank::text as rank, to_tsvector('english', ${blogPosts.title}) @@ query.q as title_match
    from found
    cross join query
    join ${blogPosts} on ${blogPosts.id} = found.id
    ${foundPage(after, limit)}
  `,
    (row) => ({
      id: row.id,
      title: row.title,
      excerpt: row.excerpt,
      href: `/blog/${row.slug}`,
      detail: row.category,
      rank: row.rank,
      titleMatch: row.title_match,
    }),
  );
}
