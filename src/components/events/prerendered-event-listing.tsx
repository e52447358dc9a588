"use client";

import * as React from "react";
import type { EventFilter } from "@/features/events/constants";
import { EventFilterBar } from "./event-filter-bar";

/**
 * The home page's event listing: the server renders the featured event and the grid of
 * every filter when the page is built or revalidated; the browser only switches between them, so
 * the page fetches nothing and loads no query library.
 */
export function PrerenderedEventListing({
  featured,
  grids,
}: {
  featured: React.ReactNode;
  grids: Record<EventFilter, React.ReactNode>;
}) {
  const [filter, setFilter] = React.useState<EventFilter>("all");
  return (
    <div className="grid gap-8">
      <EventFilterBar filter={filter} onChange={setFilter} />
      {featured}
      {grids[filter]}
    </div>
  );
}
