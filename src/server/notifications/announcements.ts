import "server-only";
import { db } from "@/db";
import { recordAudit } from "@/server/audit";
import { recordNotificationEvent, requestFanOut } from "./fan-out";

/** An administrator's announcement: every member with a tier is notified (one fan-out job), audit-logged. */
export async function announce(adminId: number, input: { title: string; url: string }, ip: string | null): Promise<{ id: number }> {
  const id = await db.transaction(async (tx) => {
    const eventId = await recordNotificationEvent(tx, { kind: "announcement", title: input.title, url: input.url, actorId: adminId });
    await recordAudit({ actorId: adminId, action: "notification.announce", entityType: "notification_event", entityId: eventId, details: { title: input.title, url: input.url }, ip }, tx);
    return eventId;
  });
  await requestFanOut([id]);
  return { id };
}
