// GET|POST /api/content/comments - an item's comments (?contentId=), and add one to an item she may read.
import { SIGNED_IN } from "@/lib/auth/access";
import { apiRoute, created } from "@/server/http/api-route";
import { assertCanReadItem } from "@/server/library/access";
import { addComment, listComments } from "@/server/library/comments";
import { commentInputSchema, commentsQuerySchema } from "@/features/library/schemas";

export const GET = apiRoute({ access: SIGNED_IN, query: commentsQuerySchema }, async ({ user, query }) => {
  await assertCanReadItem(user, query.contentId);
  return listComments(query.contentId);
});

export const POST = apiRoute({ access: SIGNED_IN, body: commentInputSchema }, async ({ user, body }) =>
  created(await addComment(user, body)),
);
