import "server-only";
import { TZDate } from "@date-fns/tz";
import ical, { ICalEventStatus } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import type { events } from "@/db/schema";
import { fileResponse } from "@/lib/http/file-response";
import { joinLinkIsPublic } from "./join-link";
import { eventLocation } from "./time";

type EventRow = typeof events.$inferSelect;

const DEFAULT_DURATION_MS = 2 * 3600_000;

/**
 * An iCalendar document of events, each in its own IANA zone with a VTIMEZONE block, so that
 * calendar apps keep the wall-clock time across daylight-saving changes.
 */
export function eventsToIcs(
  rows: EventRow[],
  options: { name: string; baseUrl: string; host: string; joinUrls?: ReadonlyMap<number, string> },
): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: options.host, product: "events", language: "EN" },
    ttl: 3600,
  });
  calendar.timezone({ name: null, generator: (zone) => tzlib_get_ical_block(zone)[0] ?? null });
  for (const row of rows) {
    const end = row.endsAt ?? new Date(row.startsAt.getTime() + DEFAULT_DURATION_MS);
    const pageUrl = `${options.baseUrl}/events/${row.id}`;
    // A members-only event's link to join only for a member who may see it.
    const joinUrl = options.joinUrls?.get(row.id) ?? (joinLinkIsPublic(row) ? row.onlineUrl : null);
    calendar.createEvent({
      id: `event-${row.id}@${options.host}`,
      start: new TZDate(row.startsAt.getTime(), row.timezone),
      end: new TZDate(end.getTime(), row.timezone),
      timezone: row.timezone,
      summary: row.title,
      description: `${row.description}\n\n${pageUrl}`.trim(),
      location: joinUrl && !row.address ? joinUrl : eventLocation(row),
      url: pageUrl,
      status: row.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      lastModified: row.updatedAt,
    });
  }
  return calendar.toString();
}

/** `cacheControl`: shared caches may keep a calendar that is the same for everyone, never one of a member's. */
export function icsResponse(body: string, filename: string, cacheControl = "public, max-age=300"): Response {
  return fileResponse(body, {
    contentType: "text/calendar; charset=utf-8",
    filename,
    disposition: "attachment",
    extra: { "Cache-Control": cacheControl },
  });
}
