import "server-only";
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { db } from "@/db";
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
import { unreadCounts } from "@/server/notifications";
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
  const [forum, library, events, newMembers, courses, unread, checklist] = await Promise.all([
    topicsSince(viewer, since),
    libraryItemsSince(viewer, since),
    nextEvents(viewer.id),
    membersJoinedThisWeek(viewer.id),
    coursesInProgress(viewer, HOME_COURSES),
    unreadCounts(viewer),
    onboardingChecklist(viewer),
  ]);
  return {
    since: since.toISOString(),
    ...forum,
    library,
    ...events,
    newMembers,
    courses,
    checklist,
    unread: { notifications: unread.unreadCount, messages: unread.unreadMessages },
  };
}

/** Visible replies since `since` in a topic, none by members she blocked. */
function newRepliesIn(viewer: SessionUser, since: Date) {
  return sql<number>`(select count(*)::int from ${forumPosts}
    where ${forumPosts.topicId} = ${forumTopics.id} and ${forumPosts.createdAt} > ${since}
      and ${forumPosts.status} = 'visible' and ${notBlockedBy(viewer, forumPosts.userId)})`;
}

/**
 * Topics with activity since her last visit in the categories she has written in; a member who has not
 * written anywhere yet sees activity in every category her tier opens. Only categories her tier opens,
 * never an archived one, never a topic started by a member she blocked.
 */
async function topicsSince(viewer: SessionUser, since: Date): Promise<Pick<MembersHome, "topics" | "topicsFrom">> {
  // The categories she has written in: a topic of hers, or a reply.
  const herCategories = sql`select t.category_id from forum_topics t where t.user_id = ${viewer.id}
    union select t.category_id from forum_posts p join forum_topics t on t.id = p.topic_id where p.user_id = ${viewer.id}`;
  // Whether she has written anywhere comes with the topics (one query, PostgreSQL works it out once),
  // and is asked on its own only when there are none.
  const tookPartIn = sql<boolean>`exists (${herCategories})`;
  const newReplies = newRepliesIn(viewer, since);
  const rows = await db
    .select({
      id: forumTopics.id,
      slug: forumTopics.slug,
      title: forumTopics.title,
      categoryName: forumCategories.name,
      createdAt: forumTopics.createdAt,
      lastPostAt: forumTopics.lastPostAt,
      newReplies,
      tookPart: tookPartIn,
    })
    .from(forumTopics)
    .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
    .where(
      and(
        gt(forumTopics.lastPostAt, since),
        categoryReadableBy(viewer),
        isNull(forumCategories.archivedAt),
        notBlockedBy(viewer, forumTopics.userId),
        sql`(not ${tookPartIn} or ${forumTopics.categoryId} in (${herCategories}))`,
        // News to her: started since, or replied to since by someone she has not blocked (a reply by a
        // blocked member alone moves a topic's last post).
        or(gt(forumTopics.createdAt, since), sql`${newReplies} > 0`),
      ),
    )
    .orderBy(desc(forumTopics.lastPostAt), desc(forumTopics.id))
    .limit(HOME_TOPICS);
  const tookPart =
    rows[0]?.tookPart ??
    (await db.select({ tookPart: tookPartIn }).from(sql`(values (1)) as one`))[0]?.tookPart ??
    false;
  return {
    topicsFrom: tookPart ? "taken-part" : "everywhere",
    topics: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      categoryName: row.categoryName,
      isNew: row.createdAt > since,
      newReplies: row.newReplies,
      lastPostAt: row.lastPostAt.toISOString(),
    })),
  };
}

/** Library items published since her last visit that her tier opens (not teasers of a higher tier's). */
async function libraryItemsSince(viewer: SessionUser, since: Date): Promise<MembersHome["library"]> {
  const rows = await db
    .select({
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
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    categoryName: row.categoryName,
    publishedAt: row.publishedAt!.toISOString(),
  }));
}

/** Her next event she is going to, and the next two others. */
async function nextEvents(userId: number): Promise<Pick<MembersHome, "goingTo" | "upcoming">> {
  const events = await profileEvents(userId, 3);
  const goingTo = events.find((event) => event.going) ?? null;
  return { goingTo, upcoming: events.filter((event) => event !== goingTo).slice(0, 2) };
}

/** Members who joined this week and agreed to be in the directory, newest first; never herself. */
async function membersJoinedThisWeek(viewerId: number): Promise<MembersHome["newMembers"]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
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
  return rows.map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    profilePicture: row.profilePicture,
  }));
}
