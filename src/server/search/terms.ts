import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/session-user";

/** The most words a search looks for. */
const MAX_WORDS = 8;

/**
 * What a search looks for: letters and digits only (so no input can inject tsquery's operators), at
 * most eight words, each of which must match, the last one as a prefix so that results come while
 * she types ("breath" finds "breathwork"), as the library's own search does.
 */
export interface SearchTerms {
  words: string[];
  /** The words as to_tsquery's text: `a & b & c:*`. */
  prefixText: string;
}

/** The terms of a text, or null when it has no words. */
export function searchTerms(text: string): SearchTerms | null {
  const words = text.match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_WORDS) ?? [];
  if (!words.length) return null;
  const prefixText = words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(" & ");
  return { words, prefixText };
}

/**
 * The terms as a tsquery of `config` ('english' stems, 'simple' keeps names as they are), written
 * into each condition that matches (src/server/full-text.ts).
 */
export const tsquery = (terms: SearchTerms, config: "english" | "simple" = "english"): SQL =>
  sql`to_tsquery(${config}::regconfig, ${terms.prefixText})`;

/** One kind's search: who asks, what, and which page. */
export interface KindSearch {
  reader: SessionUser | null;
  terms: SearchTerms;
  limit: number;
  /** The rank (as PostgreSQL printed it) and id of the last result of the page before. */
  after?: readonly [rank: string, id: number];
}

/** A result as a kind's query returns it: the hit, its rank within the kind, and whether the title matched. */
export interface KindRow {
  id: number;
  title: string;
  excerpt: string;
  href: string;
  detail: string | null;
  locked?: boolean;
  /** ts_rank's real, as text, so that the page link compares exactly. */
  rank: string;
  titleMatch: boolean;
}

/**
 * One kind's search as a query and how each of its rows becomes a result: the site search runs every
 * kind's query in one statement (index.ts), each kind's rows coming back as JSON.
 */
export interface KindQuery {
  query: SQL;
  toRow: (row: unknown) => KindRow;
}

/**
 * A kind's query and its rows' reader, `Row` being the columns the query selects (as JSON gives them:
 * the one place a row's type is taken on trust, since the query beside it is what makes it).
 */
export const kindQuery = <Row>(query: SQL, toRow: (row: Row) => KindRow): KindQuery => ({
  query,
  toRow: toRow as (row: unknown) => KindRow,
});

/**
 * Past the page link: rows ranked below it, or of its rank and a smaller id. `rank` and `id` are the
 * query's own expressions of the order `rank desc, id desc`.
 */
export function pastCursor(after: KindSearch["after"], rank: SQL, id: SQL): SQL {
  return after ? sql`(${rank}, ${id}) < (${after[0]}::real, ${after[1]}::int)` : sql`true`;
}

/**
 * The page of a kind's `found` rows (each with its `rank` and `id`), in the kind's order: rank, then
 * id, both descending, past the page link.
 */
export function foundPage(after: KindSearch["after"], limit: number): SQL {
  return sql`where ${pastCursor(after, sql`found.rank`, sql`found.id`)}
    order by found.rank desc, found.id desc
    limit ${limit}`;
}

const MARK = "\u27e6";
/** ts_headline's options for an excerpt: a couple of fragments around the words, marked with MARK. */
export const EXCERPT_OPTIONS = `StartSel=${MARK}, StopSel=${MARK}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;
/** ts_headline's excerpt as plain text (it marks the words whatever the options say; the results show none). */
export const plainExcerpt = (headline: string | null): string => (headline ?? "").replaceAll(MARK, "").trim();
