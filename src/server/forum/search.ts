import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { RANKED_MATCHES } from "@/server/full-text";
import { forumCategories, forumPosts, forumTopics, users } from "@/db/schema";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "@/features/forum/constants";
import { categoryReadableBy, notBlockedBy, type Reader } from "./access";
import type { SearchHit } from "@/features/forum/types";

export const SEARCH_RESULT_LIMIT = 20;

const MARKS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}`;
const TITLE_OPTIONS = `${MARKS}, HighlightAll=true`;
const EXCERPT_OPTIONS = `${MARKS}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * The forum's matches of `q` (a tsquery, written into each condition: src/server/full-text.ts) as the
 * CTEs `topic_hits`, `reply_hits` and `best`: each topic once, at its best match (a reply ranks at 0.8
 * of its own rank), among at most RANKED_MATCHES matching topics and as many visible replies, all in
 * categories the reader's tier opens and none written by a member she blocked. Topics started by a
 * member she blocked are for the caller to leave out.
 */
export function bestTopicMatches(q: SQL, reader: Reader): SQL {
  const readable = categoryReadableBy(reader) ?? sql`true`;
  // A subquery per match, not a join: the planner then always starts from the words' index.
  const readableTopic = (categoryId: typeof forumTopics.categoryId) =>
    sql`(select ${readable} from ${forumCategories} where ${forumCategories.id} = ${categoryId})`;
  return sql`topic_hits as materialized (
      select ${forumTopics.id} as topic_id, ts_rank(${forumTopics.searchVector}, ${q}) as rank, null::int as post_id
      from ${forumTopics}
      where ${forumTopics.searchVector} @@ ${q} and ${readableTopic(forumTopics.categoryId)}
      limit ${RANKED_MATCHES}
    ),
    reply_hits as materialized (
      select ${forumPosts.topicId} as topic_id, (ts_rank(${forumPosts.searchVector}, ${q}) * 0.8)::real as rank,
        ${forumPosts.id} as post_id
      from ${forumPosts}
      where ${forumPosts.searchVector} @@ ${q} and ${forumPosts.status} = 'visible'
        and ${notBlockedBy(reader, forumPosts.userId)}
        and (select ${readableTopic(forumTopics.categoryId)} from ${forumTopics} where ${forumTopics.id} = ${forumPosts.topicId})
      limit ${RANKED_MATCHES}
    ),
    best as (
      select distinct on (topic_id) topic_id, rank, post_id
      from (select * from topic_hits union all select * from reply_hits) hits
      order by topic_id, rank desc, post_id nulls first
    )`;
}

/**
 * Topics whose title, opening post or replies match the words (PostgreSQL full-text search over the
 * GIN-indexed vectors), best first (bestTopicMatches).
 */
export async function searchTopics(query: string, reader: Reader): Promise<SearchHit[]> {
  const q = sql`websearch_to_tsquery('english', ${query})`;
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
    with query as (select ${q} as q),
    ${bestTopicMatches(q, reader)},
    ranked as (
      select best.topic_id, best.post_id, best.rank
      from best
      join ${forumTopics} on ${forumTopics.id} = best.topic_id
      where ${notBlockedBy(reader, forumTopics.userId)}
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
