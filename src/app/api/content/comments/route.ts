// GET|POST /api/content/comments - an item's comments (?contentId=), and add one to an item she may read.
import { MEMBER } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { assertCanReadItem } from "@/server/library/access";
import { addComment, listComments } from "@/server/library/comments";
import { commentInputSchema, commentsQuerySchema } from "@/features/library/schemas";

export const GET = apiRoute({ access: MEMBER, query: commentsQuerySchema }, async ({ user, query }) => {
  await assertCanReadItem(user, query.contentId);
  return listComments(query.contentId);
});

export const POST = apiRoute({ access: MEMBER, body: commentInputSchema }, async ({ user, body }) => created(await addComment(user, body)));
