"use client";

import * as React from "react";
import { format, startOfMonth } from "date-fns";
import { EventCalendar } from "./event-calendar";
import { EventsError, EventsSpinner } from "./event-listing";
import { useMonthEvents, type EventSource } from "./use-events";

/** The calendar view of /events: one month's events, fetched as she moves from month to month. */
export function CalendarPanel({ source, hostPageUrl }: { source: EventSource; hostPageUrl: string }) {
  const [month, setMonth] = React.useState(() => startOfMonth(new Date()));
  const events = useMonthEvents(source, format(month, "yyyy-MM"));
  if (events.isPending) return <EventsSpinner />;
  if (events.isError) return <EventsError error={events.error} text="Failed to load events" />;
  return (
    <EventCalendar
      events={events.data}
      hostPageUrl={hostPageUrl}
      month={month}
      onMonthChange={setMonth}
      loading={events.isPlaceholderData}
    />
  );
}
