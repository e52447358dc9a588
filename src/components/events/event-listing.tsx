"use client";

import * as React from "react";
import { Loader2 } from "lucide-react";
import { gridEvents, pickFeatured } from "@/features/events/rules";
import { DEFAULT_EVENT_LIMIT, type EventFilter } from "@/features/events/constants";
import { FeaturedEventCard } from "./event-cards";
import { EventFilterBar } from "./event-filter-bar";
import { EventGrid } from "./event-grid";
import { useEvents, type EventSource } from "./use-events";

export interface EventListingProps {
  /** Luma events (Member Events, and the home page) or community events. */
  source?: EventSource;
  /** How many events to ask for: the events page asks for 50. */
  limit?: number;
  /** Hide the filter buttons. */
  hideFilters?: boolean;
  /** Text of the error panel; defaults to the error itself. */
  errorText?: string;
}

export function EventsSpinner() {
  return (
    <div role="status" className="flex justify-center py-12">
      <Loader2 aria-hidden className="size-8 animate-spin text-primary" />
      <span className="sr-only">Loading events</span>
    </div>
  );
}

export function EventsError({ error, text }: { error: unknown; text?: string }) {
  return (
    <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6">
      <h3 className="text-lg font-semibold text-destructive">Error Loading Events</h3>
      <p className="mt-1 text-sm break-words">{text ?? (error instanceof Error ? error.message : String(error))}</p>
    </div>
  );
}

/**
 * The event listing of the events page (the home page prerenders its own,
 * PrerenderedEventListing): filter buttons, the
 * featured event (the first flagged featured, else the first) shown above the grid whatever the
 * filter, and a grid of the other events of the chosen type. Choosing a filter refetches by type.
 */
export function EventListing({
  source = "luma",
  limit = DEFAULT_EVENT_LIMIT,
  hideFilters = false,
  errorText,
}: EventListingProps) {
  const [filter, setFilter] = React.useState<EventFilter>("all");
  const all = useEvents(source, "all", limit);
  const typed = useEvents(source, filter, limit, filter !== "all");
  const current = filter === "all" ? all : typed;

  if (all.isPending) return <EventsSpinner />;
  if (all.isError) return <EventsError error={all.error} text={errorText} />;

  const featured = pickFeatured(all.data);
  const grid = current.data ? gridEvents(current.data, featured, filter) : [];

  return (
    <div className="grid gap-8">
      {hideFilters ? null : <EventFilterBar filter={filter} onChange={setFilter} />}
      {featured ? <FeaturedEventCard event={featured} /> : null}
      {current.isPending ? (
        <EventsSpinner />
      ) : current.isError ? (
        <EventsError error={current.error} text={errorText} />
      ) : (
        <EventGrid events={grid} />
      )}
    </div>
  );
}
