"use client";

import * as React from "react";
import { CalendarDays, List } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { EventCalendar } from "./event-calendar";
import { EventListing, EventsError, EventsSpinner } from "./event-listing";
import { format, parseISO, startOfMonth } from "date-fns";
import { firstCalendarDay } from "@/features/events/rules";
import { useEvents, useMonthEvents, type EventSource } from "./use-events";

/** Spec 01 section 9: the member-events query asks for 50. */
const EVENTS_PAGE_LIMIT = 50;

function CalendarPanel({ source, hostPageUrl }: { source: EventSource; hostPageUrl: string }) {
  // The list view's query: usually in the cache already, it tells the next event day.
  const upcoming = useEvents(source, "all", EVENTS_PAGE_LIMIT);
  if (upcoming.isPending) return <EventsSpinner />;
  if (upcoming.isError) return <EventsError error={upcoming.error} text="Failed to load events" />;
  return (
    <MonthCalendar
      source={source}
      hostPageUrl={hostPageUrl}
      firstDay={parseISO(firstCalendarDay(upcoming.data, format(new Date(), "yyyy-MM-dd")))}
    />
  );
}

function MonthCalendar({
  source,
  hostPageUrl,
  firstDay,
}: {
  source: EventSource;
  hostPageUrl: string;
  firstDay: Date;
}) {
  const [month, setMonth] = React.useState(() => startOfMonth(firstDay));
  const events = useMonthEvents(source, format(month, "yyyy-MM"));
  if (events.isPending) return <EventsSpinner />;
  if (events.isError) return <EventsError error={events.error} text="Failed to load events" />;
  return (
    <EventCalendar
      events={events.data}
      hostPageUrl={hostPageUrl}
      initialSelected={firstDay}
      month={month}
      onMonthChange={setMonth}
      loading={events.isPlaceholderData}
    />
  );
}

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
