"use client";

import * as React from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import dynamic from "next/dynamic";

// The toast viewport loads after the page is interactive, so public pages do not wait for it;
// toasts raised before it arrives are kept by the store and shown when it mounts.
const Toaster = dynamic(() => import("@/components/ui/toast").then((m) => m.Toaster), { ssr: false });

// Spec 01 section 9: data never goes stale, no refetch on focus, no polling, no retries
// (queries that need otherwise, such as events, say so themselves).
function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = React.useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
