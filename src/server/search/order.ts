import "server-only";
import type { SearchKind } from "@/features/search/constants";
import { SEARCH_KINDS } from "@/features/search/constants";

/**
 * The order of the groups (docs/decisions/042-site-search.md). Each kind ranks its own results with its
 * own weights, so ranks of two kinds are not comparable: a group whose best result has her words in
 * its title comes first, the others after; ties keep the fixed order of SEARCH_KINDS.
 */
export function orderGroups<G extends { kind: SearchKind; titleMatch: boolean }>(groups: G[]): G[] {
  const place = (group: G) => (group.titleMatch ? 0 : SEARCH_KINDS.length) + SEARCH_KINDS.indexOf(group.kind);
  return [...groups].sort((a, b) => place(a) - place(b));
}
