import "server-only";
import { actsAsAdmin } from "@/lib/auth/access";
import { contentSaved } from "@/server/jobs/content-saved";
import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db";
import { forumCategories, forumPosts, forumReactions, forumTopicViews, forumTopics, users } from "@/db/schema";
import { AppError, conflict, forbidden, notFound } from "@/lib/errors";
import { mentionedIds } from "@/features/notifications/mentions";
import { notifyReaction, recordNotificationEvent, requestFanOut } from "@/server/notifications";
import { recordUse, type LimitPolicy } from "@/server/rate-limit";
import { reactionLock, syncReactionPoints } from "@/server/levels";
import { categoryReadableBy, eitherBlocked, POST_NOT_FOUND, readablePost, readableTopic, type Reader } from "./access";
import { reactionSummary } from "./queries";
import { slugify, type NewReply, type NewTopic, type Reaction } from "@/features/forum/schemas";
import { ARCHIVED_MESSAGE, LOCKED_MESSAGE } from "@/features/forum/constants";
import { cookMarkdown } from "@/lib/markdown/cook";
import { violatedConstraint } from "@/lib/database-errors";

/** A new member (account younger than NEW_MEMBER_DAYS) may post 10 times in 10 minutes. */
export const NEW_MEMBER_DAYS = 30;
export const NEW_MEMBER_POSTS: LimitPolicy = { keyPrefix: "forum_new_member_posts", points: 10, durationSeconds: 600 };

export { ARCHIVED_MESSAGE, LOCKED_MESSAGE };
export const BLOCKED_MESSAGE = "You cannot reply to this member.";

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** Counts a post by a new member and refuses (429, with the time to wait) past the limit. Admins are exempt. */
async function checkPostingLimit(reader: Reader): Promise<void> {
  if (actsAsAdmin(reader)) return;
  const [row] = await db
    .select({ isNew: sql<boolean>`${users.createdAt} > now() - make_interval(days => ${NEW_MEMBER_DAYS})` })
    .from(users)
    .where(eq(users.id, reader.id));
  if (!row?.isNew) return;
  const wait = await recordUse(NEW_MEMBER_POSTS, String(reader.id));
  if (wait > 0) {
    throw new AppError(
      429,
      `You are posting too often. Please wait ${waitText(wait)} before posting again.`,
      undefined,
      { "Retry-After": String(wait) },
    );
  }
}

/** A slug not yet taken: the chosen one must be free; a generated one gets -2, -3... when needed. */
async function uniqueSlug(title: string, chosen: string | undefined): Promise<string> {
  if (chosen) {
    const taken = await db
      .select({ id: forumTopics.id })
      .from(forumTopics)
      .where(eq(forumTopics.slug, chosen))
      .limit(1);
    if (taken.length)
      throw new AppError(409, "That URL slug is already in use.", { slug: "That URL slug is already in use." });
    return chosen;
  }
  let base = slugify(title).slice(0, 100).replace(/-$/, "");
  if (base.length < 3) base = `topic-${base}`.replace(/-$/, "");
  // Exact candidates (not a LIKE prefix), so the unique index answers however many topics there are.
  const candidates = [base, ...Array.from({ length: 49 }, (_, i) => `${base}-${i + 2}`)];
  const taken = await db
    .select({ slug: forumTopics.slug })
    .from(forumTopics)
    .where(inArray(forumTopics.slug, candidates));
  const used = new Set(taken.map((row) => row.slug));
  return candidates.find((slug) => !used.has(slug)) ?? `${base}-${randomBytes(4).toString("hex")}`;
}

/**
 * Writes take the raw body: where it goes (the category, the topic, the post) is checked against the
 * member's tier first (404 when it is not hers to see), and only then is the rest validated, so a
 * member learns nothing of a closed category from a 400.
 */
export async function postableCategory(categoryId: number, reader: Reader) {
  const [category] = await db
    .select({ id: forumCategories.id, archived: sql<boolean>`${forumCategories.archivedAt} is not null` })
    .from(forumCategories)
    .where(and(eq(forumCategories.id, categoryId), categoryReadableBy(reader)))
    .limit(1);
  if (!category) throw notFound("Category not found.");
  if (category.archived) throw forbidden(ARCHIVED_MESSAGE);
}

