import "server-only";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { enUS } from "date-fns/locale";
import { and, asc, count, eq, gte, isNull, or, sql } from "drizzle-orm";
import { db } from "@/db";
import { eventRsvps, events } from "@/db/schema";
import { DATE_FORMAT, TIME_FORMAT } from "@/lib/format";
import type { EventListQuery, PublicEvent } from "./schemas";

export type EventRow = typeof events.$inferSelect;

export function formatInZone(instant: Date, timezone: string, pattern: string): string {
  return format(new TZDate(instant.getTime(), timezone), pattern, { locale: enUS });
}

export function eventLocation(event: Pick<EventRow, "locationName" | "address" | "onlineUrl">): string {
  const parts = [event.locationName, event.address].filter((part): part is string => Boolean(part));
  if (parts.length) return parts.join(", ");
  return event.onlineUrl ? "Online" : "To be announced";
}

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

/** Events that have not ended yet. */
const notOver = () => or(gte(events.endsAt, sql`now()`), and(isNull(events.endsAt), gte(events.startsAt, sql`now()`)));

/** Upcoming scheduled events of one source, soonest first (GET /api/luma/events and /api/events). */
export async function listUpcomingEvents(source: "luma" | "internal", query: EventListQuery): Promise<PublicEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.source, source), eq(events.status, "scheduled"), query.type === "all" ? undefined : eq(events.type, query.type), notOver()))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(query.limit);
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
    .where(and(eq(events.source, "internal"), eq(events.status, "scheduled"), gte(events.startsAt, sql`now() - interval '90 days'`)))
    .orderBy(asc(events.startsAt))
    .limit(1000);
}
