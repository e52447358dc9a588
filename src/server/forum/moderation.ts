import "server-only";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { db } from "@/db";
import { forumBlocks, forumPosts, forumReports, forumTopics, users } from "@/db/schema";
import { badRequest, conflict, notFound } from "@/lib/errors";
import { recordAudit } from "@/server/audit";
import { transactionWithEmail } from "@/server/email/outbox";
import { renderEmail } from "@/server/email/render";
import { getSiteSettings } from "@/server/settings";
import { syncReactionPoints } from "@/server/levels";
import { readablePost, type Reader } from "./access";
import { authorColumns } from "./queries";
import { REPORTS_TO_HIDE } from "@/features/forum/schemas";

/**
 * A member reports a reply. Once REPORTS_TO_HIDE different members have open reports on it, it is
 * hidden until an admin restores or removes it.
 */
export async function reportPost(postId: number, reason: string, reader: Reader) {
  const post = await readablePost(postId, reader);
  if (post.userId === reader.id) throw badRequest("You cannot report your own post.");
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(forumReports)
      .values({ postId, reporterId: reader.id, reason })
      .onConflictDoNothing()
      .returning({ id: forumReports.id });
    if (inserted.length === 0) throw conflict("You have already reported this post.");
    const [{ reporters }] = (await tx
      .select({ reporters: sql<number>`count(distinct ${forumReports.reporterId})::int` })
      .from(forumReports)
      .where(and(eq(forumReports.postId, postId), isNull(forumReports.resolvedAt)))) as [{ reporters: number }];
    const hidden = reporters >= REPORTS_TO_HIDE;
    if (hidden)
      await tx
        .update(forumPosts)
        .set({ status: "hidden" })
        .where(and(eq(forumPosts.id, postId), eq(forumPosts.status, "visible")));
    return { reported: true, hidden };
  });
}

/** The moderation queue: replies hidden by reports, then visible ones with open reports. */
export async function listModerationQueue(viewer: SessionUser) {
  assertAccess(viewer, ADMIN);
  const openReports = db
    .select({
      postId: forumReports.postId,
      count: sql<number>`count(*)::int`.as("count"),
      reasons: sql<string[]>`array_agg(${forumReports.reason} order by ${forumReports.createdAt})`.as("reasons"),
      lastReportedAt: sql<Date>`max(${forumReports.createdAt})`.as("last_reported_at"),
    })
    .from(forumReports)
    .where(isNull(forumReports.resolvedAt))
    .groupBy(forumReports.postId)
    .as("open_reports");
  return db
    .select({
      postId: forumPosts.id,
      content: forumPosts.content,
      status: forumPosts.status,
      createdAt: forumPosts.createdAt,
      topic: { title: forumTopics.title, slug: forumTopics.slug },
      author: authorColumns,
      reportCount: openReports.count,
      reasons: openReports.reasons,
    })
    .from(openReports)
    .innerJoin(forumPosts, eq(forumPosts.id, openReports.postId))
    .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
    .innerJoin(users, eq(users.id, forumPosts.userId))
    .where(ne(forumPosts.status, "removed"))
    .orderBy(desc(sql`${forumPosts.status} = 'hidden'`), desc(openReports.lastReportedAt))
    .limit(200);
}
export type QueueItem = Awaited<ReturnType<typeof listModerationQueue>>[number];

/**
 * An admin's decision on a reported reply: restore it (visible again) or remove it. Its open reports
 * are closed; a note, if given, is emailed to the author. Audit-logged.
 */
export async function moderatePost(viewer: SessionUser, postId: number, decision: "restore" | "remove", note: string) {
  assertAccess(viewer, ADMIN);
  const actorId = viewer.id;
  const [post] = await db
    .select({
      id: forumPosts.id,
      content: forumPosts.content,
      email: users.email,
      firstName: users.firstName,
      topicTitle: forumTopics.title,
    })
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.userId))
    .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
    .where(eq(forumPosts.id, postId))
    .limit(1);
  if (!post) throw notFound("Post not found.");
  const settings = note ? await getSiteSettings() : null;
  await transactionWithEmail(async (tx, queueEmail) => {
    await tx
      .update(forumPosts)
      .set({ status: decision === "restore" ? "visible" : "removed" })
      .where(eq(forumPosts.id, postId));
    // A removed reply earns nothing; a restored one earns its reactions' points again.
    await syncReactionPoints(tx, { postId });
    await tx
      .update(forumReports)
      .set({ resolvedAt: sql`now()` })
      .where(and(eq(forumReports.postId, postId), isNull(forumReports.resolvedAt)));
    await recordAudit(
      { actorId, action: `forum.post.${decision}`, entityType: "forum_post", entityId: postId, details: { note } },
      tx,
    );
    if (note && settings) {
      const outcome = decision === "restore" ? "has been reviewed and restored" : "has been removed by a moderator";
      await queueEmail({
        to: post.email,
        kind: "forum-moderation",
        subject: `Your reply in "${post.topicTitle}" ${outcome}`,
        ...renderEmail({
          siteName: settings.siteName,
          heading: `Your reply ${outcome}`,
          paragraphs: [
            `Hi ${post.firstName},`,
            `Your reply in "${post.topicTitle}" ${outcome}.`,
            `A note from the moderators: ${note}`,
          ],
        }),
      });
    }
  });
  return { postId, status: decision === "restore" ? "visible" : "removed" };
}

export async function blockMember(blockedId: number, reader: Reader) {
  if (blockedId === reader.id) throw badRequest("You cannot block yourself.");
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, blockedId)).limit(1);
  if (!target) throw notFound("Member not found.");
  await db.transaction(async (tx) => {
    await tx.insert(forumBlocks).values({ blockerId: reader.id, blockedId }).onConflictDoNothing();
    // Reactions between members one of whom blocked the other earn no points.
    await syncReactionPoints(tx, { between: [reader.id, blockedId] });
  });
  return { blocked: true, userId: blockedId };
}

export async function unblockMember(blockedId: number, reader: Reader) {
  await db.transaction(async (tx) => {
    await tx.delete(forumBlocks).where(and(eq(forumBlocks.blockerId, reader.id), eq(forumBlocks.blockedId, blockedId)));
    await syncReactionPoints(tx, { between: [reader.id, blockedId] });
  });
  return { blocked: false, userId: blockedId };
}

export async function listBlockedMembers(reader: Reader) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      blockedAt: forumBlocks.createdAt,
    })
    .from(forumBlocks)
    .innerJoin(users, eq(users.id, forumBlocks.blockedId))
    .where(eq(forumBlocks.blockerId, reader.id))
    .orderBy(asc(users.firstName));
}
