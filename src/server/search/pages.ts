import "server-only";
import { sql } from "drizzle-orm";
import { assistantPassages } from "@/db/schema";
import { EXCERPT_OPTIONS, foundPage, plainExcerpt, tsquery, kindQuery, type KindQuery, type KindSearch } from "./terms";

/**
 * The site's own pages (about, membership and its tiers, the FAQ's answers, the apply page, the
 * policies): the passages the assistant's index already keeps of them, from the same functions the
 * pages render and rebuilt when they change (src/server/assistant/index-passages.ts). Only the kinds
 * that are pages, and only public passages; each title once, at its best passage.
 */
const PAGE_KINDS = ["faq", "tier", "page", "section"];

export function searchPages({ terms, limit, after }: KindSearch): KindQuery | null {
  const p = assistantPassages;
  return kindQuery<{
    id: number;
    title: string;
    url: string;
    excerpt: string;
    rank: string;
    title_match: boolean;
  }>(
    sql`
    with query as (select ${tsquery(terms)} as q),
    found as (
      select distinct on (${p.title}) ${p.id} as id, ts_rank(${p.search}, ${tsquery(terms)}) as rank
      from ${p}
      where ${p.search} @@ ${tsquery(terms)} and ${p.sourceKind} in (${sql.join(
        PAGE_KINDS.map((kind) => sql`${kind}`),
        sql`, `,
      )})
        and ${p.requiredLevel} is null and (${p.expiresAt} is null or ${p.expiresAt} > now())
      order by ${p.title}, rank desc, ${p.id} desc
    )
    select ${p.id} as id, ${p.title} as title, ${p.url} as url,
      ts_headline('english', ${p.body}, query.q, ${EXCERPT_OPTIONS}) as excerpt,
      found.rank::text as rank, to_tsvector('english', ${p.title}) @@ query.q as title_match
    from found
    cross join query
    join ${p} on ${p.id} = found.id
    ${foundPage(after, limit)}
  `,
    (row) => ({
      id: row.id,
      title: row.title,
      excerpt: plainExcerpt(row.excerpt),
      href: row.url,
      detail: null,
      rank: row.rank,
      titleMatch: row.title_match,
    }),
  );
}
