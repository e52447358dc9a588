import "server-only";
import { keysetPage } from "@/server/pagination";
import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { memberLevelColumn } from "@/server/levels";
import { forumCategories, forumPosts, forumReactions, forumTopics, users } from "@/db/schema";
import { REACTION_TYPES, type ReactionType } from "@/features/forum/constants";
import { notFound } from "@/lib/errors";
import { cookMarkdown } from "@/lib/markdown/cook";
import { encodeCursor } from "@/lib/validation";
import { categoryReadableBy, notBlockedBy, TOPIC_NOT_FOUND, type Reader } from "./access";
import { previewOf } from "./plain-text";
import {
  REPLY_PAGE_SIZE,
  TOPIC_PAGE_SIZE,
  TOPIC_PREVIEW_LENGTH,
  type ReplyCursor,
  type TopicCursor,
} from "@/features/forum/schemas";
import type { ForumCategory, ReactionSummary, Reply, TopicDetail, TopicSummary } from "@/features/forum/types";

/**
 * What the forum shows of a member: her public profile (not ids), her bio only
 * where she shows it to members, as on her profile.
 */
export const authorColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePicture: users.profilePicture,
  membershipLevel: users.membershipLevel,
  bio: sql<string | null>`case when ${users.bioVisibility} = 'members' then nullif(${users.bio}, '') end`,
  memberSince: users.memberSince,
  pointsLevel: memberLevelColumn(users.id),
};

export const categoryColumns = {
  id: forumCategories.id,
  name: forumCategories.name,
  slug: forumCategories.slug,
  description: forumCategories.description,
  icon: forumCategories.icon,
  color: forumCategories.color,
  isPrivate: forumCategories.isPrivate,
  requiredMembershipLevel: forumCategories.requiredMembershipLevel,
  position: forumCategories.position,
  archived: sql<boolean>`${forumCategories.archivedAt} is not null`,
};

/**
 * Categories with their topic counts and whether the reader's tier opens each (`locked`; none is for
 * an admin's list). `where` narrows them.
 */
export function selectCategoriesWithCounts(reader?: Reader) {
  const topicCounts = db
    .select({ categoryId: forumTopics.categoryId, n: count().as("n") })
    .from(forumTopics)
    .groupBy(forumTopics.categoryId)
    .as("topic_counts");
  const readable = reader ? categoryReadableBy(reader) : undefined;
  return db
    .select({
      ...categoryColumns,
      topicCount: sql<number>`coalesce(${topicCounts.n}, 0)::int`,
      locked: readable ? sql<boolean>`not (${readable})` : sql<boolean>`false`,
    })
    .from(forumCategories)
    .leftJoin(topicCounts, eq(topicCounts.categoryId, forumCategories.id));
}

/**
 * The categories of the forum, active ones first, in the admins' order. Those above the reader's tier
 * come `locked`, as the library's do: their name, description and topic count show what an
 * upgrade opens, never a topic. Archived ones she cannot read are left out.
 */
export async function listCategories(reader: Reader): Promise<ForumCategory[]> {
  return selectCategoriesWithCounts(reader)
    .where(or(categoryReadableBy(reader), isNull(forumCategories.archivedAt)))
    .orderBy(sql`${forumCategories.archivedAt} is not null`, asc(forumCategories.position), asc(forumCategories.id));
}

/** A category by its address; one above her tier comes `locked`, and its topics are not hers to list. */
export async function getCategoryBySlug(slug: string, reader: Reader) {
  const [row] = await selectCategoriesWithCounts(reader)
    .where(and(eq(forumCategories.slug, slug), or(categoryReadableBy(reader), isNull(forumCategories.archivedAt))))
    .limit(1);
  if (!row) throw notFound("Category not found.");
  return row;
}

const visibleReplyCount = sql<number>`(select count(*)::int from ${forumPosts} where ${forumPosts.topicId} = ${forumTopics.id} and ${forumPosts.status} = 'visible')`;

