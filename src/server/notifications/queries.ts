import "server-only";
import { keysetPage } from "@/server/pagination";
import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { forumBlocks, notificationCounts, notifications, users } from "@/db/schema";
import { readableLevel } from "@/server/auth/tier-access";
import { NOTIFICATION_PAGE_SIZE, notificationLink, type NotificationKind } from "@/features/notifications/constants";
import type { MarkReadInput, NotificationListQuery } from "@/features/notifications/schemas";
import type { NotificationPage, NotificationView, UnreadCounts } from "@/features/notifications/types";
import { visibleTo, type Recipient } from "./visibility";

export const notificationColumns = {
  id: notifications.id,
  seq: notifications.seq,
  kind: notifications.kind,
  title: notifications.title,
  url: notifications.url,
  actorCount: notifications.actorCount,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  actorId: users.id,
  actorName: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
  actorPicture: users.profilePicture,
};

type NotificationRow = { [K in keyof typeof notificationColumns]: unknown } & {
  id: number;
  kind: string;
  title: string;
  url: string;
  actorCount: number;
  readAt: Date | null;
  createdAt: Date;
  actorId: number | null;
  actorName: string | null;
  actorPicture: string | null;
};

const others = (count: number) => (count === 1 ? "1 other" : `${count.toLocaleString("en-US")} others`);

/** The answer's shape: the actor's name leads the line, with "and N others" for a group. */
export function toView(row: NotificationRow): NotificationView {
  const name = row.actorName || null;
  const title = name
    ? `${name}${row.actorCount > 1 ? ` and ${others(row.actorCount - 1)}` : ""} ${row.title}`
    : row.title;
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title,
    url: notificationLink(row.url),
    actor: row.actorId !== null && name ? { id: row.actorId, name, profilePicture: row.actorPicture } : null,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * Her unread notifications, and among them her conversations with unread messages: a conversation's
 * messages are one notification while unread, read when she reads the conversation, so the navbar's
 * Messages count is part of the same counts. Kept, not counted (notification_counts, kept by triggers
 * in the transaction of every write): the rows her tier opens now, less the unread ones from members
 * she has blocked, which are few and found through her blocks (docs/decisions/049-notification-lists-at-size.md).
 */
export async function unreadCounts(user: Recipient, executor: Executor = db): Promise<UnreadCounts> {
  const kept = executor
    .select({
      unread: sql<number>`coalesce(sum(${notificationCounts.unread}), 0)::int`.as("kept_unread"),
      messages: sql<number>`coalesce(sum(${notificationCounts.unreadMessages}), 0)::int`.as("kept_messages"),
    })
    .from(notificationCounts)
    .where(and(eq(notificationCounts.userId, user.id), readableLevel(notificationCounts.requiredLevel, user)))
    .as("kept");
  const hidden = executor
    .select({
      unread: sql<number>`count(*)::int`.as("hidden_unread"),
      messages: sql<number>`(count(*) filter (where ${notifications.kind} = 'direct_message'))::int`.as(
        "hidden_messages",
      ),
    })
    .from(forumBlocks)
    .innerJoin(
      notifications,
      and(eq(notifications.actorId, forumBlocks.blockedId), eq(notifications.userId, forumBlocks.blockerId)),
    )
    .where(
      and(
        eq(forumBlocks.blockerId, user.id),
        isNull(notifications.readAt),
        readableLevel(notifications.requiredLevel, user),
      ),
    )
    .as("hidden");
  const [row] = await executor
    .select({
      unreadCount: sql<number>`${kept.unread} - ${hidden.unread}`,
      unreadMessages: sql<number>`${kept.messages} - ${hidden.messages}`,
    })
    .from(kept)
    .crossJoin(hidden);
  return { unreadCount: row?.unreadCount ?? 0, unreadMessages: row?.unreadMessages ?? 0 };
}

export async function unreadCount(user: Recipient): Promise<number> {
  return (await unreadCounts(user)).unreadCount;
}

/** GET /api/notifications: newest activity first, keyset pages on the activity order (`seq`). */
export async function listNotifications(user: Recipient, query: NotificationListQuery = {}): Promise<NotificationPage> {
  const limit = query.limit ?? NOTIFICATION_PAGE_SIZE;
  const rows = await db
    .select(notificationColumns)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(
      and(
        visibleTo(user),
        query.kind ? eq(notifications.kind, query.kind) : undefined,
        query.unread ? isNull(notifications.readAt) : undefined,
        query.after ? lt(notifications.seq, query.after) : undefined,
      ),
    )
    .orderBy(desc(notifications.seq))
    .limit(limit + 1);
  const { page, next } = keysetPage(rows as NotificationRow[], limit, (last) => String(last.seq));
  return {
    notifications: page.map(toView),
    unreadCount: await unreadCount(user),
    next,
  };
}

/** POST /api/notifications/read: only her own rows change; answers her new unread count. */
export async function markRead(user: Recipient, input: MarkReadInput): Promise<{ unreadCount: number }> {
  const which =
    "ids" in input ? inArray(notifications.id, input.ids) : input.kind ? eq(notifications.kind, input.kind) : undefined;
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt), which));
  return { unreadCount: await unreadCount(user) };
}

/** New activity after `afterSeq`, oldest first, for a stream catching up (at most `limit`). */
export async function notificationsAfter(user: Recipient, afterSeq: number, limit = 50) {
  const rows = await db
    .select(notificationColumns)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(visibleTo(user), sql`${notifications.seq} > ${afterSeq}`))
    .orderBy(notifications.seq)
    .limit(limit);
  return (rows as NotificationRow[]).map((row) => ({ seq: Number(row.seq), notification: toView(row) }));
}

/** The last activity of hers, for a stream that starts without Last-Event-ID. */
export async function latestSeq(userId: number): Promise<number> {
  const [row] = await db
    .select({ seq: sql<string | null>`max(${notifications.seq})` })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return Number(row?.seq ?? 0);
}
