import { z } from "@/lib/validation";
import { EVENT_ACCESS_TYPES, EVENT_STATUSES, EVENT_TYPES } from "./constants";
import { id, isoDate, isoDateTime } from "@/features/api/json";

/** An event as the API and the client components see it. Times are ISO instants; `timezone` is IANA. Never its link to join. */
export const publicEventSchema = z.strictObject({
  id,
  source: z.enum(["luma", "internal"]),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  startsAt: isoDateTime,
  endsAt: isoDateTime.nullable(),
  timezone: z.string(),
  /** 'MMM d, yyyy' and 'h:mm a' in the event's own time zone. */
  date: z.string(),
  time: z.string(),
  /** The calendar day (yyyy-MM-dd) the event starts on, in its own time zone. */
  day: isoDate,
  location: z.string(),
  url: z.string().nullable(),
  featured: z.boolean(),
  accessType: z.enum(EVENT_ACCESS_TYPES),
  type: z.enum(EVENT_TYPES),
  status: z.enum(EVENT_STATUSES),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

export const rsvpGoingSchema = z.strictObject({ going: z.literal(true), goingCount: z.number().int().positive() });
export const rsvpCancelledSchema = z.strictObject({ going: z.literal(false) });

/**
 * GET /api/events/{id}/join-link: an online event's link to join, for whoever may see it
 * (src/server/events/join-link.ts), or what she needs first.
 */
export const eventJoinLinkSchema = z.strictObject({
  url: z.string().nullable(),
  needs: z.enum(["sign-in", "membership", "rsvp"]).nullable(),
});
export type EventJoinLink = z.infer<typeof eventJoinLinkSchema>;

/** One run of the Luma sync, as the admin's events page shows it. */
export interface LumaSyncRun {
  id: number;
  status: string;
  message: string | null;
  startedAt: Date;
  finishedAt: Date;
  fetched: number;
  upserted: number;
  cancelled: number;
  skipped: number;
}

/** GET /api/events/{id}/rsvp: her part of the prerendered event page, her RSVP and the live count. */
export const eventViewerPartSchema = z.strictObject({ going: z.boolean(), goingCount: z.number().int().nonnegative() });
export type EventViewerPart = z.infer<typeof eventViewerPartSchema>;
