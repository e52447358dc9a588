// GET /api/forum/topics/{id}/posts - a page of the topic's replies, oldest first.
import { SIGNED_IN } from "@/lib/auth/access";
import { idParams } from "@/lib/validation";
import { apiRoute } from "@/server/http/api-route";
import { listReplies, readableTopic } from "@/server/forum";
import { replyListQuerySchema } from "@/features/forum/schemas";

export const GET = apiRoute(
  {
    access: SIGNED_IN,
    params: idParams(),
    query: replyListQuerySchema,
    authorize: async ({ user, params }) => void (await readableTopic(params.id, user)),
  },
  async ({ user, params, query }) => listReplies(params.id, user, query),
);
