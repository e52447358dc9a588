"use client";

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/**
 * GET one of our API paths for a member page that is prerendered for everyone: her part of it loads
 * here. `scope` groups the queries an action refreshes (e.g. "forum" after a reply). The forum's and
 * the library's data is asked again each time the page is shown (never stale from an earlier visit);
 * null `path` waits.
 */
export function useMemberQuery<T>(scope: string, path: string | null, { fresh = true }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: [scope, path],
    queryFn: () => apiRequest<T>("GET", path!),
    enabled: path !== null,
    staleTime: fresh ? 0 : Infinity,
  });
}
