import { z } from "@/lib/validation";
import { id } from "@/features/api/json";
import { SEARCH_KINDS, VISITOR_SEARCH_KINDS } from "./constants";

const hitSchema = <K extends readonly [string, ...string[]]>(kinds: K) =>
  z.strictObject({
    kind: z.enum(kinds),
    id,
    title: z.string(),
    /** Plain text, never HTML: a few words around the match, or the thing's summary. */
    excerpt: z.string(),
    href: z.string(),
    /** A short line under the title: a category, a date, an occupation. */
    detail: z.string().nullable(),
    /** A library item her tier does not open: found by its title, tags and summary, shown as a teaser. */
    locked: z.boolean().optional(),
  });

const resultsSchema = <K extends readonly [string, ...string[]]>(kinds: K) =>
  z.strictObject({
    q: z.string(),
    /** The kinds with results, ordered by docs/decisions/042-site-search.md. */
    groups: z.array(
      z.strictObject({
        kind: z.enum(kinds),
        hits: z.array(hitSchema(kinds)),
        /** The page link of the next results of this kind; null when there are no more. */
        next: z.string().nullable(),
      }),
    ),
  });

/** GET /api/search as a member is answered. */
export const searchResultsSchema = resultsSchema(SEARCH_KINDS);
/** GET /api/search as a visitor is answered: never the forum or a member. */
export const visitorSearchResultsSchema = resultsSchema(VISITOR_SEARCH_KINDS);

export type SearchResults = z.infer<typeof searchResultsSchema>;
export type SearchGroup = SearchResults["groups"][number];
export type SearchHit = SearchGroup["hits"][number];
