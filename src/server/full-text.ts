import "server-only";

/**
 * The most matches one full-text search ranks from one table: a word in more rows than this is
 * common, and ranking every one of them (a million replies) outlasts the request. The matches are
 * taken as the words' index gives them, after every rule of who may read them, and ranked; each
 * query writes its tsquery into its conditions (not a CTE) so that the planner estimates from the
 * column's statistics how many rows match (docs/decisions/060-search-ranks-a-bounded-set.md).
 */
export const RANKED_MATCHES = 1000;
