import "server-only";
import { actsAsAdmin } from "@/lib/auth/access";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { contentComments, users } from "@/db/schema";
import { forbidden, notFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session-user";
import { recordAudit } from "@/server/audit";
import { assertCanReadItem } from "./access";
import type { LibraryComment } from "@/features/library/types";

// The one comment system (docs/decisions/054-course-discussion-and-admin.md): a library item's
// comments and a course lesson's discussion are rows of content_comments, each with one target, written,
// listed and deleted (her own, or any by a moderator, on record) here. Who may read a target is its
// feature's rule, given as SQL that every read and write holds in its WHERE clause.

const COMMENTS_SHOWN = 500;

/** What a comment is under: a library item or a course lesson. */
export type CommentTarget = { contentId: number } | { lessonId: number };

const targetIs = (target: CommentTarget): SQL =>
  "contentId" in target
    ? eq(contentComments.contentId, target.contentId)
    : eq(contentComments.lessonId, target.lessonId);

const commentColumns = {
  id: contentComments.id,
  comment: contentComments.comment,
  createdAt: contentComments.createdAt,
  userId: contentComments.userId,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorPicture: users.profilePicture,
};

async function selectComments(where: SQL | undefined) {
  const rows = await db
    .select(commentColumns)
    .from(contentComments)
    .innerJoin(users, eq(users.id, contentComments.userId))
    .where(where)
    .orderBy(asc(contentComments.createdAt), asc(contentComments.id))
    .limit(COMMENTS_SHOWN);
  return rows.map(({ authorFirstName, authorLastName, authorPicture, ...row }) => ({
    ...row,
    author: { id: row.userId, firstName: authorFirstName, lastName: authorLastName, profilePicture: authorPicture },
  }));
}

/**
 * A target's comments, oldest first, where `open` (SQL true when the reader may read the target) holds
 * in the WHERE clause: a target she may not read answers none.
 */
export const listCommentsOf = (target: CommentTarget, open: SQL) => selectComments(and(targetIs(target), open));

/**
 * Adds her comment to a target, written only where `open` holds (insert ... select ... where): a
 * target she may not read gets nothing, and answers null.
 */
export async function addCommentTo(user: SessionUser, target: CommentTarget, comment: string, open: SQL) {
  const contentId = "contentId" in target ? target.contentId : null;
  const lessonId = "lessonId" in target ? target.lessonId : null;
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into ${contentComments} (content_id, lesson_id, user_id, comment)
    select ${contentId}::int, ${lessonId}::int, ${user.id}, ${comment} where ${open}
    returning id`);
  if (!rows[0]) return null;
  const [row] = await selectComments(eq(contentComments.id, rows[0].id));
  return row!;
}

/** Comments of an item, oldest first (GET /api/content/comments?contentId=; its route checks she may read it). */
export async function listComments(contentId: number): Promise<LibraryComment[]> {
  const rows = await listCommentsOf({ contentId }, sql`true`);
  return rows.map((row) => ({ ...row, contentId }));
}

export async function addComment(user: SessionUser, input: { contentId: number; comment: string }) {
  await assertCanReadItem(user, input.contentId);
  const comment = await addCommentTo(user, { contentId: input.contentId }, input.comment, sql`true`);
  if (!comment) throw notFound("Content not found.");
  return { ...comment, contentId: input.contentId };
}

/** Her own comment, or any comment for an admin; 404 for one that does not exist. */
export async function assertCanDeleteComment(user: SessionUser, id: number): Promise<void> {
  const [row] = await db
    .select({ userId: contentComments.userId })
    .from(contentComments)
    .where(eq(contentComments.id, id))
    .limit(1);
  if (!row) throw notFound("Comment not found.");
  if (row.userId !== user.id && !actsAsAdmin(user)) throw forbidden("You can only delete your own comments.");
}

/** Deletes a comment of either target (DELETE /api/content/comments/{id}); a moderator's removal is audited. */
export async function deleteComment(user: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(contentComments).where(eq(contentComments.id, id)).returning({
      userId: contentComments.userId,
      contentId: contentComments.contentId,
      lessonId: contentComments.lessonId,
    });
    if (!row) throw notFound("Comment not found.");
    // A moderator's removal of someone else's comment is kept on record.
    if (row.userId !== user.id)
      await recordAudit(
        {
          actorId: user.id,
          action: row.lessonId === null ? "library.comment.delete" : "course.comment.delete",
          entityType: "content_comment",
          entityId: id,
          details:
            row.lessonId === null
              ? { contentId: row.contentId, authorId: row.userId }
              : { lessonId: row.lessonId, authorId: row.userId },
        },
        tx,
      );
  });
}
