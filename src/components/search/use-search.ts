"use client";

import * as React from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { searchApiPath, SEARCH_MAX_LENGTH, TYPEAHEAD_DELAY_MS, type SearchKind } from "@/features/search/constants";
import type { SearchResults } from "@/features/search/types";

/** `value`, once it has not changed for `delay` ms. */
export function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = React.useState(value);
  React.useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The text as the API takes it: trimmed, at most SEARCH_MAX_LENGTH characters. */
export const searchText = (text: string) => text.trim().slice(0, SEARCH_MAX_LENGTH);

/** The best `limit` results of each kind for what she typed, asked once she pauses. */
export function useTypeahead(text: string, limit: number) {
  const q = useSettled(searchText(text), TYPEAHEAD_DELAY_MS);
  return useQuery({
    queryKey: ["search", q, null, limit],
    queryFn: () => apiRequest<SearchResults>("GET", searchApiPath(q, { limit })),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export type { SearchKind };
