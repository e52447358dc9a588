import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { forumTopicSubscriptions, notificationPreferences } from "@/db/schema";
import { DEFAULT_DELIVERY } from "@/features/notifications/constants";

/**
 * Reply emails are the notification pipeline's email channel (docs/decisions/041-one-notification-pipeline.md):
 * a reply is recorded as one event, fanned out by a job, and emailed to those who chose "Email at
 * once" for replies. What stays here: the forum's own switch for that choice, and the links of reply
 * emails sent before, which keep working.
 */

/**
 * The member whose topic token (in a reply email sent before the one pipeline) this is: its links now
 * lead to the one unsubscribe, for replies (src/server/unsubscribe).
 */
export async function memberOfTopicToken(token: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: forumTopicSubscriptions.userId })
    .from(forumTopicSubscriptions)
    .where(eq(forumTopicSubscriptions.unsubscribeToken, token))
    .limit(1);
  return row?.userId ?? null;
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
