import { and, asc, eq, gt } from "drizzle-orm";
import type { Transaction } from "../client";
import * as t from "../schema";

type UserIds = Record<string, number>;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * The notification screens, non-empty: notifications of every kind for `member` (some read), a mentorship
 * request for `mentor`, and a conversation between `member` and Amara with an unread message.
 */
export async function seedDemoNotifications(tx: Transaction, userIds: UserIds): Promise<void> {
  const [topic] = await tx
    .select({ slug: t.forumTopics.slug, title: t.forumTopics.title })
    .from(t.forumTopics)
    .where(eq(t.forumTopics.slug, "welcome-start-here"));
  const [item] = await tx
    .select({ slug: t.contentItems.slug, title: t.contentItems.title })
    .from(t.contentItems)
    .where(eq(t.contentItems.status, "published"))
    .orderBy(asc(t.contentItems.id))
    .limit(1);
  const [event] = await tx
    .select({ id: t.events.id, title: t.events.title })
    .from(t.events)
    .where(and(eq(t.events.source, "internal"), gt(t.events.startsAt, new Date())))
    .orderBy(asc(t.events.startsAt))
    .limit(1);
  const member = userIds.member!;
  const rows: (typeof t.notifications.$inferInsert)[] = [
    {
      userId: member,
      kind: "announcement",
      title: "Welcome to the new notification centre: replies, mentions and messages now find you here.",
      url: "/notifications/settings",
      createdAt: minutesAgo(60 * 30),
      readAt: minutesAgo(60 * 29),
      dedupeKey: "demo:announcement",
    },
    ...(item
      ? [
          {
            userId: member,
            kind: "library_item",
            title: `New in the library: “${item.title}”`,
            url: `/library/item/${item.slug}`,
            createdAt: minutesAgo(60 * 20),
            readAt: minutesAgo(60 * 19),
            dedupeKey: "demo:library",
          },
        ]
      : []),
    ...(event
      ? [
          {
            userId: member,
            kind: "event_reminder",
            title: `“${event.title}” is coming up`,
            url: `/events/${event.id}`,
            createdAt: minutesAgo(60 * 5),
            dedupeKey: "demo:event",
          },
        ]
      : []),
    ...(topic
      ? [
          {
            userId: member,
            kind: "forum_reaction",
            actorId: userIds.lena!,
            actorCount: 3,
            title: `reacted to your reply in “${topic.title}”`,
            url: `/forum/topic/${topic.slug}`,
            createdAt: minutesAgo(90),
            groupKey: "demo:reaction",
          },
          {
            userId: member,
            kind: "forum_reply",
            actorId: userIds.amara!,
            title: `replied to you in “${topic.title}”`,
            url: `/forum/topic/${topic.slug}`,
            createdAt: minutesAgo(45),
            dedupeKey: "demo:reply",
          },
          {
            userId: member,
            kind: "forum_mention",
            actorId: userIds.mentor!,
            title: `mentioned you in “${topic.title}”`,
            url: `/forum/topic/${topic.slug}`,
            createdAt: minutesAgo(30),
            dedupeKey: "demo:mention",
          },
        ]
      : []),
    {
      userId: userIds.mentor!,
      kind: "mentorship_request",
      actorId: member,
      title: "asked for your mentorship",
      url: "/profile?tab=mentorship",
      createdAt: minutesAgo(60 * 26),
      dedupeKey: "demo:mentorship",
    },
  ];
  // Inserted oldest first, so that the activity order (seq) follows the times.
  rows.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  for (const row of rows) await tx.insert(t.notifications).values(row);

  const [low, high] = [member, userIds.amara!].sort((a, b) => a - b) as [number, number];
  const [conversation] = await tx
    .insert(t.conversations)
    .values({ lowUserId: low, highUserId: high, lastMessageAt: minutesAgo(10), createdAt: minutesAgo(60 * 3) })
    .returning({ id: t.conversations.id });
  const lines: [number, string, number][] = [
    [
      userIds.amara!,
      "Hi Jordan! I loved your illustration in the Creative Corner. Would you be up for a collaboration on the spring zine?",
      60 * 3,
    ],
    [member, "Amara, yes! I have been wanting to do a zine for ages. What theme are you thinking?", 60 * 2],
    [userIds.amara!, "Something around rest as resistance. Shall we sketch ideas at the Creative Lab next week?", 10],
  ];
  const sent = await tx
    .insert(t.messages)
    .values(
      lines.map(([senderId, body, ago]) => ({
        conversationId: conversation!.id,
        senderId,
        body,
        createdAt: minutesAgo(ago),
      })),
    )
    .returning({ id: t.messages.id, senderId: t.messages.senderId });
  // Jordan has read up to her own reply; Amara's last message waits for her.
  const jordansLastRead = sent[1]!.id;
  const amarasLastRead = sent[2]!.id;
  await tx
    .update(t.conversations)
    .set(
      low === member
        ? { lowLastReadId: jordansLastRead, highLastReadId: amarasLastRead }
        : { lowLastReadId: amarasLastRead, highLastReadId: jordansLastRead },
    )
    .where(eq(t.conversations.id, conversation!.id));
  // A reported message, for /admin/message-reports.
  const [a, b] = [userIds.partner!, userIds.lena!].sort((x, y) => x - y) as [number, number];
  const [other] = await tx
    .insert(t.conversations)
    .values({ lowUserId: a, highUserId: b, lastMessageAt: minutesAgo(60 * 8) })
    .returning({ id: t.conversations.id });
  const [reported] = await tx
    .insert(t.messages)
    .values({
      conversationId: other!.id,
      senderId: userIds.lena!,
      body: "Join my paid masterclass, members get 50% off today only! Reply with your card number to reserve.",
      createdAt: minutesAgo(60 * 8),
    })
    .returning({ id: t.messages.id });
  await tx.insert(t.messageReports).values({
    messageId: reported!.id,
    reporterId: userIds.partner!,
    reason: "Selling to members and asking for card numbers in private messages.",
    createdAt: minutesAgo(60 * 7),
  });

  await tx.insert(t.notifications).values({
    userId: member,
    kind: "direct_message",
    actorId: userIds.amara!,
    title: "sent you a message",
    url: `/messages/${conversation!.id}`,
    createdAt: minutesAgo(10),
    groupKey: `conversation:${conversation!.id}`,
  });
}
