import "server-only";
import { and, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import { events } from "@/db/schema";
import { DATE_FORMAT, TIME_FORMAT } from "@/lib/format";
import { eventLocation, formatInZone } from "@/server/events";
import type { PassageProvider } from "./types";

/**
 * Upcoming scheduled events of both sources (their pages are public, members-only ones included).
 * A passage expires when its event ends, so an event that has passed is never answered from even
 * before the nightly rebuild removes it.
 */
const where = (location: string) => (location === "Online" ? "online" : `at ${location}`);

export const eventProvider: PassageProvider = {
  async load(executor, ids) {
    const rows = await executor
      .select()
      .from(events)
      .where(
        and(
          eq(events.status, "scheduled"),
          or(gte(events.endsAt, sql`now()`), and(isNull(events.endsAt), gte(events.startsAt, sql`now()`))),
          ids ? inArray(events.id, ids.map(Number)) : undefined,
        ),
      );
    return rows.map((event) => {
      const when = `${formatInZone(event.startsAt, event.timezone, DATE_FORMAT)} at ${formatInZone(event.startsAt, event.timezone, `${TIME_FORMAT} zzz`)}`;
      // Each sentence names the event, so any one of them answers on its own.
      const access =
        event.accessType === "members"
          ? `${event.title} is for members only; it is not open to everyone.`
          : `${event.title} is open to everyone, members or not.`;
      return {
        sourceId: String(event.id),
        title: `Event: ${event.title}`,
        url: `/events/${event.id}`,
        body: `${event.title} takes place on ${when}, ${where(eventLocation(event))}. ${access} ${event.description}`.trim(),
        requiredLevel: null,
        expiresAt: event.endsAt ?? event.startsAt,
      };
    });
  },
};
