import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { eventInquiries, eventRsvps, events, users } from "@/db/schema";
import { badRequest, notFound } from "@/lib/errors";
import { contentSaved } from "@/server/jobs/content-saved";
import { recordAudit } from "@/server/audit";
import type { EventInputParsed } from "@/features/events/schemas";
import { expireEventPages } from "./pages";
import { wallClockToInstant } from "./time";

function columns(input: EventInputParsed) {
  const startsAt = wallClockToInstant(input.startsAtLocal, input.timezone);
  const endsAt = input.endsAtLocal ? wallClockToInstant(input.endsAtLocal, input.timezone) : null;
  if (endsAt && endsAt <= startsAt)
    throw badRequest("The end must be after the start", { endsAtLocal: "The end must be after the start" });
  return {
    title: input.title,
    description: input.description,
    imageUrl: input.imageUrl ?? null,
    startsAt,
    endsAt,
    timezone: input.timezone,
    locationName: input.locationName ?? null,
    address: input.address ?? null,
    onlineUrl: input.onlineUrl ?? null,
    url: input.url ?? null,
    accessType: input.accessType,
    type: input.type,
    capacity: input.capacity ?? null,
    featured: input.featured,
  };
}

export async function createCommunityEvent(viewer: SessionUser, input: EventInputParsed) {
  assertAccess(viewer, ADMIN);
  const actorId = viewer.id;
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(events)
        .values({ ...columns(input), source: "internal", createdBy: actorId })
        .returning();
      await recordAudit(
        { actorId, action: "event.create", entityType: "event", entityId: row!.id, details: { title: row!.title } },
        tx,
      );
      await contentSaved("event", tx, row!.id);
      return row!;
    })
    .then(withPagesExpired);
}

/** After a community event's change: its page and /events are rendered afresh. */
async function withPagesExpired<T extends { id: number }>(row: T): Promise<T> {
  await expireEventPages([row.id]);
  return row;
}

async function findCommunityEvent(id: number) {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  if (!row) throw notFound("Event not found.");
  if (row.source !== "internal") throw badRequest("Luma events are edited on Luma.");
  return row;
}

export async function updateCommunityEvent(viewer: SessionUser, id: number, input: EventInputParsed) {
  assertAccess(viewer, ADMIN);
  const actorId = viewer.id;
  await findCommunityEvent(id);
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(events)
        .set({ ...columns(input), updatedAt: sql`now()` })
        .where(eq(events.id, id))
        .returning();
      await recordAudit(
        { actorId, action: "event.update", entityType: "event", entityId: id, details: { title: row!.title } },
        tx,
      );
      await contentSaved("event", tx, id);
      return row!;
    })
    .then(withPagesExpired);
}

export async function setEventFeatured(viewer: SessionUser, id: number, featured: boolean) {
  assertAccess(viewer, ADMIN);
  const actorId = viewer.id;
  await findCommunityEvent(id);
  await db.transaction(async (tx) => {
    await tx
      .update(events)
      .set({ featured, updatedAt: sql`now()` })
      .where(eq(events.id, id));
    await recordAudit(
      { actorId, action: featured ? "event.feature" : "event.unfeature", entityType: "event", entityId: id },
      tx,
    );
  });
  await expireEventPages([id]);
}

export async function deleteCommunityEvent(viewer: SessionUser, id: number) {
  assertAccess(viewer, ADMIN);
  const actorId = viewer.id;
  const row = await findCommunityEvent(id);
  await db.transaction(async (tx) => {
    await tx.delete(events).where(eq(events.id, id));
    await recordAudit(
      { actorId, action: "event.delete", entityType: "event", entityId: id, details: { title: row.title } },
      tx,
    );
    await contentSaved("event", tx, id);
  });
  await expireEventPages([id]);
}

export async function listEventsForAdmin(viewer: SessionUser) {
  assertAccess(viewer, ADMIN);
  const going = db
    .select({ eventId: eventRsvps.eventId, n: count().as("n") })
    .from(eventRsvps)
    .where(eq(eventRsvps.status, "going"))
    .groupBy(eventRsvps.eventId)
    .as("going");
  return db
    .select({ event: events, going: sql<number>`coalesce(${going.n}, 0)::int` })
    .from(events)
    .leftJoin(going, eq(going.eventId, events.id))
    .where(eq(events.source, "internal"))
    .orderBy(desc(events.startsAt))
    .limit(500);
}

export async function listRsvps(viewer: SessionUser, eventId: number) {
  assertAccess(viewer, ADMIN);
  return db
    .select({
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      at: eventRsvps.updatedAt,
    })
    .from(eventRsvps)
    .innerJoin(users, eq(users.id, eventRsvps.userId))
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, "going")))
    .orderBy(asc(eventRsvps.createdAt));
}

export async function listInquiries(viewer: SessionUser) {
  assertAccess(viewer, ADMIN);
  return db.select().from(eventInquiries).orderBy(desc(eventInquiries.createdAt)).limit(100);
}
