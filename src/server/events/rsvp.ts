import "server-only";
import { hasMembership } from "@/lib/auth/access";
import { and, count, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { eventRsvps, events } from "@/db/schema";
import { badRequest, conflict, forbidden, notFound } from "@/lib/errors";
import { expirePublicPages } from "@/server/cache/public-pages";
import type { EventViewerPart } from "@/features/events/types";
import type { SessionUser } from "@/lib/auth/session-user";

export const EVENT_FULL_MESSAGE = "Sorry, this event is full.";
export const MEMBERS_ONLY_MESSAGE = "This event is for members. A membership is needed to RSVP.";

export async function eventViewerPart(eventId: number, user: SessionUser): Promise<EventViewerPart> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) throw notFound("Event not found.");
  const [[counted], [mine]] = await Promise.all([
    db
      .select({ n: count() })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, "going"))),
    db
      .select({ status: eventRsvps.status })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, user.id)))
      .limit(1),
  ]);
  return { going: mine?.status === "going", goingCount: counted?.n ?? 0 };
}

/** True once the event has ended (or started, when it has no end). */
export function isEventOver(event: { startsAt: Date; endsAt: Date | null }, now = new Date()): boolean {
  return (event.endsAt ?? event.startsAt).getTime() < now.getTime();
}

/**
 * RSVPs the user to a community event. The event row is locked while the seats are counted, so two
 * members cannot both take the last seat.
 */
export async function rsvpToEvent(eventId: number, user: SessionUser): Promise<{ going: true; goingCount: number }> {
  const result = await db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update").limit(1);
    if (!event) throw notFound("Event not found.");
    if (event.source !== "internal") throw badRequest("RSVP for this event on its Luma page.");
    if (event.status !== "scheduled") throw conflict("This event has been cancelled.");
    if (isEventOver(event)) throw conflict("This event is over.");
    if (event.accessType === "members" && !hasMembership(user)) throw forbidden(MEMBERS_ONLY_MESSAGE);

    const [existing] = await tx
      .select({ status: eventRsvps.status })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, user.id)));
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, "going")))) as [{ n: number }];
    if (existing?.status === "going") return { going: true as const, goingCount: n };
    if (event.capacity !== null && n >= event.capacity) throw conflict(EVENT_FULL_MESSAGE);

    await tx
      .insert(eventRsvps)
      .values({ eventId, userId: user.id, status: "going" })
      .onConflictDoUpdate({
        target: [eventRsvps.eventId, eventRsvps.userId],
        set: { status: "going", updatedAt: sql`now()` },
      });
    return { going: true as const, goingCount: n + 1 };
  });
  await expireGoingCount(eventId);
  return result;
}

/** The prerendered event page shows visitors how many are going. */
async function expireGoingCount(eventId: number): Promise<void> {
  await expirePublicPages([`/events/${eventId}`]).catch((error) =>
    console.error(
      `[events] /events/${eventId} keeps its count until its hourly revalidation:`,
      error instanceof Error ? error.message : error,
    ),
  );
}

/** Cancels the user's own RSVP (a member acts only on her own row). */
export async function cancelRsvp(eventId: number, userId: number): Promise<{ going: false }> {
  await db
    .update(eventRsvps)
    .set({ status: "cancelled", updatedAt: sql`now()` })
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId)));
  await expireGoingCount(eventId);
  return { going: false };
}
