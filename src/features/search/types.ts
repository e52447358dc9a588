import type { SearchKind } from "./constants";

/** One thing found: what the asker may open, with where to open it. */
export interface SearchHit {
  kind: SearchKind;
  id: number;
  title: string;
  /** Plain text, never HTML: a few words around the match, or the thing's summary. */
  excerpt: string;
  href: string;
  /** A short line under the title: a category, a date, a tier. */
  detail: string | null;
  /** A library item her tier does not open: found by its title, tags and summary, shown as a teaser. */
  locked?: boolean;
}

export interface SearchGroup {
  kind: SearchKind;
  hits: SearchHit[];
  /** The page link of the next results of this kind; null when there are no more. */
  next: string | null;
}

/** GET /api/search: the groups with results, ordered by docs/decisions/042-site-search.md. */
export interface SearchResults {
  q: string;
  groups: SearchGroup[];
}
