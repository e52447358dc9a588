import type { EventFilter, PublicEvent } from "./schemas";

// The event filter's rules. Pure, so the listing component and the tests share them.

/** The first event flagged featured; if none, the first event, treated as featured. */
export function pickFeatured<T extends Pick<PublicEvent, "featured">>(events: readonly T[]): T | null {
  return events.find((event) => event.featured) ?? events[0] ?? null;
}

/** Whether an event is one a filter button chooses: Open to All and Members Only by its access, the others by its type. */
export function matchesFilter(event: Pick<PublicEvent, "type" | "accessType">, filter: EventFilter): boolean {
  if (filter === "all") return true;
  return filter === "public" || filter === "members" ? event.accessType === filter : event.type === filter;
}

/** The grid under the featured card: every other event the chosen filter chooses. */
export function gridEvents<T extends Pick<PublicEvent, "id" | "type" | "accessType">>(
  events: readonly T[],
  featured: T | null,
  filter: EventFilter,
): T[] {
  return events.filter((event) => event.id !== featured?.id && matchesFilter(event, filter));
}

/** Local images an event card falls back to when its own image is missing or fails to load. */
export const FALLBACK_IMAGES = [
  "/images/gathering.svg",
  "/images/circle.svg",
  "/images/stage.svg",
  "/images/sunrise.svg",
] as const;

/** The fallback for an event: picked by id, then rotated through on each further load failure. */
export function fallbackImage(eventId: number, failures: number): string {
  return FALLBACK_IMAGES[(eventId + Math.max(0, failures - 1)) % FALLBACK_IMAGES.length]!;
}

/** The RSVP link: the event's own page, or the event host's general page when it has none. */
export function rsvpUrl(event: Pick<PublicEvent, "url">, hostPageUrl: string): string {
  return event.url ?? hostPageUrl;
}

/**
 * The day the calendar opens on (yyyy-MM-dd, as events' `day`): today when an event is on it,
 * otherwise the next day one is (from the upcoming events, soonest first), or today when none is.
 */
export function firstCalendarDay(upcoming: readonly Pick<PublicEvent, "day">[], today: string): string {
  return upcoming.map((event) => event.day).find((day) => day >= today) ?? today;
}
