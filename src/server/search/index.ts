import "server-only";
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
import { searchTerms, type KindRow, type KindSearch } from "./terms";

const KIND_SEARCHES: Record<SearchKind, (search: KindSearch) => Promise<KindRow[]>> = {
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
  // One at a time: the kinds share the request's connection budget with every other member's request.
  const groups: Array<SearchGroup & { titleMatch: boolean }> = [];
  for (const kind of kinds) {
    const rows = await KIND_SEARCHES[kind]({ reader, terms, limit: query.limit + 1, after: query.after });
    const { page, next } = keysetPage(rows, query.limit, (last) => encodeCursor([last.rank, last.id]));
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