export async function createTopic(input: NewTopic, reader: Reader) {
  await postableCategory(input.categoryId, reader);
  await checkPostingLimit(reader);
  const slug = await uniqueSlug(input.title, input.slug || undefined);
  try {
    const { topic, eventId } = await db.transaction(async (tx) => {
      const [topic] = await tx
        .insert(forumTopics)
        .values({
          title: input.title,
          slug,
          content: input.content,
          contentHtml: cookMarkdown(input.content),
          userId: reader.id,
          categoryId: input.categoryId,
        })
        .returning({
          id: forumTopics.id,
          title: forumTopics.title,
          slug: forumTopics.slug,
          content: forumTopics.content,
          categoryId: forumTopics.categoryId,
          userId: forumTopics.userId,
          createdAt: forumTopics.createdAt,
        });
      // Members @mentioned in the opening post hear of it.
      const eventId = mentionedIds(input.content).length
        ? await recordNotificationEvent(tx, { kind: "forum_topic", topicId: topic!.id })
        : null;
      return { topic: topic!, eventId };
    });
    if (eventId !== null) await requestFanOut([eventId]);
    await contentSaved("forum", db, topic.id);
    return topic;
  } catch (error) {
    // Two members choosing the same slug at the same moment: the unique index decides.
    if (violatedConstraint(error) === "forum_topics_slug_key") throw conflict("That URL slug is already in use.");
    throw error;
  }
}

/** Refuses a reply where the topic or the category takes none, or where a block stands between the two members. */
async function checkCanReply(
  topic: Awaited<ReturnType<typeof readableTopic>>,
  parentId: number | null | undefined,
  reader: Reader,
) {
  if (topic.isLocked) throw forbidden(LOCKED_MESSAGE);
  if (topic.categoryArchived) throw forbidden(ARCHIVED_MESSAGE);
  if (await eitherBlocked(reader.id, topic.userId)) throw forbidden(BLOCKED_MESSAGE);
  if (parentId) {
    const parent = await readablePost(parentId, reader);
    if (parent.topicId !== topic.id) throw notFound("The post you replied to is not in this topic.");
    if (await eitherBlocked(reader.id, parent.userId)) throw forbidden(BLOCKED_MESSAGE);
  }
}

export async function createReply(input: NewReply, reader: Reader) {
  const topic = await readableTopic(input.topicId, reader);
  await checkCanReply(topic, input.parentId, reader);
  await checkPostingLimit(reader);
  const { post, eventId } = await db.transaction(async (tx) => {
    // The lock makes a reply wait for a lock taken at the same moment, so none lands in a locked topic.
    const [current] = await tx
      .select({ isLocked: forumTopics.isLocked })
      .from(forumTopics)
      .where(eq(forumTopics.id, topic.id))
      .for("update");
    if (!current || current.isLocked) throw forbidden(LOCKED_MESSAGE);
    const [post] = await tx
      .insert(forumPosts)
      .values({
        content: input.content,
        contentHtml: cookMarkdown(input.content),
        topicId: topic.id,
        parentId: input.parentId ?? null,
        userId: reader.id,
      })
      .returning({
        id: forumPosts.id,
        content: forumPosts.content,
        topicId: forumPosts.topicId,
        parentId: forumPosts.parentId,
        userId: forumPosts.userId,
        createdAt: forumPosts.createdAt,
        isEdited: forumPosts.isEdited,
      });
    await tx.update(forumTopics).set({ lastPostAt: post!.createdAt }).where(eq(forumTopics.id, topic.id));
    // Its notifications (bell, push, email) are one event fanned out by a job, so the reply's time does
    // not grow with the topic's participants (docs/decisions/041-one-notification-pipeline.md).
    return { post: post!, eventId: await recordNotificationEvent(tx, { kind: "forum_post", postId: post!.id }) };
  });
  await requestFanOut([eventId]);
  return post;
}

/** Loads a reply for its author to change; 404 when it is not hers to see, 403 when it is not hers. */
export async function ownReply(postId: number, reader: Reader) {
  const post = await readablePost(postId, reader);
  if (post.userId !== reader.id) throw forbidden("You can only change your own replies.");
  return post;
}

