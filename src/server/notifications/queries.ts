import "server-only";
import { keysetPage } from "@/server/pagination";
import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { forumBlocks, notificationCounts, notifications, users } from "@/db/schema";
import { readableLevel } from "@/server/auth/tier-access";
import { NOTIFICATION_PAGE_SIZE, notificationLink, type NotificationKind } from "@/features/notifications/constants";
import type { MarkReadInput, NotificationListQuery } from "@/features/notifications/schemas";
import type { NotificationPage, NotificationView, UnreadCounts } from "@/features/notifications/types";
import { idInQuery, preparedQueries, tiersShape } from "@/server/prepared-queries";
import { visibleTo, type Recipient, type RecipientInQuery } from "./visibility";

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
  const { rows } = await executor.execute<UnreadCounts>(unreadCountsQuery(user));
  return rows[0] ?? { unreadCount: 0, unreadMessages: 0 };
}

/** The one row of unreadCounts, as SQL: a list or a page asks for it inside its own query. */
export function unreadCountsQuery(user: RecipientInQuery): SQL {
  const opens = (column: AnyPgColumn) => readableLevel(column, user) ?? sql`true`;
  // Per member she blocked (LATERAL), so that each is one probe of notifications_actor_user_idx
  // whatever the planner guesses of her blocks, never a scan of her unread rows.
  return sql`
    select kept.unread - hidden.unread as "unreadCount", kept.messages - hidden.messages as "unreadMessages"
    from (
      select coalesce(sum(${notificationCounts.unread}), 0)::int as unread,
        coalesce(sum(${notificationCounts.unreadMessages}), 0)::int as messages
      from ${notificationCounts}
      where ${notificationCounts.userId} = ${user.id} and ${opens(notificationCounts.requiredLevel)}
    ) kept, (
      select coalesce(sum(blocked.unread), 0)::int as unread, coalesce(sum(blocked.messages), 0)::int as messages
      from ${forumBlocks} cross join lateral (
        select count(*) as unread, count(*) filter (where ${notifications.kind} = 'direct_message') as messages
        from ${notifications}
        where ${notifications.actorId} = ${forumBlocks.blockedId} and ${notifications.userId} = ${forumBlocks.blockerId}
          and ${notifications.readAt} is null and ${opens(notifications.requiredLevel)}
      ) blocked
      where ${forumBlocks.blockerId} = ${user.id}
    ) hidden`;
}

export async function unreadCount(user: Recipient): Promise<number> {
  return (await unreadCounts(user)).unreadCount;
}

/**
 * Her list's query for her tiers and the filters she chose, built once and run with her id, the kind,
 * the keyset and the page's size (docs/decisions/061-hot-queries-built-once.md). Her unread count comes
 * with every row of the page (one query, worked out once by PostgreSQL).
 */
type ListCall = { user: Recipient; query: NotificationListQuery };

const listShape = ({ user, query }: ListCall) =>
  `${tiersShape(user)} kind:${Boolean(query.kind)} unread:${Boolean(query.unread)} after:${Boolean(query.after)}`;

const listQuery = preparedQueries("notifications_list", listShape, ({ user, query }: ListCall, database, name) => {
  const her = idInQuery(user);
  return database
    .select({
      ...notificationColumns,
      unreadCount: sql<number>`(select counts."unreadCount" from (${unreadCountsQuery(her)}) counts)`,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(
      and(
        visibleTo(her),
        query.kind ? eq(notifications.kind, sql.placeholder("kind")) : undefined,
        query.unread ? isNull(notifications.readAt) : undefined,
        query.after ? lt(notifications.seq, sql.placeholder("after")) : undefined,
      ),
    )
    .orderBy(desc(notifications.seq))
    .limit(sql.placeholder("limit"))
    .prepare(name);
});

/** GET /api/notifications: newest activity first, keyset pages on the activity order (`seq`). */
export async function listNotifications(user: Recipient, query: NotificationListQuery = {}): Promise<NotificationPage> {
  const limit = query.limit ?? NOTIFICATION_PAGE_SIZE;
  const rows = await listQuery({ user, query }).execute({
    userId: user.id,
    kind: query.kind,
    after: query.after,
    limit: limit + 1,
  });
  const { page, next } = keysetPage(rows, limit, (last) => String(last.seq));
  // An empty page asks for her unread count on its own.
  return {
    notifications: page.map((row) => toView(row as NotificationRow)),
    unreadCount: rows[0]?.unreadCount ?? (await unreadCount(user)),
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
