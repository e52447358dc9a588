import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { DEFAULT_DELIVERY, type NotificationKind } from "@/features/notifications/constants";
import { activeMember } from "./visibility";

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  actorId?: number | null;
  /** Members behind a grouped notification, the actor included (a count, or SQL counting them in the insert). */
  actorCount?: number | SQL;
  /** What happened, after the actor's name. */
  title: string;
  url: string;
  requiredLevel?: string | null;
  /** Unread notifications with this key are one; a new one updates it (and moves it to the top). */
  groupKey?: string;
  /** A second notification with this key for her is dropped. */
  dedupeKey?: string;
  /** Made read: she is looking at what it is about (a conversation she has open). */
  read?: boolean;
}

/** SQL true unless she turned `kind` off (no row: the kind's default, never off). */
export function wantsKind(userIdSql: ReturnType<typeof sql>, kind: NotificationKind) {
  return sql`coalesce((select np.delivery from notification_preferences np where np.user_id = ${userIdSql} and np.kind = ${kind}), ${DEFAULT_DELIVERY[kind]}) <> 'off'`;
}

/**
 * One notification for one member, in the caller's transaction: nothing when she is the actor, her
 * account is not active, she blocked the actor, or she turned the kind off. Answers the row's id.
 */
export async function notifyMember(executor: Executor, n: NewNotification): Promise<number | null> {
  const actorId = n.actorId ?? null;
  if (actorId !== null && actorId === n.userId) return null;
  const conflict = n.groupKey
    ? sql`on conflict (user_id, group_key) where read_at is null and group_key is not null do update
        set actor_id = excluded.actor_id, actor_count = excluded.actor_count, title = excluded.title, url = excluded.url,
            seq = nextval('notification_seq'), created_at = now(), emailed_at = null, pushed_at = null`
    : sql`on conflict (user_id, dedupe_key) do nothing`;
  const result = await executor.execute<{ id: number }>(sql`
    insert into notifications (user_id, kind, actor_id, actor_count, title, url, required_level, group_key, dedupe_key, read_at)
    select u.id, ${n.kind}, ${actorId}::int, ${n.actorCount ?? 1}::int, ${n.title}, ${n.url}, ${n.requiredLevel ?? null}, ${n.groupKey ?? null}, ${n.dedupeKey ?? null}, ${n.read ? sql`now()` : sql`null`}
    from users u
    where u.id = ${n.userId} and ${activeMember("u")} and ${wantsKind(sql`u.id`, n.kind)}
      and (${actorId}::int is null or not exists (select 1 from forum_blocks b where b.blocker_id = u.id and b.blocked_id = ${actorId}::int))
    ${conflict}
    returning id`);
  return result.rows[0]?.id ?? null;
}

/**
 * Reactions to one reply are one notification while unread: "Amara and 3 others reacted to your
 * reply", counting the members reacting now whom she has not blocked (counted in the same statement).
 * The caller has read the reply (its author, topic and category) under the toggle's lock.
 */
export async function notifyReaction(
  executor: Executor,
  reaction: { postId: number; reactorId: number; authorId: number; title: string; slug: string; level: string | null },
): Promise<void> {
  const reactors = sql`(select count(distinct r.user_id)::int from forum_reactions r
    where r.post_id = ${reaction.postId} and r.user_id <> ${reaction.authorId}
      and not exists (select 1 from forum_blocks b where b.blocker_id = ${reaction.authorId} and b.blocked_id = r.user_id))`;
  await notifyMember(executor, {
    userId: reaction.authorId,
    kind: "forum_reaction",
    actorId: reaction.reactorId,
    title: `reacted to your reply in “${reaction.title}”`,
    url: `/forum/topic/${reaction.slug}#post-${reaction.postId}`,
    requiredLevel: reaction.level,
    groupKey: `reaction:${reaction.postId}`,
    actorCount: reactors,
  });
}