export async function editReply(postId: number, content: string, reader: Reader) {
  const post = await ownReply(postId, reader);
  if (post.topicLocked) throw forbidden(LOCKED_MESSAGE);
  if (post.categoryArchived) throw forbidden(ARCHIVED_MESSAGE);
  const [row] = await db
    .update(forumPosts)
    .set({ content, contentHtml: cookMarkdown(content), isEdited: true, editedAt: sql`now()` })
    .where(and(eq(forumPosts.id, postId), eq(forumPosts.userId, reader.id)))
    .returning({
      id: forumPosts.id,
      content: forumPosts.content,
      html: forumPosts.contentHtml,
      isEdited: forumPosts.isEdited,
      editedAt: forumPosts.editedAt,
    });
  return row!;
}

export async function deleteReply(postId: number, reader: Reader) {
  await ownReply(postId, reader);
  await db.delete(forumPosts).where(and(eq(forumPosts.id, postId), eq(forumPosts.userId, reader.id)));
}

/**
 * One of each kind per member per post: a second press takes it back. Her point to the author follows
 * in the same transaction (docs/decisions/047-points-and-levels.md). The first statement finds the reply
 * open to her and locks it twice: her reaction lock orders her own presses on this reply, the share lock
 * on the reply orders them with a moderator removing it. Four statements in all, each what the next needs.
 */
export async function toggleReaction({ postId, reactionType: type }: Reaction, reader: Reader) {
  const active = await db.transaction(async (tx) => {
    const [post] = (
      await tx.execute<{ author_id: number; title: string; slug: string; level: string | null }>(sql`
        select ${forumPosts.userId} as author_id, ${forumTopics.title}, ${forumTopics.slug},
          ${forumCategories.requiredMembershipLevel} as level, ${reactionLock(postId, reader.id)}
        from ${forumPosts}
          join ${forumTopics} on ${forumTopics.id} = ${forumPosts.topicId}
          join ${forumCategories} on ${forumCategories.id} = ${forumTopics.categoryId}
        where ${forumPosts.id} = ${postId} and ${forumPosts.status} = 'visible' and ${categoryReadableBy(reader) ?? sql`true`}
        for share of ${forumPosts}`)
    ).rows;
    if (!post) throw notFound(POST_NOT_FOUND);
    // Taken back if she has it, added if not: one statement, as her lock lets nobody else change the pair.
    const [toggled] = (
      await tx.execute<{ added: boolean }>(sql`
        with removed as (
          delete from ${forumReactions} where post_id = ${postId} and user_id = ${reader.id} and reaction_type = ${type}
          returning 1
        ), added as (
          insert into ${forumReactions} (post_id, user_id, reaction_type)
          select ${postId}, ${reader.id}, ${type} where not exists (select 1 from removed)
          on conflict do nothing
          returning 1
        )
        select exists (select 1 from added) as added`)
    ).rows;
    if (toggled!.added)
      await notifyReaction(tx, {
        postId,
        reactorId: reader.id,
        authorId: post.author_id,
        title: post.title,
        slug: post.slug,
        level: post.level,
      });
    await syncReactionPoints(tx, { postId, reactorId: reader.id });
    return toggled!.added;
  });
  return { postId, reactionType: type, active, reactions: await reactionSummary(postId, reader) };
}

/** A view counts once per member per topic per hour. Returns the topic's views. */
export async function recordTopicView(topicId: number, reader: Reader): Promise<{ views: number; counted: boolean }> {
  await readableTopic(topicId, reader);
  const result = await db.execute<{ views: number; counted: boolean }>(sql`
    with seen as (
      insert into ${forumTopicViews} (topic_id, user_id) values (${topicId}, ${reader.id})
      on conflict (topic_id, user_id) do update set viewed_at = now()
        where ${forumTopicViews.viewedAt} < now() - interval '1 hour'
      returning 1
    ),
    bumped as (
      update ${forumTopics} set views = views + 1 where id = ${topicId} and exists (select 1 from seen) returning views
    )
    select coalesce((select views from bumped), (select views from ${forumTopics} where id = ${topicId})) as views,
      exists (select 1 from bumped) as counted
  `);
  return result.rows[0]!;
}
