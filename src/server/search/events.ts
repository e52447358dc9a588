import "server-only";
import { sql } from "drizzle-orm";
import { RANKED_MATCHES } from "@/server/full-text";
import { DATE_FORMAT } from "@/lib/format";
import { formatInZone } from "@/server/events";
import { eventSearchVector, events } from "@/db/schema";
import { EXCERPT_OPTIONS, foundPage, plainExcerpt, tsquery, kindQuery, type KindQuery, type KindSearch } from "./terms";

/**
 * Scheduled events, past ones too (their pages stay). A visitor finds only those open to all: a
 * members-only event's page is for members. The vector is the schema's eventSearchVector, which
 * events_search_idx holds (migration 0035).
 */
export function searchEvents({ reader, terms, limit, after }: KindSearch): KindQuery | null {
  const vector = eventSearchVector(events);
  return kindQuery<{
    id: number;
    title: string;
    excerpt: string;
    starts_at: string;
    timezone: string;
    rank: string;
    title_match: boolean;
  }>(
    sql`
    with query as (select ${tsquery(terms)} as q),
    found as (
      select ${events.id} as id, ts_rank(${vector}, ${tsquery(terms)}) as rank
      from ${events}
      where ${vector} @@ ${tsquery(terms)} and ${events.status} = 'scheduled'
        and ${reader ? sql`true` : sql`${events.accessType} = 'public'`}
      limit ${RANKED_MATCHES}
    )
    select ${events.id} as id, ${events.title} as title, ${events.startsAt}::text as starts_at, ${events.timezone} as timezone,
      ts_headline('english', ${events.description}, query.q, ${EXCERPT_OPTIONS}) as excerpt,
      found.rank::text as rank, to_tsvector('english', ${events.title}) @@ query.q as title_match
    from found
    cross join query
    join ${events} on ${events.id} = found.id
    ${foundPage(after, limit)}
  `,
    (row) => ({
      id: row.id,
      title: row.title,
      excerpt: plainExcerpt(row.excerpt),
      href: `/events/${row.id}`,
      detail: formatInZone(new Date(row.starts_at), row.timezone, DATE_FORMAT),
      rank: row.rank,
      titleMatch: row.title_match,
    }),
  );
}
