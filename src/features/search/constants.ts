// The site search's kinds and limits, without zod: the header's box and the /search page take them
// from here, the API's query schema (schemas.ts) too.

/** What the search finds, in the order a tie between groups is broken (docs/decisions/042-site-search.md). */
export const SEARCH_KINDS = ["forum", "library", "events", "blog", "members", "pages"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** What a visitor may find: the forum and the members are for members. */
export const VISITOR_SEARCH_KINDS = ["library", "events", "blog", "pages"] as const satisfies readonly SearchKind[];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  forum: "Forum",
  library: "Library",
  events: "Events",
  blog: "Blog",
  members: "Members",
  pages: "Pages",
};

/** The longest text searched; more is cut by the box and refused by the API. */
export const SEARCH_MAX_LENGTH = 100;
/** Results of each kind while she types. */
export const TYPEAHEAD_LIMIT = 3;
/** Results of each kind on /search before she filters by one kind. */
export const OVERVIEW_LIMIT = 5;
/** Results of one kind per page of /search. */
export const KIND_PAGE_LIMIT = 20;
/** The most a call may ask of one kind. */
export const MAX_SEARCH_LIMIT = 50;
/** How long the box waits after a key before it asks, so that a quick typist sends one request. */
export const TYPEAHEAD_DELAY_MS = 150;

export const SEARCH_PATH = "/search";

/** The /search address of a search, optionally of one kind. */
export function searchHref(q: string, kind?: SearchKind | null): string {
  const params = new URLSearchParams({ q });
  if (kind) params.set("kind", kind);
  return `${SEARCH_PATH}?${params.toString()}`;
}

/** The API's address of a search (GET /api/search). */
export function searchApiPath(q: string, options: { kind?: SearchKind | null; after?: string | null; limit?: number }) {
  const params = new URLSearchParams({ q });
  if (options.kind) params.set("kind", options.kind);
  if (options.after) params.set("after", options.after);
  if (options.limit) params.set("limit", String(options.limit));
  return `/api/search?${params.toString()}`;
}
