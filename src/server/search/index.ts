import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { jsonRows } from "@/server/json-rows";
// The site search (docs/decisions/042-site-search.md): pages and route handlers import from here only.
import { keysetPage } from "@/server/pagination";
import { encodeCursor } from "@/lib/validation";
import type { SessionUser } from "@/lib/auth/session-user";
import { SEARCH_KINDS, type SearchKind } from "@/features/search/constants";
import type { SearchQuery } from "@/features/search/schemas";
import type { SearchGroup, SearchResults } from "@/features/search/types";
import { searchBlog } from "./blog";
import { searchEvents } from "./events";
import { searchForum } from "./forum";
import { searchLibrary } from "./library";
import { searchMembers } from "./members";
import { orderGroups } from "./order";
import { searchPages } from "./pages";
import { searchTerms, type KindQuery, type KindSearch } from "./terms";

const KIND_SEARCHES: Record<SearchKind, (search: KindSearch) => KindQuery | null> = {
  forum: searchForum,
  library: searchLibrary,
  events: searchEvents,
  blog: searchBlog,
  members: searchMembers,
  pages: searchPages,
};

/**
 * GET /api/search and /search: what `reader` (null for a visitor) may open that matches the words.
 * Without a kind, the best `limit` of each kind, the groups ordered by orderGroups; with one, a keyset
 * page of that kind alone. Every rule of who finds what is in each kind's WHERE clause.
 */
export async function searchSite(reader: SessionUser | null, query: SearchQuery): Promise<SearchResults> {
  const terms = searchTerms(query.q);
  if (!terms) return { q: query.q, groups: [] };
  const kinds = query.kind ? [query.kind] : SEARCH_KINDS;
  const search: KindSearch = { reader, terms, limit: query.limit + 1, after: query.after };
  const asked = kinds.flatMap((kind) => {
    const kindSearch = KIND_SEARCHES[kind](search);
    return kindSearch ? [{ kind, ...kindSearch }] : [];
  });
  if (!asked.length) return { q: query.q, groups: [] };
  // Every kind in one statement, each kind's rows as a JSON array in its order: one round trip and one
  // connection for the whole search, however many kinds.
  const columns = asked.map(
    ({ kind, query: kindSql }) =>
      sql`${jsonRows(kindSql, sql`found.rank::real desc, found.id desc`)} as ${sql.identifier(kind)}`,
  );
  const { rows } = await db.execute<Record<string, unknown[]>>(sql`select ${sql.join(columns, sql`, `)}`);
  const found = rows[0]!;
  const groups: Array<SearchGroup & { titleMatch: boolean }> = [];
  for (const { kind, toRow } of asked) {
    const { page, next } = keysetPage(found[kind]!.map(toRow), query.limit, (last) =>
      encodeCursor([last.rank, last.id]),
    );
    if (!page.length) continue;
    groups.push({
      kind,
      titleMatch: page[0]!.titleMatch,
      next,
      hits: page.map(({ rank: _rank, titleMatch: _titleMatch, ...hit }) => ({ kind, ...hit })),
    });
  }
  return {
    q: query.q,
    groups: orderGroups(groups).map(({ titleMatch: _titleMatch, ...group }) => group),
  };
}
