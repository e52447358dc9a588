import "server-only";
import { and, eq, isNull, lt, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import type { Executor, Transaction } from "@/db/client";
import { notificationEvents } from "@/db/schema";
import { mentionedIds } from "@/features/notifications/mentions";
import { levelInForceOf, TIER_ORDER_SQL } from "@/server/auth/tier-access";
import { QUEUES, sendJob } from "@/server/jobs/boss";
import { wantsKind } from "./producers";
import { activeMember, memberOpensLevel } from "./visibility";

/** Events that notify many members at once, each fanned out by one job in one transaction. */
export type NotificationEvent =
  | { kind: "forum_post"; postId: number }
  | { kind: "forum_topic"; topicId: number }
  | { kind: "library_item"; itemId: number }
  | { kind: "announcement"; title: string; url: string; actorId: number };

/** Writes the event in the caller's transaction; ask for its fan-out (requestFanOut) once that has committed. */
export async function recordNotificationEvent(executor: Executor, event: NotificationEvent): Promise<number> {
  const { kind, ...payload } = event;
  const [row] = await executor
    .insert(notificationEvents)
    .values({ kind, payload })
    .returning({ id: notificationEvents.id });
  return row!.id;
}

/** Asks a worker to fan the events out; a request lost here is found by the minutely sweep. */
export async function requestFanOut(ids: number[]): Promise<void> {
  if (!ids.length) return;
  try {
    const { name, ...options } = QUEUES.notificationsFanOut;
    for (const id of ids) await sendJob(name, { id }, { ...options, singletonKey: `notification-event-${id}` });
  } catch (error) {
    console.error("[notifications] could not request a fan-out; the sweep will", error);
  }
}

const SQL_TIERS = TIER_ORDER_SQL;
const wants = (kind: Parameters<typeof wantsKind>[1]) => wantsKind(sql`u.id`, kind);
const notBlocking = (actor: SQL) =>
  sql`not exists (select 1 from forum_blocks b where b.blocker_id = u.id and b.blocked_id = ${actor})`;
/** Members with a tier now (or admins): who hears about the library and announcements. */
const hasMembership = sql`(u.is_admin or ${levelInForceOf("u")} is not null)`;

/** The mentioned members (of a reply or an opening post) who may read it and have not blocked its author. */
async function insertMentions(tx: Transaction, source: SQL, content: string, dedupeKey: SQL): Promise<number> {
  const ids = mentionedIds(content);
  if (!ids.length) return 0;
  const result = await tx.execute(sql`
    with src as (${source})
    insert into notifications (user_id, kind, actor_id, title, url, required_level, dedupe_key)
    select u.id, 'forum_mention', src.author_id, 'mentioned you in “' || src.title || '”', src.url, src.level, ${dedupeKey}
    from src join users u on u.id = any(${`{${ids.join(",")}}`}::int[])
    where u.id <> src.author_id and ${activeMember("u")} and ${memberOpensLevel("u", sql`src.level`)}
      and ${notBlocking(sql`src.author_id`)} and ${wants("forum_mention")}
    on conflict (user_id, dedupe_key) do nothing`);
  return result.rowCount ?? 0;
}

async function fanOutPost(tx: Transaction, postId: number): Promise<number> {
  const source = sql`
    select p.id, p.user_id as author_id, p.parent_id, p.content, t.id as topic_id, t.title, t.user_id as topic_author_id,
      '/forum/topic/' || t.slug || '#post-' || p.id as url, c.required_membership_level as level
    from forum_posts p join forum_topics t on t.id = p.topic_id join forum_categories c on c.id = t.category_id
    where p.id = ${postId} and p.status = 'visible'`;
  const [post] = (await tx.execute<{ content: string }>(source)).rows;
  if (!post) return 0;
  // A mention and a reply about the same post are one notification (the mention) for her.
  const mentions = await insertMentions(tx, source, post.content, sql`'post:' || src.id`);
  const replies = await tx.execute(sql`
    with src as (${source}),
    -- The participants as one array, so that each is found by the users' primary key whatever the
    -- planner guesses of a topic whose thousands of replies its statistics have not seen yet.
    watchers as (
      select array(
        select topic_author_id from src
        union
        select fp.user_id from forum_posts fp, src where fp.topic_id = src.topic_id and fp.status = 'visible'
      ) as ids
    )
    insert into notifications (user_id, kind, actor_id, title, url, required_level, dedupe_key)
    select u.id, 'forum_reply', src.author_id,
      case when u.id = src.topic_author_id then 'replied to your topic “' || src.title || '”'
           when u.id = (select parent.user_id from forum_posts parent where parent.id = src.parent_id) then 'replied to you in “' || src.title || '”'
           else 'replied in “' || src.title || '”' end,
      src.url, src.level, 'post:' || src.id
    from src, users u
    where u.id = any((select ids from watchers)::int[]) and u.id <> src.author_id and ${activeMember("u")} and ${memberOpensLevel("u", sql`src.level`)}
      and ${notBlocking(sql`src.author_id`)} and ${wants("forum_reply")}
      and not exists (select 1 from forum_topic_subscriptions s where s.topic_id = src.topic_id and s.user_id = u.id and s.unsubscribed_at is not null)
    on conflict (user_id, dedupe_key) do nothing`);
  return mentions + (replies.rowCount ?? 0);
}

async function fanOutTopic(tx: Transaction, topicId: number): Promise<number> {
  const source = sql`
    select t.id, t.user_id as author_id, t.content, t.title, '/forum/topic/' || t.slug as url, c.required_membership_level as level
    from forum_topics t join forum_categories c on c.id = t.category_id where t.id = ${topicId}`;
  const [topic] = (await tx.execute<{ content: string }>(source)).rows;
  return topic ? insertMentions(tx, source, topic.content, sql`'topic:' || src.id`) : 0;
}

async function fanOutLibraryItem(tx: Transaction, itemId: number): Promise<number> {
  // The stricter of the item's and its category's levels, where each is gated at all.
  const result = await tx.execute(sql`
    with item as (
      select i.id, i.title, i.slug, i.author_id,
        (select l from unnest(array[case when not i.is_public then i.required_membership_level end, case when c.id is not null and not c.is_public then c.required_membership_level end]) l
          where l is not null order by array_position(${SQL_TIERS}, l) desc limit 1) as level
      from content_items i left join content_categories c on c.id = i.category_id
      where i.id = ${itemId} and i.status = 'published'
    )
    insert into notifications (user_id, kind, title, url, required_level, dedupe_key)
    select u.id, 'library_item', 'New in the library: “' || item.title || '”', '/library/item/' || item.slug, item.level, 'library:' || item.id
    from item, users u
    where u.id is distinct from item.author_id and ${activeMember("u")} and ${hasMembership} and ${memberOpensLevel("u", sql`item.level`)} and ${wants("library_item")}
    on conflict (user_id, dedupe_key) do nothing`);
  return result.rowCount ?? 0;
}

async function fanOutAnnouncement(
  tx: Transaction,
  eventId: number,
  event: { title: string; url: string; actorId: number },
): Promise<number> {
  const result = await tx.execute(sql`
    insert into notifications (user_id, kind, title, url, dedupe_key)
    select u.id, 'announcement', ${event.title}, ${event.url}, ${`announcement:${eventId}`}
    from users u
    where u.id <> ${event.actorId} and ${activeMember("u")} and ${hasMembership} and ${wants("announcement")}
    on conflict (user_id, dedupe_key) do nothing`);
  return result.rowCount ?? 0;
}

/**
 * Job handler: fans one event out in one transaction that also marks it done. The event row is
 * locked (SKIP LOCKED), so a second worker given the same event does nothing; a worker that dies
 * mid-way rolls everything back and the event runs again whole; the dedupe keys make a second run
 * add nothing. Answers how many notifications were made (null: nothing to do).
 */
export async function runNotificationEvent(id: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(notificationEvents)
      .where(and(eq(notificationEvents.id, id), isNull(notificationEvents.doneAt)))
      .for("update", { skipLocked: true });
    if (!row) return null;
    const event = { kind: row.kind, ...row.payload } as NotificationEvent;
    let made = 0;
    if (event.kind === "forum_post") made = await fanOutPost(tx, event.postId);
    else if (event.kind === "forum_topic") made = await fanOutTopic(tx, event.topicId);
    else if (event.kind === "library_item") made = await fanOutLibraryItem(tx, event.itemId);
    else if (event.kind === "announcement") made = await fanOutAnnouncement(tx, row.id, event);
    await tx
      .update(notificationEvents)
      .set({ doneAt: sql`now()`, attempts: sql`${notificationEvents.attempts} + 1` })
      .where(eq(notificationEvents.id, id));
    return made;
  });
}

/** Job handler, every minute: asks again for events not done a minute after they were written. */
export async function sweepNotificationEvents(): Promise<number> {
  const due = await db
    .select({ id: notificationEvents.id })
    .from(notificationEvents)
    .where(and(isNull(notificationEvents.doneAt), lt(notificationEvents.createdAt, sql`now() - interval '1 minute'`)))
    .orderBy(notificationEvents.id)
    .limit(500);
  await requestFanOut(due.map((row) => row.id));
  return due.length;
}
