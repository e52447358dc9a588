"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { CalendarDays, List } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { EventListing, EventsSpinner } from "./event-listing";
import { EVENTS_PAGE_LIMIT, type EventSource } from "./use-events";

// The calendar (a date picker, date arithmetic, hover cards) loads when she chooses it: the list is
// what the page shows first, and what a visitor who never opens the calendar needs.
const CalendarPanel = dynamic(() => import("./event-calendar-panel").then((m) => m.CalendarPanel), {
  loading: () => <EventsSpinner />,
});

function EventsPanel({ source, hostPageUrl }: { source: EventSource; hostPageUrl: string }) {
  const [view, setView] = React.useState<"list" | "calendar">("list");
  return (
    <div className="grid gap-6">
      <div role="group" aria-label="Choose a view" className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant={view === "list" ? "default" : "outline"}
          aria-pressed={view === "list"}
          onClick={() => setView("list")}
        >
          <List aria-hidden />
          List View
        </Button>
        <Button
          type="button"
          size="sm"
          variant={view === "calendar" ? "default" : "outline"}
          aria-pressed={view === "calendar"}
          onClick={() => setView("calendar")}
        >
          <CalendarDays aria-hidden />
          Calendar View
        </Button>
      </div>
      {view === "list" ? (
        <div className="max-h-[80rem] overflow-y-auto pr-1" tabIndex={0} role="region" aria-label="Event list">
          <EventListing source={source} limit={EVENTS_PAGE_LIMIT} errorText="Failed to load events" />
        </div>
      ) : (
        <CalendarPanel source={source} hostPageUrl={hostPageUrl} />
      )}
      {source === "luma" ? (
        <p>
          <a
            href={hostPageUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-primary underline underline-offset-4"
          >
            View All Events
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
    </div>
  );
}

/** The two tabs of /events: Member Events (from Luma) and Community Events (ours). */
export function EventsTabs({ hostPageUrl }: { hostPageUrl: string }) {
  return (
    <Tabs defaultValue="member" className="grid gap-6">
      <TabsList className="w-fit">
        <TabsTrigger value="member">Member Events</TabsTrigger>
        <TabsTrigger value="community">Community Events</TabsTrigger>
      </TabsList>
      <TabsContent value="member">
        <EventsPanel source="luma" hostPageUrl={hostPageUrl} />
      </TabsContent>
      <TabsContent value="community">
        <EventsPanel source="internal" hostPageUrl={hostPageUrl} />
      </TabsContent>
    </Tabs>
  );
}
