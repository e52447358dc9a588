import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { forumCategories, forumPosts, forumTopics, users } from "@/db/schema";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "@/features/forum/constants";
import { categoryReadableBy, notBlockedBy, type Reader } from "./access";
import type { SearchHit } from "@/features/forum/types";

export const SEARCH_RESULT_LIMIT = 20;

const MARKS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}`;
const TITLE_OPTIONS = `${MARKS}, HighlightAll=true`;
const EXCERPT_OPTIONS = `${MARKS}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * Topics whose title, opening post or replies match the words (PostgreSQL full-text search over the
 * GIN-indexed vectors), best first. Only categories the reader's tier opens, only visible replies, and
 * nothing by members she blocked.
 */
export async function searchTopics(query: string, reader: Reader): Promise<SearchHit[]> {
  const result = await db.execute<{
    id: number;
    title: string;
    slug: string;
    title_highlighted: string;
    excerpt_highlighted: string;
    category_slug: string;
    category_name: string;
    author_name: string;
    last_post_at: string;
  }>(sql`
    with query as (select websearch_to_tsquery('english', ${query}) as q),
    hits as (
      select ${forumTopics.id} as topic_id, ts_rank(${forumTopics.searchVector}, query.q) as rank, null::int as post_id
      from ${forumTopics}, query
      where ${forumTopics.searchVector} @@ query.q
      union all
      select ${forumPosts.topicId}, ts_rank(${forumPosts.searchVector}, query.q) * 0.8, ${forumPosts.id}
      from ${forumPosts}, query
      where ${forumPosts.searchVector} @@ query.q and ${forumPosts.status} = 'visible' and ${notBlockedBy(reader, forumPosts.userId)}
    ),
    best as (
      select distinct on (topic_id) topic_id, rank, post_id from hits order by topic_id, rank desc
    ),
    ranked as (
      select best.topic_id, best.post_id, best.rank
      from best
      join ${forumTopics} on ${forumTopics.id} = best.topic_id
      join ${forumCategories} on ${forumCategories.id} = ${forumTopics.categoryId}
      where ${categoryReadableBy(reader) ?? sql`true`} and ${notBlockedBy(reader, forumTopics.userId)}
      order by best.rank desc, best.topic_id desc
      limit ${SEARCH_RESULT_LIMIT}
    )
    select ${forumTopics.id} as id, ${forumTopics.title} as title, ${forumTopics.slug} as slug,
      ts_headline('english', ${forumTopics.title}, query.q, ${TITLE_OPTIONS}) as title_highlighted,
      ts_headline('english', coalesce(${forumPosts.content}, ${forumTopics.content}), query.q, ${EXCERPT_OPTIONS}) as excerpt_highlighted,
      ${forumCategories.slug} as category_slug, ${forumCategories.name} as category_name,
      ${users.firstName} || ' ' || ${users.lastName} as author_name,
      ${forumTopics.lastPostAt}::text as last_post_at
    from ranked
    cross join query
    join ${forumTopics} on ${forumTopics.id} = ranked.topic_id
    join ${forumCategories} on ${forumCategories.id} = ${forumTopics.categoryId}
    join ${users} on ${users.id} = ${forumTopics.userId}
    left join ${forumPosts} on ${forumPosts.id} = ranked.post_id
    order by ranked.rank desc, ranked.topic_id desc
  `);
  return result.rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    titleHighlighted: row.title_highlighted,
    excerptHighlighted: row.excerpt_highlighted,
    category: { slug: row.category_slug, name: row.category_name },
    authorName: row.author_name.trim(),
    lastPostAt: new Date(row.last_post_at).toISOString(),
  }));
}
