import "server-only";
import { actsAsAdmin } from "@/lib/auth/access";
import { asc, eq, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { contentComments, users } from "@/db/schema";
import { forbidden, notFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session-user";
import { recordAudit } from "@/server/audit";
import { assertCanReadItem } from "./access";
import type { LibraryComment } from "@/features/library/types";

const COMMENTS_SHOWN = 500;

const commentColumns = {
  id: contentComments.id,
  comment: contentComments.comment,
  createdAt: contentComments.createdAt,
  contentId: contentComments.contentId,
  userId: contentComments.userId,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorPicture: users.profilePicture,
};

async function selectComments(where: SQL) {
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

/** Comments of an item, oldest first (GET /api/content/comments?contentId=). */
export const listComments = (contentId: number): Promise<LibraryComment[]> =>
  selectComments(eq(contentComments.contentId, contentId));

export async function addComment(user: SessionUser, input: { contentId: number; comment: string }) {
  await assertCanReadItem(user, input.contentId);
  const [row] = await db
    .insert(contentComments)
    .values({ contentId: input.contentId, userId: user.id, comment: input.comment })
    .returning({ id: contentComments.id });
  const [comment] = await selectComments(eq(contentComments.id, row!.id));
  return comment!;
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

export async function deleteComment(user: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(contentComments)
      .where(eq(contentComments.id, id))
      .returning({ userId: contentComments.userId, contentId: contentComments.contentId });
    if (!row) throw notFound("Comment not found.");
    // A moderator's removal of someone else's comment is kept on record.
    if (row.userId !== user.id)
      await recordAudit(
        {
          actorId: user.id,
          action: "library.comment.delete",
          entityType: "content_comment",
          entityId: id,
          details: { contentId: row.contentId, authorId: row.userId },
        },
        tx,
      );
  });
}
