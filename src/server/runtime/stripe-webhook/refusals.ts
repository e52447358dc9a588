import "server-only";
import { count, desc, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { stripeEventRefusals } from "@/db/schema";

export interface RefusedEvent {
  id: string;
  type: string;
  apiVersion: string | null;
}

/**
 * A webhook event refused and answered non-2xx, so Stripe delivers it again: kept (one row per
 * event, counting deliveries) for /admin until a delivery of it is applied. Written outside the
 * failed transaction, on the pool, so the record survives the rollback.
 */
export async function recordRefusal(
  event: RefusedEvent,
  reason: "api_version" | "shape",
  message: string,
): Promise<void> {
  await db
    .insert(stripeEventRefusals)
    .values({ eventId: event.id, type: event.type, apiVersion: event.apiVersion, reason, message })
    .onConflictDoUpdate({
      target: stripeEventRefusals.eventId,
      set: {
        reason,
        message,
        apiVersion: event.apiVersion,
        deliveries: sql`${stripeEventRefusals.deliveries} + 1`,
        lastAt: sql`now()`,
      },
    });
}

/** An event applied at last leaves the list; in the transaction that applies it, so no extra round trip. */
export async function clearRefusal(executor: Executor, eventId: string): Promise<void> {
  await executor.delete(stripeEventRefusals).where(eq(stripeEventRefusals.eventId, eventId));
}

/** What /admin lists: how many events wait, and the latest of them. */
export async function listRefusedEvents(limit = 20) {
  const [rows, [total]] = await Promise.all([
    db.select().from(stripeEventRefusals).orderBy(desc(stripeEventRefusals.lastAt)).limit(limit),
    db.select({ n: count() }).from(stripeEventRefusals),
  ]);
  return { total: total?.n ?? 0, events: rows };
}
