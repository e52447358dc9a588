"use client";

import * as React from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useCurrentUser } from "@/hooks/use-auth";

// Data never goes stale, no refetch on focus, no polling, no retries
// (queries that need otherwise, such as events, say so themselves).
function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false },
      mutations: { retry: false },
    },
  });
}

/**
 * TanStack Query for the pages that fetch in the browser (src/app/(app)): the public pages outside
 * that group load none of it. What one member fetched is forgotten when she signs out or another
 * signs in, since nothing goes stale by itself.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [queryClient] = React.useState(createQueryClient);
  const { user, isLoading } = useCurrentUser();
  const userId = isLoading ? undefined : (user?.id ?? null);
  const previousUserId = React.useRef(userId);
  React.useEffect(() => {
    if (userId === undefined) return;
    if (previousUserId.current !== undefined && previousUserId.current !== userId) queryClient.clear();
    previousUserId.current = userId;
  }, [userId, queryClient]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
