import "server-only";
import { and, asc, count, desc, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import { db } from "@/db";
import { eventRsvps, events } from "@/db/schema";
import { DATE_FORMAT, TIME_FORMAT } from "@/lib/format";
import {
  EVENT_FILTERS,
  MONTH_EVENT_LIMIT,
  type EventAccessType,
  type EventFilter,
  type EventType,
} from "@/features/events/constants";
import { gridEvents, pickFeatured } from "@/features/events/rules";
import type { EventListQuery, PublicEvent } from "@/features/events/schemas";
import { eventLocation, formatInZone } from "./time";

export { eventLocation, formatInZone };

export type EventRow = typeof events.$inferSelect;

export function toPublicEvent(event: EventRow): PublicEvent {
  return {
    id: event.id,
    source: event.source as PublicEvent["source"],
    title: event.title,
    description: event.description,
    image: event.imageUrl,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt?.toISOString() ?? null,
    timezone: event.timezone,
    date: formatInZone(event.startsAt, event.timezone, DATE_FORMAT),
    time: formatInZone(event.startsAt, event.timezone, `${TIME_FORMAT} zzz`),
    day: formatInZone(event.startsAt, event.timezone, "yyyy-MM-dd"),
    location: eventLocation(event),
    url: event.url,
    featured: event.featured,
    accessType: event.accessType as PublicEvent["accessType"],
    type: event.type as PublicEvent["type"],
    status: event.status as PublicEvent["status"],
  };
}

/** The filter buttons' choice in SQL, as matchesFilter (src/features/events/rules.ts) makes it. */
const eventFilter = (filter: EventFilter) =>
  filter === "all"
    ? undefined
    : filter === "public" || filter === "members"
      ? eq(events.accessType, filter)
      : eq(events.type, filter);

/** Events that have not ended yet. */
const notOver = () => or(gte(events.endsAt, sql`now()`), and(isNull(events.endsAt), gte(events.startsAt, sql`now()`)));

/** Upcoming scheduled events of one source, soonest first (GET /api/luma/events and /api/events). */
export async function listUpcomingEvents(source: "luma" | "internal", query: EventListQuery): Promise<PublicEvent[]> {
  if (query.month) return listMonthEvents(source, query.month, query);
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.source, source), eq(events.status, "scheduled"), eventFilter(query.type), notOver()))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(query.limit);
  return rows.map(toPublicEvent);
}

/**
 * The next scheduled events of both sources, soonest first (the assistant's "what is coming up"), of
 * one access type (those a visitor may attend are "public") or one type when asked.
 */
export async function listNextEvents(
  limit: number,
  only: { access?: EventAccessType; type?: EventType } = {},
): Promise<PublicEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.status, "scheduled"),
        notOver(),
        only.access ? eq(events.accessType, only.access) : undefined,
        only.type ? eq(events.type, only.type) : undefined,
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit);
  return rows.map(toPublicEvent);
}

/**
 * Every filter's view of an event listing at once, as the browser's listing would fetch them (the featured event from "all", each grid from its own type): for the home page, which
 * the server prerenders.
 */
export async function listEventsByFilter(
  source: "luma" | "internal",
  limit: number,
): Promise<{ featured: PublicEvent | null; grids: Record<EventFilter, PublicEvent[]> }> {
  const lists = await Promise.all(EVENT_FILTERS.map(({ value }) => listUpcomingEvents(source, { type: value, limit })));
  const featured = pickFeatured(lists[0]!);
  const grids = Object.fromEntries(
    EVENT_FILTERS.map(({ value }, index) => [value, gridEvents(lists[index]!, featured, value)]),
  ) as Record<EventFilter, PublicEvent[]>;
  return { featured, grids };
}

/**
 * A calendar month's scheduled events of one source, past or future (the calendar view browses
 * months). The month is the one on the event's own wall clock, as its `day` shows.
 */
async function listMonthEvents(
  source: "luma" | "internal",
  month: string,
  query: EventListQuery,
): Promise<PublicEvent[]> {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  // Widened by a day each side: an event's own zone may put it in the month though UTC does not.
  const from = new Date(Date.UTC(year, monthNumber - 1, 1) - 86_400_000);
  const to = new Date(Date.UTC(year, monthNumber, 1) + 86_400_000);
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.source, source),
        eq(events.status, "scheduled"),
        eventFilter(query.type),
        gte(events.startsAt, from),
        lt(events.startsAt, to),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(MONTH_EVENT_LIMIT);
  return rows.map(toPublicEvent).filter((event) => event.day.startsWith(month));
}

/** Events of both sources that have ended, most recent first (the /events page's Past Events). */
export async function listPastEvents(limit: number): Promise<PublicEvent[]> {
  const ended = or(lt(events.endsAt, sql`now()`), and(isNull(events.endsAt), lt(events.startsAt, sql`now()`)));
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.status, "scheduled"), ended))
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(limit);
  return rows.map(toPublicEvent);
}

export async function findEvent(id: number): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return row ?? null;
}

export async function goingCount(eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, "going")));
  return row?.n ?? 0;
}

export async function isGoing(eventId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ status: eventRsvps.status })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId)))
    .limit(1);
  return row?.status === "going";
}

/** Scheduled community events for the webcal feed: from 90 days ago on. */
export async function feedEvents(): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.source, "internal"),
        eq(events.status, "scheduled"),
        gte(events.startsAt, sql`now() - interval '90 days'`),
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(1000);
}
