import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { Actor } from "@/server/auth/actor";
import { db } from "@/db";
import { recordAudit } from "@/server/audit";
import { recordNotificationEvent, requestFanOut } from "./fan-out";

/** An administrator's announcement: every member with a tier is notified (one fan-out job), audit-logged. */
export async function announce(actor: Actor, input: { title: string; url: string }): Promise<{ id: number }> {
  assertAccess(actor.viewer, ADMIN);
  const id = await db.transaction(async (tx) => {
    const eventId = await recordNotificationEvent(tx, {
      kind: "announcement",
      title: input.title,
      url: input.url,
      actorId: actor.id,
    });
    await recordAudit(
      {
        actorId: actor.id,
        action: "notification.announce",
        entityType: "notification_event",
        entityId: eventId,
        details: { title: input.title, url: input.url },
        ip: actor.ip,
      },
      tx,
    );
    return eventId;
  });
  await requestFanOut([id]);
  return { id };
}
