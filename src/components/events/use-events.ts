"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { EventFilter, PublicEvent } from "@/features/events/schemas";

export type EventSource = "luma" | "internal";

/** Events stay fresh 5 minutes, no refetch on focus, 2 retries backing off 1 s, 2 s ... capped at 30 s. */
/** The member-events query asks for 50. */
export const EVENTS_PAGE_LIMIT = 50;

export const EVENTS_STALE_TIME_MS = 5 * 60_000;
export const eventsRetryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

export function eventsPath(source: EventSource, type: EventFilter, limit: number): string {
  const params = new URLSearchParams({ limit: String(limit), type });
  return `${source === "luma" ? "/api/luma/events" : "/api/events"}?${params}`;
}

export function useEvents(source: EventSource, type: EventFilter, limit: number, enabled = true) {
  return useQuery({
    queryKey: ["events", source, type, limit],
    queryFn: () => apiRequest<PublicEvent[]>("GET", eventsPath(source, type, limit)),
    enabled,
    staleTime: EVENTS_STALE_TIME_MS,
    refetchOnWindowFocus: false,
    retry: 2,
    retryDelay: eventsRetryDelay,
  });
}

/** One calendar month's events (YYYY-MM), past or future; the previous month stays shown while the next loads. */
export function useMonthEvents(source: EventSource, month: string) {
  return useQuery({
    queryKey: ["events", source, "month", month],
    queryFn: () =>
      apiRequest<PublicEvent[]>("GET", `${source === "luma" ? "/api/luma/events" : "/api/events"}?month=${month}`),
    placeholderData: keepPreviousData,
    staleTime: EVENTS_STALE_TIME_MS,
    refetchOnWindowFocus: false,
    retry: 2,
    retryDelay: eventsRetryDelay,
  });
}
