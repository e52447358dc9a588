import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { forumTopicSubscriptions, notificationPreferences } from "@/db/schema";
import { DEFAULT_DELIVERY } from "@/features/notifications/constants";
import { ensureNotificationSettings, notificationUnsubscribePath, unsubscribeByToken } from "@/server/notifications";

/**
 * Reply emails are the notification pipeline's email channel (docs/decisions/041-one-notification-pipeline.md):
 * a reply is recorded as one event, fanned out by a job, and emailed to those who chose "Email at
 * once" for replies. What stays here: the forum's own switch for that choice, and the links of reply
 * emails sent before, which keep working.
 */

/** The member whose topic token (in a reply email sent before the one pipeline) this is. */
async function memberOfTopicToken(token: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: forumTopicSubscriptions.userId })
    .from(forumTopicSubscriptions)
    .where(eq(forumTopicSubscriptions.unsubscribeToken, token))
    .limit(1);
  return row?.userId ?? null;
}

/** Where an old reply email's unsubscribe link now leads: the one unsubscribe page, for replies. */
export async function topicTokenUnsubscribePath(token: string): Promise<string | null> {
  const userId = await memberOfTopicToken(token);
  if (userId === null) return null;
  const settings = await ensureNotificationSettings(userId);
  return notificationUnsubscribePath(settings.unsubscribeToken, "forum_reply");
}

/** An old reply email's one-click unsubscribe: no more reply emails; false for an unknown token. */
export async function unsubscribeByTopicToken(token: string): Promise<boolean> {
  const userId = await memberOfTopicToken(token);
  if (userId === null) return false;
  const settings = await ensureNotificationSettings(userId);
  return unsubscribeByToken(settings.unsubscribeToken, "forum_reply");
}

/** The forum settings' switch: on when replies are emailed at once (her notification choice for replies). */
export async function getForumPreferences(userId: number) {
  const [row] = await db
    .select({ delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .where(sql`${notificationPreferences.userId} = ${userId} and ${notificationPreferences.kind} = 'forum_reply'`);
  return { emailOnReplies: (row?.delivery ?? DEFAULT_DELIVERY.forum_reply) === "email" };
}

/** On: replies are emailed at once; off: they stay in the app (and in no digest). */
export async function saveForumPreferences(userId: number, preferences: { emailOnReplies: boolean }) {
  const delivery = preferences.emailOnReplies ? "email" : "app";
  await db
    .insert(notificationPreferences)
    .values({ userId, kind: "forum_reply", delivery })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { delivery },
    });
  return preferences;
}
