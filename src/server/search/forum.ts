import "server-only";
import { sql } from "drizzle-orm";
import { forumCategories, forumPosts, forumTopics } from "@/db/schema";
import { bestTopicMatches, notBlockedBy } from "@/server/forum";
import {
  EXCERPT_OPTIONS,
  pastCursor,
  plainExcerpt,
  tsquery,
  kindQuery,
  type KindQuery,
  type KindSearch,
} from "./terms";

/**
 * Forum topics whose title, opening post or a visible reply match, each once at its best match, as the
 * forum's own search finds them (bestTopicMatches). Members only; only categories her tier opens, so
 * a higher tier's topic is never found; nothing written by members she blocked.
 */
export function searchForum({ reader, terms, limit, after }: KindSearch): KindQuery | null {
  if (!reader) return null;
  return kindQuery<{
    id: number;
    title: string;
    slug: string;
    category_name: string;
    post_id: number | null;
    excerpt: string;
    rank: string;
    title_match: boolean;
  }>(
    sql`
    with query as (select ${tsquery(terms)} as q),
    ${bestTopicMatches(tsquery(terms), reader)},
    ranked as (
      select best.topic_id, best.post_id, best.rank
      from best
      join ${forumTopics} on ${forumTopics.id} = best.topic_id
      where ${notBlockedBy(reader, forumTopics.userId)}
        and ${pastCursor(after, sql`best.rank`, sql`best.topic_id`)}
      order by best.rank desc, best.topic_id desc
      limit ${limit}
    )
    select ${forumTopics.id} as id, ${forumTopics.title} as title, ${forumTopics.slug} as slug,
      ${forumCategories.name} as category_name, ranked.post_id,
      ts_headline('english', coalesce(${forumPosts.content}, ${forumTopics.content}), query.q, ${EXCERPT_OPTIONS}) as excerpt,
      ranked.rank::text as rank,
      to_tsvector('english', ${forumTopics.title}) @@ query.q as title_match
    from ranked
    cross join query
    join ${forumTopics} on ${forumTopics.id} = ranked.topic_id
    join ${forumCategories} on ${forumCategories.id} = ${forumTopics.categoryId}
    left join ${forumPosts} on ${forumPosts.id} = ranked.post_id
    order by ranked.rank desc, ranked.topic_id desc
  `,
    (row) => ({
      id: row.id,
      title: row.title,
      excerpt: plainExcerpt(row.excerpt),
      href: `/forum/topic/${row.slug}${row.post_id ? `#post-${row.post_id}` : ""}`,
      detail: row.post_id ? `Reply in ${row.category_name}` : row.category_name,
      rank: row.rank,
      titleMatch: row.title_match,
    }),
  );
}
