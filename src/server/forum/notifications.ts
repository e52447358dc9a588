import "server-only";
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Transaction } from "@/db/client";
import { forumPreferences, forumTopicSubscriptions, forumTopics } from "@/db/schema";
import type { QueueEmail } from "@/server/email/outbox";
import { renderEmail } from "@/server/email/render";
import { getSiteSettings } from "@/server/settings";
import { plainText } from "./plain-text";

/** At most one email per participant per topic in this window. */
export const NOTIFY_INTERVAL_MINUTES = 60;

const newToken = () => randomBytes(24).toString("base64url");

export function topicUnsubscribeLinks(token: string, baseUrl: string) {
  const pageUrl = `${baseUrl}/forum-emails/unsubscribe/${token}`;
  const oneClickUrl = `${baseUrl}/api/forum/unsubscribe?token=${token}`;
  return {
    pageUrl,
    headers: { "List-Unsubscribe": `<${oneClickUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

interface ReplyEvent {
  topic: { id: number; title: string; slug: string; userId: number };
  replierId: number;
  content: string;
  baseUrl: string;
}

/**
 * Emails the topic's author and everyone who replied (but the replier) about a new reply, in the
 * reply's transaction, unless she turned reply emails off, unsubscribed from this topic, blocked the
 * replier, or was emailed about this topic within the last hour.
 */
export async function queueReplyNotifications(
  tx: Transaction,
  queueEmail: QueueEmail,
  event: ReplyEvent,
): Promise<void> {
  const { topic, replierId } = event;
  const due = await tx.execute<{ user_id: number; email: string; first_name: string; token: string | null }>(sql`
    with participants as (
      select ${topic.userId}::int as user_id
      union
      select distinct user_id from forum_posts where topic_id = ${topic.id} and status = 'visible'
    )
    select u.id as user_id, u.email, u.first_name, s.unsubscribe_token as token
    from participants p
    join users u on u.id = p.user_id and u.disabled_at is null
    left join forum_topic_subscriptions s on s.topic_id = ${topic.id} and s.user_id = p.user_id
    left join forum_preferences pref on pref.user_id = p.user_id
    where p.user_id <> ${replierId}
      and coalesce(pref.email_on_replies, true)
      and s.unsubscribed_at is null
      and (s.last_emailed_at is null or s.last_emailed_at < now() - make_interval(mins => ${NOTIFY_INTERVAL_MINUTES}))
      and not exists (select 1 from forum_blocks b where b.blocker_id = p.user_id and b.blocked_id = ${replierId})
      -- Her notification choice for replies (issue 29): only "email at once" is emailed here.
      and coalesce((select np.delivery from notification_preferences np where np.user_id = p.user_id and np.kind = 'forum_reply'), 'email') = 'email'
  `);
  if (due.rows.length === 0) return;

  const settings = await getSiteSettings();
  const [replier] = await tx
    .execute<{ name: string }>(
      sql`select trim(first_name || ' ' || last_name) as name from users where id = ${replierId}`,
    )
    .then((r) => r.rows);
  const excerpt = plainText(event.content).slice(0, 400);
  const topicUrl = `${event.baseUrl}/forum/topic/${topic.slug}`;

  for (const recipient of due.rows) {
    const token = recipient.token ?? newToken();
    await tx
      .insert(forumTopicSubscriptions)
      .values({ topicId: topic.id, userId: recipient.user_id, unsubscribeToken: token, lastEmailedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [forumTopicSubscriptions.topicId, forumTopicSubscriptions.userId],
        set: { lastEmailedAt: sql`now()` },
      });
    const unsubscribe = topicUnsubscribeLinks(token, event.baseUrl);
    await queueEmail({
      to: recipient.email,
      kind: "forum-reply",
      subject: `New reply in "${topic.title}"`,
      headers: unsubscribe.headers,
      ...renderEmail({
        siteName: settings.siteName,
        heading: `New reply in "${topic.title}"`,
        paragraphs: [`Hi ${recipient.first_name},`, `${replier?.name ?? "A member"} replied:`, excerpt],
        action: { label: "Read the discussion", url: topicUrl },
        footer: `You received this because you took part in this topic. We send at most one email per topic per hour. Stop emails about this topic: ${unsubscribe.pageUrl}`,
      }),
    });
  }
}

/** The subscription a one-click unsubscribe token names, with its topic's title. */
export async function findTopicSubscription(token: string) {
  const [row] = await db
    .select({
      topicTitle: forumTopics.title,
      topicSlug: forumTopics.slug,
      unsubscribedAt: forumTopicSubscriptions.unsubscribedAt,
    })
    .from(forumTopicSubscriptions)
    .innerJoin(forumTopics, eq(forumTopics.id, forumTopicSubscriptions.topicId))
    .where(eq(forumTopicSubscriptions.unsubscribeToken, token))
    .limit(1);
  return row ?? null;
}

/** Stops reply emails for the topic the token names; false for an unknown token. */
export async function unsubscribeFromTopic(token: string): Promise<boolean> {
  const rows = await db
    .update(forumTopicSubscriptions)
    .set({ unsubscribedAt: sql`coalesce(${forumTopicSubscriptions.unsubscribedAt}, now())` })
    .where(eq(forumTopicSubscriptions.unsubscribeToken, token))
    .returning({ topicId: forumTopicSubscriptions.topicId });
  return rows.length > 0;
}

export async function getForumPreferences(userId: number) {
  const [row] = await db
    .select({ emailOnReplies: forumPreferences.emailOnReplies })
    .from(forumPreferences)
    .where(eq(forumPreferences.userId, userId));
  return row ?? { emailOnReplies: true };
}

export async function saveForumPreferences(userId: number, preferences: { emailOnReplies: boolean }) {
  await db
    .insert(forumPreferences)
    .values({ userId, ...preferences })
    .onConflictDoUpdate({ target: forumPreferences.userId, set: preferences });
  return preferences;
}
