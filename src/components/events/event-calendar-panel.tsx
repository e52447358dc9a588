"use client";

import * as React from "react";
import { format, parseISO, startOfMonth } from "date-fns";
import { firstCalendarDay } from "@/features/events/rules";
import { EventCalendar } from "./event-calendar";
import { EventsError, EventsSpinner } from "./event-listing";
import { EVENTS_PAGE_LIMIT, useEvents, useMonthEvents, type EventSource } from "./use-events";

/**
 * The calendar view of /events: it opens on today's events or the next event day's (read from the list
 * view's query, usually in the cache already), then fetches one month's events as she moves.
 */
export function CalendarPanel({ source, hostPageUrl }: { source: EventSource; hostPageUrl: string }) {
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