const topicSummaryColumns = {
  id: forumTopics.id,
  title: forumTopics.title,
  slug: forumTopics.slug,
  // Enough of the Markdown for the preview's plain text (previewOf), without reading a whole long post.
  preview: sql<string>`left(${forumTopics.content}, ${TOPIC_PREVIEW_LENGTH * 8})`,
  userId: forumTopics.userId,
  categoryId: forumTopics.categoryId,
  views: forumTopics.views,
  isPinned: forumTopics.isPinned,
  isLocked: forumTopics.isLocked,
  createdAt: forumTopics.createdAt,
  lastPostAt: forumTopics.lastPostAt,
  replyCount: visibleReplyCount,
  category: { slug: forumCategories.slug, name: forumCategories.name },
  user: authorColumns,
  // Full precision (microseconds) for the keyset cursor; a JS Date would round it.
  sortKey: sql<string>`${forumTopics.lastPostAt}::text`,
};

/**
 * Pinned first, then newest activity, id breaking ties. NULLS LAST (the columns are never null) to
 * match the indexes drizzle writes as DESC NULLS LAST: with PostgreSQL's default (NULLS FIRST for
 * DESC) the planner cannot walk them and sorts every readable topic instead.
 */
const NEWEST_ACTIVITY_FIRST = [
  sql`${forumTopics.isPinned} desc nulls last`,
  sql`${forumTopics.lastPostAt} desc nulls last`,
  sql`${forumTopics.id} desc nulls last`,
];

/**
 * One page of topics (keyset: pinned first, then newest activity), only in categories the reader may
 * read and without those of members she blocked. `nextCursor` is null on the last page.
 */
export async function listTopics(
  reader: Reader,
  options: { categoryId?: number; after?: TopicCursor; limit?: number } = {},
): Promise<{ topics: TopicSummary[]; nextCursor: string | null }> {
  const limit = options.limit ?? TOPIC_PAGE_SIZE;
  const cursor = options.after;
  const conditions: (SQL | undefined)[] = [categoryReadableBy(reader), notBlockedBy(reader, forumTopics.userId)];
  if (options.categoryId) conditions.push(eq(forumTopics.categoryId, options.categoryId));
  if (cursor)
    conditions.push(
      sql`(${forumTopics.isPinned}, ${forumTopics.lastPostAt}, ${forumTopics.id}) < (${cursor[0]}, ${cursor[1]}::timestamptz, ${cursor[2]})`,
    );
  const rows = await db
    .select(topicSummaryColumns)
    .from(forumTopics)
    .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
    .innerJoin(users, eq(users.id, forumTopics.userId))
    .where(and(...conditions))
    .orderBy(...NEWEST_ACTIVITY_FIRST)
    .limit(limit + 1);
  const { page, next } = keysetPage(rows, limit, (last) => encodeCursor([last.isPinned, last.sortKey, last.id]));
  return {
    topics: page.map(({ sortKey: _sortKey, preview, ...topic }) => ({
      ...topic,
      preview: previewOf(preview, TOPIC_PREVIEW_LENGTH),
    })),
    nextCursor: next,
  };
}

/** A topic by its slug, if the reader may read it (404 otherwise, as for a missing one). */
export async function getTopicBySlug(slug: string, reader: Reader): Promise<TopicDetail> {
  const [row] = await db
    .select({
      id: forumTopics.id,
      title: forumTopics.title,
      slug: forumTopics.slug,
      content: forumTopics.content,
      contentHtml: forumTopics.contentHtml,
      userId: forumTopics.userId,
      categoryId: forumTopics.categoryId,
      views: forumTopics.views,
      isPinned: forumTopics.isPinned,
      isLocked: forumTopics.isLocked,
      createdAt: forumTopics.createdAt,
      updatedAt: forumTopics.updatedAt,
      replyCount: visibleReplyCount,
      category: {
        id: forumCategories.id,
        slug: forumCategories.slug,
        name: forumCategories.name,
        archived: sql<boolean>`${forumCategories.archivedAt} is not null`,
      },
      user: authorColumns,
    })
    .from(forumTopics)
    .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
    .innerJoin(users, eq(users.id, forumTopics.userId))
    .where(and(eq(forumTopics.slug, slug), categoryReadableBy(reader), notBlockedBy(reader, forumTopics.userId)))
    .limit(1);
  if (!row) throw notFound(TOPIC_NOT_FOUND);
  const { contentHtml, ...topic } = row;
  return { ...topic, html: cooked(contentHtml, topic.content) };
}

