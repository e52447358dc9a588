"use client";

import * as React from "react";
import Link from "next/link";
import { format, parseISO } from "date-fns";
import type { DayButtonProps } from "react-day-picker";
import { Badge } from "@/components/ui/badge";
import { Calendar } from "@/components/ui/calendar";
import { HoverCard, HoverCardContent, HoverCardTrigger } from "@/components/ui/hover-card";
import { cn } from "@/lib/utils";
import { rsvpUrl } from "@/features/events/rules";
import type { PublicEvent } from "@/features/events/schemas";

const dayKey = (date: Date) => format(date, "yyyy-MM-dd");

/** Where an event's RSVP link goes: community events RSVP on their own page, Luma ones on Luma. */
function rsvpHref(event: PublicEvent, hostPageUrl: string) {
  return event.source === "internal" ? `/events/${event.id}` : rsvpUrl(event, hostPageUrl);
}

const hasEnded = (event: PublicEvent) => new Date(event.endsAt ?? event.startsAt).getTime() < Date.now();

/** RSVP for events still to come; a past event links to its page, marked as past. */
function RsvpLink({ event, hostPageUrl }: { event: PublicEvent; hostPageUrl: string }) {
  if (hasEnded(event)) {
    return (
      <Link
        href={`/events/${event.id}`}
        className="text-sm font-medium text-primary underline underline-offset-4"
        aria-label={`Past event: ${event.title}`}
      >
        Past event
      </Link>
    );
  }
  const href = rsvpHref(event, hostPageUrl);
  const label = `RSVP: ${event.title}`;
  return href.startsWith("/") ? (
    <Link href={href} className="text-sm font-medium text-primary underline underline-offset-4" aria-label={label}>
      RSVP
    </Link>
  ) : (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-sm font-medium text-primary underline underline-offset-4"
      aria-label={`${label} (opens in a new tab)`}
    >
      RSVP
    </a>
  );
}

const CalendarEventsContext = React.createContext<{ byDay: Map<string, PublicEvent[]>; hostPageUrl: string }>({
  byDay: new Map(),
  hostPageUrl: "",
});

/** A day of the month; days with events open a hover card listing them. */
function EventDayButton({ day, modifiers, className, ...props }: DayButtonProps) {
  const { byDay, hostPageUrl } = React.useContext(CalendarEventsContext);
  const ref = React.useRef<HTMLButtonElement>(null);
  React.useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  const dayEvents = byDay.get(dayKey(day.date));
  const { children, ...buttonProps } = props;
  // Marked by shape as well as colour (WCAG 1.4.1): a dot under the day's number.
  const button = (
    <button
      ref={ref}
      {...buttonProps}
      className={cn(
        className,
        "relative",
        dayEvents && !modifiers.selected && "bg-accent font-semibold text-accent-foreground ring-1 ring-primary/40",
      )}
      data-has-events={dayEvents ? "true" : undefined}
    >
      {children}
      {dayEvents ? (
        <span
          aria-hidden="true"
          data-event-marker=""
          className={cn(
            "absolute bottom-1 left-1/2 size-1.5 -translate-x-1/2 rounded-full",
            modifiers.selected ? "bg-primary-foreground" : "bg-primary",
          )}
        />
      ) : null}
    </button>
  );
  if (!dayEvents) return button;
  return (
    <HoverCard>
      <HoverCardTrigger asChild>{button}</HoverCardTrigger>
      <HoverCardContent className="grid gap-3 text-left" data-testid="calendar-hover-card">
        {dayEvents.map((event) => (
          <div key={event.id} className="grid gap-0.5">
            <p className="font-semibold">{event.title}</p>
            <p className="text-sm text-muted-foreground">{event.time}</p>
            <p className="text-sm text-muted-foreground">{event.location}</p>
            <RsvpLink event={event} hostPageUrl={hostPageUrl} />
          </div>
        ))}
      </HoverCardContent>
    </HoverCard>
  );
}

interface EventCalendarProps {
  events: PublicEvent[];
  hostPageUrl: string;
  /** The day selected at first: today when it has events, otherwise the next day that has. */
  initialSelected?: Date;
  /** The month shown; browsing to another asks for its events, past months included. */
  month: Date;
  onMonthChange: (month: Date) => void;
  /** True while the shown month's events are still loading (the previous month's stay meanwhile). */
  loading?: boolean;
}

/**
 * A month with event days highlighted; hovering a day with events
 * shows a card of them; selecting a day lists its events beside the month. It opens on today's
 * events, or the next event day's, so that the list is never empty while anything is coming.
 */
export function EventCalendar({
  events,
  hostPageUrl,
  initialSelected,
  month,
  onMonthChange,
  loading = false,
}: EventCalendarProps) {
  const [selected, setSelected] = React.useState<Date | undefined>(initialSelected);
  const byDay = React.useMemo(() => {
    const map = new Map<string, PublicEvent[]>();
    for (const event of events) map.set(event.day, [...(map.get(event.day) ?? []), event]);
    return map;
  }, [events]);
  const eventDays = React.useMemo(() => [...byDay.keys()].map((key) => parseISO(key)), [byDay]);
  const context = React.useMemo(() => ({ byDay, hostPageUrl }), [byDay, hostPageUrl]);
  const selectedEvents = selected ? (byDay.get(dayKey(selected)) ?? []) : [];

  return (
    <CalendarEventsContext.Provider value={context}>
      <div className="grid gap-6 lg:grid-cols-[auto_1fr]">
        <div className="overflow-x-auto rounded-xl border bg-card" aria-busy={loading}>
          <Calendar
            month={month}
            onMonthChange={onMonthChange}
            mode="single"
            selected={selected}
            onSelect={setSelected}
            modifiers={{ hasEvents: eventDays }}
            modifiersClassNames={{ hasEvents: "has-events" }}
            labels={{
              labelDayButton: (date, modifiers) =>
                `${modifiers.today ? "Today, " : ""}${format(date, "EEEE, MMMM d, yyyy")}${modifiers.hasEvents ? ", has events" : ""}${modifiers.selected ? ", selected" : ""}`,
            }}
            components={{ DayButton: EventDayButton }}
          />
        </div>
        <section aria-live="polite" aria-label="Events on the selected date" className="rounded-xl border bg-card p-5">
          {!selected ? (
            <p className="text-muted-foreground">Please select a date</p>
          ) : (
            <>
              <h3 className="mb-4 text-lg font-semibold">{format(selected, "MMM d, yyyy")}</h3>
              {selectedEvents.length === 0 ? (
                <div>
                  <p className="font-medium">No events scheduled for this date</p>
                  <p className="text-sm text-muted-foreground">Try selecting another date</p>
                </div>
              ) : (
                <ul className="grid gap-4">
                  {selectedEvents.map((event) => (
                    <li key={event.id} className="grid gap-1 border-b pb-4 last:border-0 last:pb-0">
                      <div className="flex flex-wrap items-center gap-2">
                        <Link href={`/events/${event.id}`} className="font-semibold hover:underline">
                          {event.title}
                        </Link>
                        <Badge variant={event.accessType === "members" ? "secondary" : "outline"}>
                          {event.accessType === "members" ? "Members" : "Public"}
                        </Badge>
                      </div>
                      <p className="text-sm text-muted-foreground">{event.time}</p>
                      <p className="text-sm text-muted-foreground">{event.location}</p>
                      <RsvpLink event={event} hostPageUrl={hostPageUrl} />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </section>
      </div>
    </CalendarEventsContext.Provider>
  );
}
