import "server-only";
import { sql } from "drizzle-orm";
import { contentCategories, contentItems } from "@/db/schema";
import { openToUser } from "@/server/library";
import { foundPage, tsquery, kindQuery, type KindQuery, type KindSearch } from "./terms";

/**
 * Published library items. An item her tier opens is found by any of its words; one it does not (and
 * every item, for a visitor, who must sign in to open any) only by its title, tags and summary, and
 * shown as a teaser: the card every member already sees in the library, never a word of its body. The
 * match is the library's own (content_search_query, migration 0031: the last word's prefix as the
 * library's whole words); the rank, as in the library, weighs the title, tags and summary.
 */
export function searchLibrary({ reader, terms, limit, after }: KindSearch): KindQuery | null {
  const open = reader ? openToUser(reader) : sql`false`;
  const words = sql.join(
    terms.words.map((word) => sql`${word}`),
    sql`, `,
  );
  return kindQuery<{
    id: number;
    title: string;
    slug: string;
    summary: string | null;
    category_name: string | null;
    open: boolean;
    rank: string;
    title_match: boolean;
  }>(
    sql`
    with query as (select content_search_query(array[${words}]::text[]) as match, ${tsquery(terms)} as q),
    found as (
      select ${contentItems.id} as id, ${open} as open,
        ts_rank(ts_filter(${contentItems.searchVector}, '{a,b,c}'), query.q) as rank
      from ${contentItems}
      left join ${contentCategories} on ${contentCategories.id} = ${contentItems.categoryId}
      cross join query
      where ${contentItems.status} = 'published' and ${contentItems.searchVector} @@ query.match
        and (${open} or ts_filter(${contentItems.searchVector}, '{a,b,c}') @@ query.match)
    )
    select ${contentItems.id} as id, ${contentItems.title} as title, ${contentItems.slug} as slug,
      ${contentItems.summary} as summary, ${contentCategories.name} as category_name, found.open,
      found.rank::text as rank, to_tsvector('english', ${contentItems.title}) @@ query.q as title_match
    from found
    cross join query
    join ${contentItems} on ${contentItems.id} = found.id
    left join ${contentCategories} on ${contentCategories.id} = ${contentItems.categoryId}
    ${foundPage(after, limit)}
  `,
    (row) => ({
      id: row.id,
      title: row.title,
      excerpt: row.summary ?? "",
      href: `/library/item/${row.slug}`,
      detail: row.category_name,
      locked: !row.open,
      rank: row.rank,
      titleMatch: row.title_match,
    }),
  );
}
