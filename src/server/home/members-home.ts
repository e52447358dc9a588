import "server-only";
import { and, desc, eq, gt, isNull, or, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { jsonRows } from "@/server/json-rows";
import { contentCategories, contentItems, forumCategories, forumPosts, forumTopics, users } from "@/db/schema";
import type { MembersHome } from "@/features/home/types";
import {
  HOME_COURSES,
  HOME_LIBRARY_ITEMS,
  HOME_LOOKBACK_DAYS,
  HOME_NEW_MEMBERS,
  HOME_TOPICS,
  NEW_MEMBER_WINDOW_DAYS,
} from "@/features/home/schemas";
import type { SessionUser } from "@/lib/auth/session-user";
import { coursesInProgress } from "@/server/courses";
import { categoryReadableBy, notBlockedBy } from "@/server/forum";
import { openToUser, visibleToUser } from "@/server/library";
import { unreadCountsQuery } from "@/server/notifications";
import { onboardingChecklist } from "@/server/onboarding";
import { profileEvents } from "@/server/profiles";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Her last visit as her browser kept it, never further back than the lookback nor in the future. */
export function homeSince(lastVisit: string | undefined, now = new Date()): Date {
  const earliest = new Date(now.getTime() - HOME_LOOKBACK_DAYS * DAY_MS);
  const given = lastVisit ? new Date(lastVisit) : earliest;
  return new Date(Math.min(now.getTime(), Math.max(earliest.getTime(), given.getTime())));
}

export async function membersHome(viewer: SessionUser, lastVisit?: string): Promise<MembersHome> {
  const since = homeSince(lastVisit);
  const [own, events, courses, checklist] = await Promise.all([
    sinceHerLastVisit(viewer, since),
    nextEvents(viewer.id),
    coursesInProgress(viewer, HOME_COURSES),
    onboardingChecklist(viewer),
  ]);
  return { since: since.toISOString(), ...own, ...events, courses, checklist };
}

/**
 * Home's own parts and her unread counts in one statement: topics, library items and members since
 * her last visit, whether she has taken part anywhere, and the counts the navbar shows. Each part is
 * a JSON array of its query's rows (timestamps as PostgreSQL writes them in JSON).
 */
async function sinceHerLastVisit(
  viewer: SessionUser,
  since: Date,
): Promise<Pick<MembersHome, "topics" | "topicsFrom" | "library" | "newMembers" | "unread">> {
  const { rows } = await db.execute<{
    topics: Array<{
      id: number;
      slug: string;
      title: string;
      name: string;
      created_at: string;
      last_post_at: string;
      new_replies: number;
    }>;
    took_part: boolean;
    library: Array<{ id: number; slug: string; title: string; name: string | null; published_at: string }>;
    new_members: Array<{
      id: number;
      first_name: string;
      last_name: string;
      profile_picture: string | null;
      created_at: string;
    }>;
    unread: { unreadCount: number; unreadMessages: number };
  }>(sql`select
    ${jsonRows(topicsSince(viewer, since), sql`found.last_post_at desc, found.id desc`)} as topics,
    exists (${categoriesSheWroteIn(viewer)}) as took_part,
    ${jsonRows(libraryItemsSince(viewer, since), sql`found.published_at desc, found.id desc`)} as library,
    ${jsonRows(membersJoinedThisWeek(viewer.id), sql`found.created_at desc, found.id desc`)} as new_members,
    (select row_to_json(counts) from (${unreadCountsQuery(viewer)}) counts) as unread`);
  const row = rows[0]!;
  return {
    topicsFrom: row.took_part ? "taken-part" : "everywhere",
    topics: row.topics.map((topic) => ({
      id: topic.id,
      slug: topic.slug,
      title: topic.title,
      categoryName: topic.name,
      isNew: new Date(topic.created_at) > since,
      newReplies: topic.new_replies,
      lastPostAt: new Date(topic.last_post_at).toISOString(),
    })),
    library: row.library.map((item) => ({
      slug: item.slug,
      title: item.title,
      categoryName: item.name,
      publishedAt: new Date(item.published_at).toISOString(),
    })),
    newMembers: row.new_members.map((member) => ({
      id: member.id,
      name: `${member.first_name} ${member.last_name}`.trim(),
      profilePicture: member.profile_picture,
    })),
    unread: { notifications: row.unread.unreadCount, messages: row.unread.unreadMessages },
  };
}

/** Visible replies since `since` in a topic, none by members she blocked. */
function newRepliesIn(viewer: SessionUser, since: Date) {
  return sql<number>`(select count(*)::int from ${forumPosts}
    where ${forumPosts.topicId} = ${forumTopics.id} and ${forumPosts.createdAt} > ${since}
      and ${forumPosts.status} = 'visible' and ${notBlockedBy(viewer, forumPosts.userId)})`;
}

/** The categories she has written in: a topic of hers, or a reply. */
function categoriesSheWroteIn(viewer: SessionUser): SQL {
  return sql`select t.category_id from forum_topics t where t.user_id = ${viewer.id}
    union select t.category_id from forum_posts p join forum_topics t on t.id = p.topic_id where p.user_id = ${viewer.id}`;
}

/**
 * Topics with activity since her last visit in the categories she has written in; a member who has not
 * written anywhere yet sees activity in every category her tier opens. Only categories her tier opens,
 * never an archived one, never a topic started by a member she blocked.
 */
function topicsSince(viewer: SessionUser, since: Date) {
  const herCategories = categoriesSheWroteIn(viewer);
  const newReplies = newRepliesIn(viewer, since);
  return db
    .select({
      id: forumTopics.id,
      slug: forumTopics.slug,
      title: forumTopics.title,
      categoryName: forumCategories.name,
      createdAt: forumTopics.createdAt,
      lastPostAt: forumTopics.lastPostAt,
      newReplies: newReplies.as("new_replies"),
    })
    .from(forumTopics)
    .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
    .where(
      and(
        gt(forumTopics.lastPostAt, since),
        categoryReadableBy(viewer),
        isNull(forumCategories.archivedAt),
        notBlockedBy(viewer, forumTopics.userId),
        sql`(not exists (${herCategories}) or ${forumTopics.categoryId} in (${herCategories}))`,
        // News to her: started since, or replied to since by someone she has not blocked (a reply by a
        // blocked member alone moves a topic's last post).
        or(gt(forumTopics.createdAt, since), sql`${newReplies} > 0`),
      ),
    )
    .orderBy(desc(forumTopics.lastPostAt), desc(forumTopics.id))
    .limit(HOME_TOPICS);
}

/** Library items published since her last visit that her tier opens (not teasers of a higher tier's). */
function libraryItemsSince(viewer: SessionUser, since: Date) {
  return db
    .select({
      id: contentItems.id,
      slug: contentItems.slug,
      title: contentItems.title,
      categoryName: contentCategories.name,
      publishedAt: contentItems.publishedAt,
    })
    .from(contentItems)
    .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
    .where(
      and(
        eq(contentItems.status, "published"),
        visibleToUser(viewer),
        openToUser(viewer),
        gt(contentItems.publishedAt, since),
        sql`${contentItems.publishedAt} <= now()`,
      ),
    )
    .orderBy(desc(contentItems.publishedAt), desc(contentItems.id))
    .limit(HOME_LIBRARY_ITEMS);
}

/** Her next event she is going to, and the next two others. */
async function nextEvents(userId: number): Promise<Pick<MembersHome, "goingTo" | "upcoming">> {
  const events = await profileEvents(userId, 3);
  const goingTo = events.find((event) => event.going) ?? null;
  return { goingTo, upcoming: events.filter((event) => event !== goingTo).slice(0, 2) };
}

/** Members who joined this week and agreed to be in the directory, newest first; never herself. */
function membersJoinedThisWeek(viewerId: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(
      and(
        gt(users.createdAt, new Date(Date.now() - NEW_MEMBER_WINDOW_DAYS * DAY_MS)),
        eq(users.hiddenFromDirectory, false),
        isNull(users.disabledAt),
        isNull(users.erasedAt),
        isNull(users.deletionRequestedAt),
        sql`${users.membershipLevel} is not null`,
        sql`${users.id} <> ${viewerId}`,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(HOME_NEW_MEMBERS);
}