/** A post's HTML as cooked when written; an older row the background backfill (the forum.cook job) has not reached yet is cooked here. */
function cooked(html: string | null, markdown: string): string {
  return html ?? cookMarkdown(markdown);
}

async function reactionsFor(postIds: number[], reader: Reader): Promise<Map<number, ReactionSummary>> {
  const summaries = new Map<number, ReactionSummary>();
  for (const id of postIds)
    summaries.set(
      id,
      Object.fromEntries(REACTION_TYPES.map((type) => [type, { count: 0, mine: false }])) as ReactionSummary,
    );
  if (postIds.length === 0) return summaries;
  const rows = await db
    .select({
      postId: forumReactions.postId,
      type: forumReactions.reactionType,
      count: sql<number>`count(*)::int`,
      mine: sql<boolean>`bool_or(${forumReactions.userId} = ${reader.id})`,
    })
    .from(forumReactions)
    .where(inArray(forumReactions.postId, postIds))
    .groupBy(forumReactions.postId, forumReactions.reactionType);
  for (const row of rows) summaries.get(row.postId)![row.type as ReactionType] = { count: row.count, mine: row.mine };
  return summaries;
}

/**
 * One page of a topic's visible replies, oldest first, without those of members the reader blocked.
 * The caller has checked that the reader may read the topic (readableTopic).
 */
export async function listReplies(
  topicId: number,
  reader: Reader,
  options: { after?: ReplyCursor; limit?: number } = {},
): Promise<{ posts: Reply[]; nextCursor: string | null }> {
  const limit = options.limit ?? REPLY_PAGE_SIZE;
  const cursor = options.after;
  const rows = await db
    .select({
      id: forumPosts.id,
      content: forumPosts.content,
      contentHtml: forumPosts.contentHtml,
      topicId: forumPosts.topicId,
      parentId: forumPosts.parentId,
      userId: forumPosts.userId,
      createdAt: forumPosts.createdAt,
      isEdited: forumPosts.isEdited,
      editedAt: forumPosts.editedAt,
      user: authorColumns,
      sortKey: sql<string>`${forumPosts.createdAt}::text`,
    })
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.userId))
    .where(
      and(
        eq(forumPosts.topicId, topicId),
        eq(forumPosts.status, "visible"),
        notBlockedBy(reader, forumPosts.userId),
        cursor
          ? sql`(${forumPosts.createdAt}, ${forumPosts.id}) > (${cursor[0]}::timestamptz, ${cursor[1]})`
          : undefined,
      ),
    )
    .orderBy(asc(forumPosts.createdAt), asc(forumPosts.id))
    .limit(limit + 1);
  const { page, next } = keysetPage(rows, limit, (last) => encodeCursor([last.sortKey, last.id]));
  const reactions = await reactionsFor(
    page.map((row) => row.id),
    reader,
  );
  return {
    posts: page.map(({ sortKey: _sortKey, contentHtml, ...post }) => ({
      ...post,
      html: cooked(contentHtml, post.content),
      reactions: reactions.get(post.id)!,
    })),
    nextCursor: next,
  };
}

/** Reaction counts of one post after a toggle. */
export async function reactionSummary(postId: number, reader: Reader): Promise<ReactionSummary> {
  return (await reactionsFor([postId], reader)).get(postId)!;
}

/** Categories that take new topics (for the New Topic form): readable and not archived. */
export async function listPostableCategories(reader: Reader) {
  return db
    .select({ id: forumCategories.id, name: forumCategories.name })
    .from(forumCategories)
    .where(and(categoryReadableBy(reader), isNull(forumCategories.archivedAt)))
    .orderBy(asc(forumCategories.position), asc(forumCategories.id));
}
